import { useEffect, useRef, type RefObject } from 'react';
import { focusFallbackIn, focusFallbackUnlessInside } from '../components/focus-fallback';
import { isTypingTarget } from '../features/keyboard/dispatch';
import { useNarrowStore } from '../state/narrow';

/** Set by a shortcut, the quick switcher or a dialog that opens a conversation or view; cleared by the next key. */
let requestedByKeyboard = false;

/**
 * The conversation or view a keyboard command is opening takes the keyboard once shown (`n`, the
 * quick switcher, `t`...): pressed from the sidebar, End and the page keys would move the sidebar.
 */
export function viewTakesFocusOnOpen(): void {
  requestedByKeyboard = true;
}

/**
 * Opens a conversation or view from the keyboard (`t`, `Shift+I`, `a`...); it takes the keyboard
 * once shown. Asked for the one already shown, nothing opens: it takes the keyboard at once
 * (unless the keyboard is in it already), so `t` on Recent conversations from the top bar puts the
 * keyboard on its rows.
 */
export function openFromKeyboard(open: () => void): void {
  const before = useNarrowStore.getState();
  viewTakesFocusOnOpen();
  open();
  const after = useNarrowStore.getState();
  if (after.narrow !== before.narrow || after.view !== before.view) return;
  requestedByKeyboard = false;
  focusFallbackUnlessInside();
}

/**
 * A conversation opened by a click in the sidebar takes the keyboard: focus moves from the
 * clicked item to the view (its feed takes it from there once open), so End, Home and the page
 * keys move the messages, not the sidebar. One opened from the keyboard (Tab to an item, Enter)
 * leaves focus in the sidebar, where the person is going through the list; one opened by a
 * keyboard command (`viewTakesFocusOnOpen`) gives it to the view wherever it was.
 */
export function useViewTakesFocusAfterClick(
  sidebar: RefObject<HTMLElement | null>,
  view: RefObject<HTMLElement | null>,
): void {
  const narrow = useNarrowStore((s) => s.narrow);
  const homeView = useNarrowStore((s) => s.view);
  const byPointer = useRef(false);
  useEffect(() => {
    // On the document: the sidebar is drawn only once the session is in.
    const pointer = (e: Event) => (byPointer.current = !!sidebar.current?.contains(e.target as Node));
    const keyboard = () => {
      byPointer.current = false;
      requestedByKeyboard = false;
    };
    document.addEventListener('pointerdown', pointer, true);
    document.addEventListener('keydown', keyboard, true);
    return () => {
      document.removeEventListener('pointerdown', pointer, true);
      document.removeEventListener('keydown', keyboard, true);
    };
  }, [sidebar]);
  useEffect(() => {
    const active = document.activeElement;
    const requested = requestedByKeyboard;
    requestedByKeyboard = false;
    if (
      (byPointer.current && active && sidebar.current?.contains(active)) ||
      (requested && !isTypingTarget(active))
    )
      // Its list, when it has one drawn already (the Inbox, Recent conversations): that list's own
      // effects ran before this one, while the focus was still where the key was pressed.
      if (view.current) focusFallbackIn(view.current);
  }, [narrow, homeView, sidebar, view]);
}

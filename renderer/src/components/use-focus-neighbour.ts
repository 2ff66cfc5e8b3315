import { useLayoutEffect, type RefObject } from 'react';

const FOCUS_RESTING_PLACES = '[aria-modal="true"], [data-focus-fallback]';
const CONTROL = 'button:not([disabled]), a[href], input:not([disabled]), textarea:not([disabled])';

/**
 * When this item leaves the page with the focus (a draft or snippet deleted), the focus goes to
 * the first control of the item after it, else of the one before it: the keyboard stays in the
 * list instead of falling back to the page. "With the focus" includes a focus the item dropped on
 * its way out (a button disabled while the deletion ran). Without neighbours, it goes to
 * `otherwise` (the field a list of files belongs to), if given and still in the page. When the
 * whole list goes (its screen closed), nothing is done: the neighbours are gone too.
 */
export function useFocusNeighbourOnRemoval(
  ref: RefObject<HTMLElement | null>,
  otherwise?: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const item = ref.current;
    if (!item) return;
    let dropped = false;
    const onFocusOut = (event: FocusEvent) => (dropped = event.relatedTarget === null);
    const onFocusIn = () => (dropped = false);
    item.addEventListener('focusout', onFocusOut);
    item.addEventListener('focusin', onFocusIn);
    return () => {
      item.removeEventListener('focusout', onFocusOut);
      item.removeEventListener('focusin', onFocusIn);
      // React runs this before it takes the item out, so what had the focus is still known here.
      const active = document.activeElement;
      const hadFocus = item.contains(active) || (dropped && !!active?.matches(FOCUS_RESTING_PLACES));
      if (!hadFocus) return;
      const neighbours = [item.nextElementSibling, item.previousElementSibling];
      // Once the removal is done: only a neighbour still in the page takes the focus.
      queueMicrotask(() => {
        const now = document.activeElement;
        if (now !== null && now !== document.body && now !== active && !now.matches(FOCUS_RESTING_PLACES))
          return;
        for (const neighbour of neighbours) {
          const control = neighbour?.isConnected ? neighbour.querySelector<HTMLElement>(CONTROL) : null;
          if (control) {
            control.focus();
            return;
          }
        }
        const field = fieldOf(otherwise);
        if (field?.isConnected) field.focus();
      });
    };
  }, [ref, otherwise]);
}

/** The element a ref holds now: read when the removal is done, after the item's own cleanup. */
function fieldOf(ref: RefObject<HTMLElement | null> | undefined): HTMLElement | null {
  return ref?.current ?? null;
}

import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { focusFallback, keepTabInside } from './focus-fallback';
import { holdsText } from './holds-text';
import { takeTypedAhead } from './type-ahead';

/** Whether the element's content is taller than it (it scrolls), kept current as either changes. */
function useScrolls(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setScrolls(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    const mutations = new MutationObserver(() => {
      for (const child of el.children) observer.observe(child);
      measure();
    });
    mutations.observe(el, { childList: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [ref]);
  return scrolls;
}

/**
 * A modal dialog: Esc (anywhere) and the backdrop close it, focus moves into it and returns on
 * close: to what had it, or, when that is gone (a row scrolled away, a menu closed, another
 * conversation opened), to the innermost of the page's fallbacks (`data-focus-fallback`: the
 * message feed, else the center pane), so focus is never dropped on the page's body. Tab goes
 * round inside it. A body taller than the dialog is a tab stop of its own, so arrows and Page Down
 * scroll it; it takes the focus when nothing else in the dialog has. With `unsaved` work in it, a click on the backdrop does nothing, and Esc in a
 * field with text leaves the field (the text stays); the next Esc closes it.
 */
export function Dialog({
  title,
  onClose,
  children,
  testId,
  wide = false,
  unsaved = false,
  atTop = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
  /** The dialog holds changes not yet saved, which a stray click or key must not throw away. */
  unsaved?: boolean;
  /** Placed near the window's top instead of its middle: it keeps its place as its content changes height. */
  atTop?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(body);
  useEffect(() => {
    if (scrolls && document.activeElement === ref.current) body.current?.focus();
  }, [scrolls]);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>(
      'input:not([readonly]), textarea:not([readonly]), select, button:not(.dialog-close), [tabindex="0"]',
    );
    (first ?? ref.current)?.focus();
    // What was typed while the dialog's code loaded goes on in its field.
    takeTypedAhead(first ?? null);
    return () => {
      if (previous?.isConnected) previous.focus();
      else focusFallback();
    };
  }, []);
  // Esc closes from anywhere, also when focus fell back to the page (e.g. a button got disabled).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (unsaved && holdsText(e.target) && ref.current?.contains(e.target as Node)) ref.current.focus();
      else onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, unsaved]);
  return (
    <div
      className={atTop ? 'dialog-backdrop at-top' : 'dialog-backdrop'}
      onMouseDown={(e) => {
        if (e.target !== e.currentTarget) return;
        // With unsaved work the click does nothing, not even take the focus out of the dialog.
        if (unsaved) e.preventDefault();
        else onClose();
      }}
    >
      <div
        ref={ref}
        className={wide ? 'dialog dialog-wide' : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid={testId}
        tabIndex={-1}
        onKeyDown={(e) => keepTabInside(e, ref.current)}
      >
        <header className="dialog-header">
          <h2>{title}</h2>
          <button type="button" className="dialog-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <div
          ref={body}
          className="dialog-body"
          {...(scrolls && { tabIndex: 0, role: 'region', 'aria-label': title })}
        >
          {children}
        </div>
      </div>
    </div>
  );
}

/** The footer of a dialog's form: Cancel, and the submit button that says when it is working. */
export function FormActions({
  onCancel,
  submitLabel,
  pendingLabel,
  pending,
  disabled = false,
  testId,
  sticky = false,
  error = null,
  errorTestId,
}: {
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  testId: string;
  /** Stays in view at the bottom of a long form. */
  sticky?: boolean;
  /** Why the last submit failed, shown above the buttons: where the eyes are after pressing one. */
  error?: string | null;
  errorTestId?: string;
}) {
  return (
    <div className={sticky ? 'dialog-actions sticky' : 'dialog-actions'}>
      {error !== null && (
        <p className="form-error" role="alert" data-testid={errorTestId}>
          {error}
        </p>
      )}
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" data-testid={testId} disabled={disabled || pending}>
        {pending ? pendingLabel : submitLabel}
      </button>
    </div>
  );
}

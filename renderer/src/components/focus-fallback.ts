/**
 * Moves focus to the innermost of the page's fallbacks (`data-focus-fallback`: the message feed, a
 * home view's list, else the center pane), so the keyboard shortcuts work at once and focus is never left on nothing.
 */
export function focusFallback(): void {
  innermostFallback()?.focus({ preventScroll: true });
}

/** As `focusFallback`, unless the focus is in that fallback already (on a message, a row). */
export function focusFallbackUnlessInside(): void {
  const fallback = innermostFallback();
  if (fallback && !fallback.contains(document.activeElement)) fallback.focus({ preventScroll: true });
}

/** Gives the focus to the innermost fallback in `view` (a home view's list), else to `view` itself. */
export function focusFallbackIn(view: HTMLElement): void {
  (innermostFallback(view) ?? view).focus({ preventScroll: true });
}

function innermostFallback(root: ParentNode = document): HTMLElement | null {
  const fallbacks = root.querySelectorAll<HTMLElement>('[data-focus-fallback]');
  return fallbacks[fallbacks.length - 1] ?? null;
}

/** The innermost open modal (a dialog, the settings screen): focus that is lost stays inside it. */
function openModal(): HTMLElement | null {
  const modals = document.querySelectorAll<HTMLElement>('[aria-modal="true"]');
  return modals[modals.length - 1] ?? null;
}

/**
 * Catches focus the page dropped: when the focused element leaves the page (a conversation
 * replaced, a row scrolled away) or is disabled (a button while it works), the browser puts focus
 * on the body, where Tab starts again from the top and a modal's keys no longer reach it. Focus
 * goes instead to the open modal, else to the innermost fallback, and a control disabled while it
 * works gets it back once enabled (a refused save, a resend done), so the person goes on from where
 * they were. Focus the user moved away (a click on empty space) is left alone. Returns the
 * listener's removal.
 */
export function rescueDroppedFocus(): () => void {
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget !== null) return;
    const lost = event.target;
    if (!(lost instanceof HTMLElement)) return;
    const disabled = (lost as HTMLButtonElement).disabled === true;
    // Once the task that dropped it is over (the whole commit that removed or disabled it), and
    // before the next key is handled: a timer let a Tab typed just then start from where the
    // removed control was, on a row drawn out of view, and throw the view there.
    queueMicrotask(() => {
      if (document.activeElement !== document.body && document.activeElement !== null) return;
      // Its work may be over already (a quick refusal): it is enabled again, and takes focus back.
      if (disabled && lost.isConnected && !isDisabled(lost)) {
        lost.focus({ preventScroll: true });
        return;
      }
      const dropped = !lost.isConnected || isDisabled(lost);
      if (!dropped) return;
      const modal = openModal();
      if (modal) modal.focus({ preventScroll: true });
      else focusFallback();
      if (lost.isConnected) returnWhenEnabled(lost);
    });
  };
  document.addEventListener('focusout', onFocusOut);
  return () => document.removeEventListener('focusout', onFocusOut);
}

function isDisabled(element: HTMLElement): boolean {
  return (element as HTMLButtonElement).disabled === true;
}

/**
 * Gives focus back to `control` when it is enabled again, if focus is still where the rescue put it:
 * any focus moved meanwhile (by the person, or by the screen to a better place) ends the wait.
 */
function returnWhenEnabled(control: HTMLElement): void {
  const holder = document.activeElement;
  const observer = new MutationObserver(() => {
    if (isDisabled(control)) return;
    stop();
    const waiting = document.activeElement === holder || document.activeElement === document.body;
    if (waiting && control.isConnected) control.focus({ preventScroll: true });
  });
  const stop = () => {
    observer.disconnect();
    document.removeEventListener('focusin', stop);
  };
  observer.observe(control, { attributes: true, attributeFilter: ['disabled'] });
  document.addEventListener('focusin', stop);
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls inside `root` that Tab reaches, in document order (only those drawn). */
export function tabbableIn(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0,
  );
}

/**
 * Tab from a modal's last control goes to its first, Shift+Tab from its first to its last: the
 * keyboard stays in the modal (the page behind it cannot be used while it is open).
 */
export function keepTabInside(
  event: { key: string; shiftKey: boolean; preventDefault(): void },
  box: HTMLElement | null,
): void {
  if (event.key !== 'Tab' || !box) return;
  const controls = tabbableIn(box);
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    box.focus();
  } else if (!event.shiftKey && (active === last || active === box)) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && (active === first || active === box)) {
    event.preventDefault();
    last.focus();
  }
}

/**
 * Whether the focus is waiting for `element` to take it: on nothing, on the page's body, or on one
 * of the page's fallbacks (`data-focus-fallback`) around it, as after the view before it went away.
 * Not when the person is somewhere (a field, the sidebar), nor when `element` already has it.
 */
export function focusWaitingFor(element: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return true;
  return (
    active !== element &&
    active instanceof HTMLElement &&
    active.hasAttribute('data-focus-fallback') &&
    active.contains(element)
  );
}

/**
 * Gives `element` the focus a closing form or a finished action dropped: focus on nothing, or on
 * the open modal or a fallback around it (where rescueDroppedFocus puts it). As a ref, for the
 * control that comes back when a form closes (the button that opened it); the person's own place
 * (a field, the section list) is left alone.
 */
export function takeDroppedFocus(element: HTMLElement | null): void {
  if (!element) return;
  const active = document.activeElement;
  const holder =
    active instanceof HTMLElement &&
    active !== element &&
    (active.hasAttribute('data-focus-fallback') || active.getAttribute('aria-modal') === 'true') &&
    active.contains(element);
  if (!active || active === document.body || holder) element.focus({ preventScroll: true });
}

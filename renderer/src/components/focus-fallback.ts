/**
 * Moves focus to the innermost of the page's fallbacks (`data-focus-fallback`: the message feed,
 * else the center pane), so the keyboard shortcuts work at once and focus is never left on nothing.
 */
export function focusFallback(): void {
  const fallbacks = document.querySelectorAll<HTMLElement>('[data-focus-fallback]');
  fallbacks[fallbacks.length - 1]?.focus({ preventScroll: true });
}

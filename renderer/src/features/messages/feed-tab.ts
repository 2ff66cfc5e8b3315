import { tabbableIn } from '../../components/focus-fallback';

/**
 * Tab inside the message feed: every drawn row holds links and action buttons, most of them rows
 * drawn just outside the view, so the browser's own order sent focus (and the view) to a row
 * nobody was looking at. Here Tab visits only the feed's own controls, the selected message's and
 * those of the row that has the focus, then leaves the feed for what follows it on the page;
 * Shift+Tab goes back the same way. Returns whether it moved the focus.
 */
export function tabWithinFeed(
  event: KeyboardEvent,
  feed: HTMLElement | null,
  selectedId: number | null,
): boolean {
  if (event.key !== 'Tab' || event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey)
    return false;
  const active = document.activeElement;
  if (!feed || !(active instanceof HTMLElement) || !feed.contains(active)) return false;
  const focusedRow = active.closest('[data-message-id]');
  const allowed = tabbableIn(feed).filter((element) => {
    const row = element.closest('[data-message-id]');
    return row === null || row === focusedRow || row.getAttribute('data-message-id') === String(selectedId);
  });
  const order = [feed, ...allowed];
  const at = order.indexOf(active);
  if (event.shiftKey) {
    // From the feed itself the browser's order is right: what comes before it is outside.
    if (at <= 0) return false;
    order[at - 1]!.focus();
  } else {
    const next = at >= 0 ? order[at + 1] : undefined;
    const target = next ?? firstAfter(feed);
    if (!target) return false;
    target.focus();
  }
  event.preventDefault();
  return true;
}

/**
 * Where Tab goes from the feed: the compose box's text field when it follows (where one types next;
 * its mode tabs and formatting buttons are passed over, Shift+Tab from the field reaches them), or
 * in a channel view its topic field while that is empty (a message there needs a topic first);
 * else the first control after the feed on the page.
 */
function firstAfter(feed: HTMLElement): HTMLElement | undefined {
  const after = tabbableIn(document).filter(
    (element) =>
      !feed.contains(element) &&
      (feed.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
  );
  const topic = after.find((element) => element.matches('[data-testid="compose-topic"]'));
  if (topic instanceof HTMLInputElement && topic.value === '') return topic;
  return after.find((element) => element.matches('[data-testid="compose-input"]')) ?? after[0];
}

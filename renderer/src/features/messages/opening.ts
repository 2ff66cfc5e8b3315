import type { Message } from '../../api/model';
import type { FeedAnchor, Narrow } from '../../api/narrow';

/**
 * What the first page of a feed is asked for around: the message asked for, else the first unread;
 * search results open at the newest match, as in the real service (a search looks something up, it
 * does not resume reading).
 */
export function openingAnchor(narrow: Narrow, anchor: FeedAnchor): number | 'newest' | 'first_unread' {
  if (anchor !== null) return anchor;
  return narrow.kind === 'search' ? 'newest' : 'first_unread';
}

export interface OpeningScroll {
  index: number;
  align: 'start' | 'center' | 'end';
}

/**
 * Where a feed opens. A message link (`anchor`) is centred; 'newest' opens at the bottom.
 * Otherwise the first page was asked for around `first_unread`, and the server answered with the
 * anchor it chose: the first unread message by its own rules (the real service leaves muted topics
 * out), shown at the top; or, with nothing unread, the newest message, shown at the bottom.
 */
export function openingScroll(
  messages: readonly Message[],
  anchor: FeedAnchor,
  serverAnchor: number | null,
): OpeningScroll | null {
  if (messages.length === 0) return null;
  const bottom: OpeningScroll = { index: messages.length - 1, align: 'end' };
  if (anchor !== null) {
    const index = messages.findIndex((m) => m.id === anchor);
    return index >= 0 ? { index, align: 'center' } : bottom;
  }
  const index = serverAnchor === null ? -1 : messages.findIndex((m) => m.id === serverAnchor);
  if (index >= 0 && !(messages[index]!.flags ?? []).includes('read')) return { index, align: 'start' };
  return bottom;
}

/**
 * Where a feed opened at its first unread message may open from messages it already holds (its
 * window from an earlier visit in this session, or the messages kept from the last launch), by the
 * unread state as it is now: at that message if they hold it (`anchor`), at the newest if nothing
 * is unread and they reach it (`anchor` null); null when they cannot tell, and the server must be
 * asked again. A held window's own anchor is the first unread of its first fetch: opening there
 * again would put the view past everything that became unread since.
 */
export function heldOpening(
  messages: readonly Message[],
  reachesNewest: boolean,
  firstUnread: number | null,
): { anchor: number | null } | null {
  if (messages.length === 0) return null;
  if (firstUnread === null) return reachesNewest ? { anchor: null } : null;
  return messages.some((m) => m.id === firstUnread) ? { anchor: firstUnread } : null;
}

/**
 * Where the view starts for `target` among `count` rows of the `estimate`d heights, in a view
 * `viewport` pixels tall: what the virtualizer would scroll to before any row is measured.
 */
export function estimatedOpeningOffset(
  target: OpeningScroll,
  count: number,
  estimate: (index: number) => number,
  viewport: number,
): number {
  let start = 0;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (i === target.index) start = total;
    total += estimate(i);
  }
  const size = estimate(target.index);
  const offset =
    target.align === 'start'
      ? start
      : target.align === 'end'
        ? start + size - viewport
        : start + size / 2 - viewport / 2;
  return Math.max(0, Math.min(offset, total - viewport));
}

/**
 * Resolves once the scroll position has not changed for `stableFrames` frames in a row (or after
 * `maxFrames`): the virtualizer has finished placing an opening scroll, whose target is an index
 * that pages prepended meanwhile would shift.
 */
export function whenScrollSettles(
  offset: () => number | null,
  stableFrames = 3,
  maxFrames = 60,
): Promise<void> {
  return new Promise((resolve) => {
    let last = offset();
    let stable = 0;
    let frames = 0;
    const tick = () => {
      const now = offset();
      stable = now === last ? stable + 1 : 0;
      last = now;
      frames += 1;
      if (stable >= stableFrames || frames >= maxFrames) resolve();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** Where a row sits in the feed, in pixels from its top (the virtualizer's measurements). */
export interface RowSpan {
  start: number;
  end: number;
}

/**
 * Where a feed whose reader sits at the bottom goes when new messages arrive: to the newest, unless
 * that would carry the selected message (`keep`, when it is on screen) past the top of the view, as
 * in the real service: then the view stops with it at the top, and "N unread below" takes the
 * reader on. Not when the newest is already read (the reader's own message: they are writing at
 * the bottom).
 */
export function followScroll(
  messages: readonly Message[],
  span: (index: number) => RowSpan | undefined,
  view: { height: number; keep: number | null },
): OpeningScroll | null {
  if (messages.length === 0) return null;
  const newest = messages.length - 1;
  const bottom: OpeningScroll = { index: newest, align: 'end' };
  const newestSpan = span(newest);
  if (view.keep === null || !newestSpan || (messages[newest]!.flags ?? []).includes('read')) return bottom;
  const kept = span(view.keep);
  if (!kept || newestSpan.end - kept.start <= view.height) return bottom;
  return { index: view.keep, align: 'start' };
}

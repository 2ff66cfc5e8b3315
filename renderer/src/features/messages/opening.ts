import type { Message } from '../../api/model';
import type { FeedAnchor } from '../../api/narrow';

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

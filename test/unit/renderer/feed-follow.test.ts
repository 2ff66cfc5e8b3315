import { describe, expect, it } from 'vitest';
import { followScroll, type RowSpan } from '../../../renderer/src/features/messages/opening';
import { channelMessage } from './fixtures';

const ROW = 40;
const rows =
  (count: number) =>
  (index: number): RowSpan | undefined =>
    index < count ? { start: index * ROW, end: (index + 1) * ROW } : undefined;
/** Messages 1..count; the first `readUpTo` are read. */
const feed = (readUpTo: number, count: number) =>
  Array.from({ length: count }, (_, i) => channelMessage({ id: i + 1, flags: i < readUpTo ? ['read'] : [] }));
/** A view 10 rows tall; `keep` is the selected message's index when it is on screen. */
const view = (keep: number | null = null) => ({ height: 10 * ROW, keep });

describe('followScroll: a reader at the bottom when new messages arrive', () => {
  it('goes to the newest when the unread arrivals fit on screen with it', () => {
    expect(followScroll(feed(10, 14), 10, rows(14), view())).toEqual({ index: 13, align: 'end' });
  });

  it('stops at the first unread arrival when the burst is taller than the view', () => {
    expect(followScroll(feed(10, 40), 10, rows(40), view())).toEqual({ index: 10, align: 'start' });
  });

  it('skips arrivals already read (marked from elsewhere) when choosing where to stop', () => {
    expect(followScroll(feed(15, 40), 10, rows(40), view())).toEqual({ index: 15, align: 'start' });
  });

  it('is not held back by unread messages that were there before the arrivals', () => {
    // 1–30 unread and already shown (or above the view); 31–34 arrive and fit.
    expect(followScroll(feed(0, 34), 30, rows(34), view())).toEqual({ index: 33, align: 'end' });
  });

  it('keeps the selected message on screen: arrivals that would push it off stop the view at it', () => {
    // Arrivals one or two at a time each fit, but not with the selected message (index 5) any more.
    expect(followScroll(feed(12, 16), 14, rows(16), view(5))).toEqual({ index: 5, align: 'start' });
    expect(followScroll(feed(12, 15), 14, rows(15), view(5))).toEqual({ index: 14, align: 'end' });
  });

  it("goes to the newest when it is already read (the reader's own message)", () => {
    const messages = feed(10, 40);
    messages[39] = { ...messages[39]!, flags: ['read'] };
    expect(followScroll(messages, 10, rows(40), view(3))).toEqual({ index: 39, align: 'end' });
  });

  it('goes to the bottom without measurements or arrivals, and nowhere in an empty feed', () => {
    expect(followScroll(feed(0, 5), 2, rows(4), view())).toEqual({ index: 4, align: 'end' });
    expect(followScroll(feed(0, 5), 5, rows(5), view())).toEqual({ index: 4, align: 'end' });
    expect(followScroll([], 0, rows(0), view())).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { followScroll, openingAnchor, type RowSpan } from '../../../renderer/src/features/messages/opening';
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
const view = (keep: number | null) => ({ height: 10 * ROW, keep });

describe('followScroll: a reader at the bottom when new messages arrive', () => {
  it('goes to the newest while the selected message stays on screen with it', () => {
    expect(followScroll(feed(10, 15), rows(15), view(5))).toEqual({ index: 14, align: 'end' });
  });

  it('stops with the selected message at the top when the newest would push it off', () => {
    expect(followScroll(feed(10, 16), rows(16), view(5))).toEqual({ index: 5, align: 'start' });
    expect(followScroll(feed(10, 400), rows(400), view(9))).toEqual({ index: 9, align: 'start' });
  });

  it('goes to the newest when the selected message is not on screen (the reader left it)', () => {
    expect(followScroll(feed(10, 400), rows(400), view(null))).toEqual({ index: 399, align: 'end' });
  });

  it("goes to the newest when it is already read (the reader's own message)", () => {
    const messages = feed(10, 40);
    messages[39] = { ...messages[39]!, flags: ['read'] };
    expect(followScroll(messages, rows(40), view(3))).toEqual({ index: 39, align: 'end' });
  });

  it('goes to the bottom without measurements, and nowhere in an empty feed', () => {
    expect(followScroll(feed(0, 5), rows(4), view(0))).toEqual({ index: 4, align: 'end' });
    expect(followScroll([], rows(0), view(null))).toBeNull();
  });
});

describe('openingAnchor: where a feed asks its first page', () => {
  it('around the message asked for, else the first unread, and search results at the newest', () => {
    expect(openingAnchor({ kind: 'channel', streamId: 1 }, 42)).toBe(42);
    expect(openingAnchor({ kind: 'channel', streamId: 1 }, null)).toBe('first_unread');
    expect(openingAnchor({ kind: 'search', query: 'deadline' }, null)).toBe('newest');
    expect(openingAnchor({ kind: 'search', query: 'deadline' }, 7)).toBe(7);
  });
});

// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import type { Virtualizer } from '@tanstack/react-virtual';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../renderer/src/api/model';
import { useOpeningScroll } from '../../../renderer/src/features/messages/feed-scrolling';
import { heldOpening } from '../../../renderer/src/features/messages/opening';
import { channelMessage } from './fixtures';

// The opening scroll of a feed shown first from the kept messages and then from the live page.

afterEach(cleanup);

/** What useOpeningScroll uses of the virtualizer; records the scrolls asked for. */
function fakeVirtualizer() {
  const scrolls: { index: number; align: string }[] = [];
  const virtualizer = {
    scrollElement: null,
    scrollOffset: 0,
    scrollRect: null,
    options: { estimateSize: () => 60, initialRect: { width: 800, height: 600 } },
    scrollToIndex: (index: number, options: { align: string }) =>
      scrolls.push({ index, align: options.align }),
  };
  return { virtualizer: virtualizer as unknown as Virtualizer<HTMLDivElement, Element>, scrolls };
}

const read = (id: number): Message => channelMessage({ id, flags: ['read'] });
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => read(from + i));
const unread = (id: number): Message => channelMessage({ id, flags: [] });

describe('useOpeningScroll', () => {
  it('keeps going to the same message when the live page replaces the kept one before it settles', () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const { virtualizer, scrolls } = fakeVirtualizer();
    const kept = ids(227, 276);
    const { rerender } = renderHook(
      ({ messages }) => useOpeningScroll(virtualizer, messages, true, null, 276),
      {
        initialProps: { messages: kept },
      },
    );
    // Opened at the newest kept message, the 50th.
    expect(scrolls).toEqual([{ index: 49, align: 'end' }]);
    // The live page: 42 older messages before the same ones. Index 49 is now message 231; the
    // scroll goes on to message 276, at index 91.
    rerender({ messages: ids(185, 276) });
    expect(scrolls).toEqual([
      { index: 49, align: 'end' },
      { index: 91, align: 'end' },
    ]);
    // Another change that leaves it where it is asks for nothing more.
    rerender({ messages: [...ids(185, 276)] });
    expect(scrolls).toHaveLength(2);
    vi.unstubAllGlobals();
  });

  it('goes where the live page opens when that is elsewhere, and settles only on the live page', async () => {
    let frame: FrameRequestCallback | null = null;
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
      frame = cb;
      return 1;
    });
    const { virtualizer, scrolls } = fakeVirtualizer();
    const kept = ids(227, 276);
    const { rerender, result } = renderHook(
      ({ messages, anchor, live }) => useOpeningScroll(virtualizer, messages, true, null, anchor, live),
      { initialProps: { messages: kept, anchor: 276 as number | null, live: false } },
    );
    expect(scrolls).toEqual([{ index: 49, align: 'end' }]);
    // Kept messages only: nothing waits on the scroll to settle (no reading, no fetching).
    expect(frame).toBeNull();
    // The live page: message 200 became unread since the last launch; the server opens there.
    const live = [...ids(180, 199), unread(200), ...ids(201, 276)];
    rerender({ messages: live, anchor: 200, live: true });
    expect(scrolls.at(-1)).toEqual({ index: 20, align: 'start' });
    expect(result.current.openedAtBottom.current).toBe(false);
    // Settling starts now, on the live page.
    expect(frame).not.toBeNull();
    expect(result.current.settled).toBe(false);
    vi.unstubAllGlobals();
  });
});

describe('heldOpening', () => {
  const window = [...ids(100, 149), unread(150), ...ids(151, 199)];
  it('opens held messages at the first unread message as the unread state says now, if they hold it', () => {
    expect(heldOpening(window, false, 150)).toEqual({ anchor: 150 });
    // Nothing unread: at the newest, if they reach it.
    expect(heldOpening(window, true, null)).toEqual({ anchor: null });
  });

  it('asks the server again when they cannot say', () => {
    // The first unread is outside them (older, or newer than a window that stops short).
    expect(heldOpening(window, true, 42)).toBeNull();
    expect(heldOpening(window, true, 250)).toBeNull();
    // Nothing unread, but the newest messages are not held.
    expect(heldOpening(window, false, null)).toBeNull();
    expect(heldOpening([], true, null)).toBeNull();
  });
});

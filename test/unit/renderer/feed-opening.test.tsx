// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import type { Virtualizer } from '@tanstack/react-virtual';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../renderer/src/api/model';
import { useOpeningScroll } from '../../../renderer/src/features/messages/feed-scrolling';
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
});

import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Keeps the row that has the keyboard focus where it is on screen when the list changes around it
 * (Recent conversations re-sorted by a burst of messages, Inbox rows read away above it): the list
 * scrolls by what moved above the row, so the person's place does not slide off under them.
 * Returns the handlers that follow where that row is (on focus and on scroll).
 */
export function useKeepFocusedRowInPlace(
  parentRef: RefObject<HTMLDivElement | null>,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  count: number,
  keyAt: (index: number) => string | number,
): { onFocus: () => void; onScroll: () => void } {
  const anchor = useRef<{ key: string | number; offset: number } | null>(null);
  const record = useCallback(() => {
    const list = parentRef.current;
    const row = document.activeElement?.closest<HTMLElement>('[data-index]');
    if (!list || !row || !list.contains(row)) return void (anchor.current = null);
    const index = Number(row.dataset.index);
    const start = virtualizer.measurementsCache[index]?.start;
    anchor.current = start === undefined ? null : { key: keyAt(index), offset: start - list.scrollTop };
  }, [parentRef, virtualizer, keyAt]);

  // After every render (rows laid out anew, or measured at their real height): the focused row goes
  // back to where it was on screen. Found by its own element first; by a search of the keys only
  // when it moved to another index.
  useLayoutEffect(() => {
    const list = parentRef.current;
    const held = anchor.current;
    if (!list || !held || !list.contains(document.activeElement)) return;
    const shown = Number(document.activeElement?.closest<HTMLElement>('[data-index]')?.dataset.index ?? -1);
    let index = shown >= 0 && shown < count && keyAt(shown) === held.key ? shown : -1;
    for (let i = 0; index < 0 && i < count; i++) if (keyAt(i) === held.key) index = i;
    if (index < 0) return;
    const start = virtualizer.measurementsCache[index]?.start;
    if (start === undefined) return;
    const target = Math.max(0, start - held.offset);
    if (Math.abs(list.scrollTop - target) > 1) virtualizer.scrollToOffset(target);
  });

  return { onFocus: record, onScroll: record };
}

import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { Message } from '../../api/model';
import { narrowKey, type Narrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { useUserSetting } from '../../app/realm';
import { useReadingPause } from '../../state/reading-pause';
import { useSettingsScreen } from '../settings/screen-store';
import { markReadAllowed, scrolledPast } from './mark-seen';
import { readQueueFor } from './read-queue';
import { useWindowFocused } from './window-focus';

/**
 * Marks what is on screen as read, in one call per pause in scrolling, while the window has focus
 * (what is on screen when the window comes back counts as seen then) and the settings screen does
 * not cover the feed, as the user's `web_mark_read_on_scroll_policy` allows, and not while the
 * reader has paused it (state/reading-pause).
 */
export function useMarkSeenAsRead(
  narrow: Narrow,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  parentRef: RefObject<HTMLDivElement | null>,
  view: { settled: boolean; items: VirtualItem[]; messages: readonly Message[] },
): void {
  const bridge = useBridge();
  const markPolicy = useUserSetting<number>('web_mark_read_on_scroll_policy', 1);
  const windowFocused = useWindowFocused();
  const covered = useSettingsScreen((s) => s.section !== null);
  const key = narrowKey(narrow);
  const paused = useReadingPause((s) => s.paused.has(key));
  // Leaving the view ends a pause of its reading.
  useEffect(() => () => useReadingPause.getState().resume(key), [key]);
  const { settled, items, messages } = view;
  const conversationView = narrow.kind === 'topic' || narrow.kind === 'dm';
  const pending = useRef(new Set<number>());
  const sent = useRef(new Set<number>());
  /** The last message seen in full at the last pause, and in which view. */
  const lastSeen = useRef<{ key: string; id: number } | null>(null);
  const flush = useCallback(() => {
    const ids = [...pending.current];
    pending.current.clear();
    if (ids.length === 0) return;
    for (const id of ids) sent.current.add(id);
    // A request that fails is sent again by the queue, even while the view stays still.
    readQueueFor(bridge).mark(ids);
  }, [bridge]);
  useEffect(() => {
    // Search results are a lookup, not reading: they never mark messages read.
    if (narrow.kind === 'search') return;
    if (paused || !markReadAllowed(markPolicy, conversationView) || !windowFocused || covered) {
      // Whatever the view passes meanwhile (following new messages in a window in the background)
      // was not read: going past counts again from the next pause that reads.
      lastSeen.current = null;
      return;
    }
    if (!settled) return;
    const el = parentRef.current;
    if (!el) return;
    // The virtualizer's own record of the viewport: reading the element's scrollTop here, right
    // after new rows were committed, would force a layout of them in the middle of the task.
    // Clamped to what the element can scroll: with anchorTo 'end' the virtualizer shifts its offset
    // when a row of a conversation shorter than the view grows, which the element itself cannot
    // follow (it stays at 0), and the rows it shows in full would not count as seen.
    const height = virtualizer.scrollRect?.height ?? el.clientHeight;
    const maxTop = Math.max(0, virtualizer.getTotalSize() - height);
    const top = Math.min(Math.max(0, virtualizer.scrollOffset ?? el.scrollTop), maxTop);
    const bottom = top + height;
    let firstInFull = -1;
    let lastInFull = -1;
    for (const item of items) {
      const m = messages[item.index];
      if (!m || item.start < top - 4 || item.end > bottom + 4) continue;
      if (firstInFull < 0) firstInFull = item.index;
      lastInFull = item.index;
      if (!(m.flags ?? []).includes('read') && !sent.current.has(m.id)) pending.current.add(m.id);
    }
    if (firstInFull >= 0) {
      const previous = lastSeen.current?.key === key ? lastSeen.current.id : undefined;
      for (const id of scrolledPast(messages, previous, firstInFull))
        if (!sent.current.has(id)) pending.current.add(id);
      lastSeen.current = { key, id: (messages[lastInFull] as Message).id };
    }
    const timer = setTimeout(flush, 400);
    return () => clearTimeout(timer);
  }, [
    settled,
    paused,
    windowFocused,
    covered,
    items,
    messages,
    markPolicy,
    conversationView,
    flush,
    narrow.kind,
    key,
    virtualizer,
    parentRef,
  ]);
}

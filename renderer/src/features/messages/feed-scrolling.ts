import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject, type UIEvent } from 'react';
import type { Message } from '../../api/model';
import type { FeedAnchor } from '../../api/narrow';
import {
  estimatedOpeningOffset,
  followScroll,
  openingScroll,
  whenScrollSettles,
  type OpeningScroll,
} from './opening';

type FeedVirtualizer = Virtualizer<HTMLDivElement, Element>;

/**
 * Opens the feed at its anchor once the first page is in. `settled` turns true when that scroll
 * has come to rest on the server's messages (`live`: not the ones kept from the last launch, shown
 * meanwhile): only then may pages be fetched and messages count as seen.
 */
export function useOpeningScroll(
  virtualizer: FeedVirtualizer,
  messages: readonly Message[],
  loaded: boolean,
  anchor: FeedAnchor,
  serverAnchor: number | null,
  live = loaded,
) {
  const opened = useRef(false);
  /** Whether the feed opened at its bottom (no unread message, or the newest asked for). */
  const openedAtBottom = useRef(true);
  const [settled, setSettled] = useState(false);
  /** The message the opening scroll goes to, and where it was in the list it was asked with. */
  const goingTo = useRef<{ id: number; index: number; align: OpeningScroll['align'] } | null>(null);
  if (loaded) drawFirstRowsAtOpening(virtualizer, messages, anchor, serverAnchor);
  useLayoutEffect(() => {
    // Until it settles, the opening follows what the feed now says: the live page after the kept
    // one may open elsewhere (something became unread since the last launch), and the
    // virtualizer's scroll goes to an index, which a list replaced meanwhile (older messages
    // before the kept ones) gives to another message.
    const going = goingTo.current;
    if (!opened.current || settled || !going) return;
    const target = openingScroll(messages, anchor, serverAnchor);
    if (!target) return;
    const id = messages[target.index]!.id;
    if (id === going.id && target.index === going.index && target.align === going.align) return;
    goingTo.current = { id, index: target.index, align: target.align };
    openedAtBottom.current = target.align === 'end';
    virtualizer.scrollToIndex(target.index, { align: target.align });
  }, [messages, settled, virtualizer, anchor, serverAnchor]);
  useLayoutEffect(() => {
    if (opened.current || !loaded || messages.length === 0) return;
    opened.current = true;
    const target = openingScroll(messages, anchor, serverAnchor);
    openedAtBottom.current = target?.align === 'end';
    if (target) {
      goingTo.current = { id: messages[target.index]!.id, index: target.index, align: target.align };
      virtualizer.scrollToIndex(target.index, { align: target.align });
    }
  }, [loaded, messages, anchor, serverAnchor, virtualizer]);
  const settling = useRef(false);
  useLayoutEffect(() => {
    if (settling.current || !live || !opened.current) return;
    settling.current = true;
    // Not cancelled when the effect re-runs (messages change as they are marked read); a late
    // update after unmounting is harmless.
    void whenScrollSettles(() => virtualizer.scrollOffset).then(() => {
      // A conversation shorter than the view is at its bottom wherever it opened.
      const el = virtualizer.scrollElement;
      if (el && el.scrollHeight - el.scrollTop - el.clientHeight < 40) openedAtBottom.current = true;
      setSettled(true);
    });
  }, [live, messages, virtualizer]);
  return { opened, openedAtBottom, settled };
}

/**
 * Before the feed's element is there, the virtualizer is told the opening's offset (by estimated
 * sizes), so the render that first draws rows draws those at the opening's place, not the top
 * ones: the opening scroll then only corrects for measured sizes, instead of replacing every row
 * drawn and measured a moment before.
 */
function drawFirstRowsAtOpening(
  virtualizer: FeedVirtualizer,
  messages: readonly Message[],
  anchor: FeedAnchor,
  serverAnchor: number | null,
): void {
  if (virtualizer.scrollElement !== null) return;
  const target = openingScroll(messages, anchor, serverAnchor);
  if (!target) return;
  const { estimateSize, initialRect } = virtualizer.options;
  const viewport = virtualizer.scrollRect?.height ?? initialRect.height;
  virtualizer.scrollOffset = estimatedOpeningOffset(target, messages.length, estimateSize, viewport);
}

/** The index of the selected message if it was on screen before this render's arrivals. */
function selectedOnScreen(
  virtualizer: FeedVirtualizer,
  messages: readonly Message[],
  selectedId: number | null,
): number | null {
  if (selectedId === null) return null;
  const index = messages.findIndex((m) => m.id === selectedId);
  const row = index >= 0 ? virtualizer.measurementsCache[index] : undefined;
  const top = virtualizer.scrollOffset ?? 0;
  const height = virtualizer.scrollRect?.height ?? 0;
  return row && row.end > top && row.start < top + height ? index : null;
}

/** How long after the app takes the reader to the bottom it keeps them there as the rows settle. */
const KEEP_AT_BOTTOM_MS = 1500;

/**
 * Keeps a reader who is at the bottom there as new messages (and local echoes of their own) arrive;
 * a reader scrolled up stays where they are. Following never carries the selected message past the
 * top of the view: it stops there (`followScroll`) and the way down is offered.
 */
export function useFollowBottom(
  virtualizer: FeedVirtualizer,
  parentRef: RefObject<HTMLDivElement | null>,
  opening: { opened: RefObject<boolean>; openedAtBottom: RefObject<boolean>; settled: boolean },
  messages: readonly Message[],
  hasNewer: boolean,
  echoKey: string,
  selectedId: () => number | null,
) {
  const { opened, openedAtBottom, settled } = opening;
  // Unknown until the reader scrolls: then the feed is at the bottom if it opened there. (A feed
  // opened at an unread message at the very top gets no scroll event, and must not be taken to
  // the bottom when the next page of newer messages arrives.)
  const scrolledToBottom = useRef<boolean | null>(null);
  const atBottom = () => scrolledToBottom.current ?? openedAtBottom.current;
  const lastId = messages[messages.length - 1]?.id;
  // State only for the "Jump to bottom" button: it changes when the reader crosses the line, not on
  // every scroll event.
  const [awayFromBottom, setAwayFromBottom] = useState(false);
  // The newest message the last time the view followed: what comes after it has just arrived.
  const followedUpTo = useRef<number | null>(null);
  /** Following stopped at the selected message (it would have gone past the top): not pulled down. */
  const heldAtSelection = useRef(false);
  /** Until when a move the app made to the bottom (Jump to bottom, N unread below) is kept there. */
  const keptAtBottomUntil = useRef(0);
  const keepAtBottomAWhile = () => (keptAtBottomUntil.current = performance.now() + KEEP_AT_BOTTOM_MS);
  useEffect(() => {
    const before = followedUpTo.current;
    followedUpTo.current = lastId ?? null;
    // Until the opening has settled, where the view goes is the opening's to say.
    if (!opened.current || !settled || !atBottom() || messages.length === 0 || hasNewer) return;
    const target =
      before === null || lastId === before
        ? { index: messages.length - 1, align: 'end' as const }
        : followScroll(messages, (index) => virtualizer.measurementsCache[index], {
            height: virtualizer.scrollRect?.height ?? 0,
            keep: selectedOnScreen(virtualizer, messages, selectedId()),
          });
    if (!target) return;
    if (target.align === 'start') {
      // Held at the selected message: the reader is no longer at the bottom until they get there.
      scrolledToBottom.current = false;
      heldAtSelection.current = true;
      setAwayFromBottom(true);
    }
    virtualizer.scrollToIndex(target.index, { align: target.align });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- atBottom reads refs; messages are read when the newest changes
  }, [lastId, messages.length, hasNewer, virtualizer, opened]);
  useEffect(() => {
    const el = parentRef.current;
    if (echoKey && el && atBottom()) el.scrollTop = el.scrollHeight;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- atBottom reads refs
  }, [echoKey, parentRef]);
  // Opened above the bottom (at an unread message): the button shows before any scrolling.
  useEffect(() => {
    if (settled && scrolledToBottom.current === null && !openedAtBottom.current) setAwayFromBottom(true);
  }, [settled, openedAtBottom]);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    scrolledToBottom.current = bottom;
    if (bottom) heldAtSelection.current = false;
    if (awayFromBottom === bottom) setAwayFromBottom(!bottom);
  };
  // The view's height changes under the reader (the compose box grows with a long message, an error
  // shows under it): one who was at the bottom stays there, or the newest message would slip under
  // the compose box. Likewise, right after the app took the reader to the bottom, when the rows
  // there settle taller (drawn, marked read) with no scroll: the move ends at the bottom, not short
  // of it. (No scroll event comes: the scroll position itself did not change.) A row the reader
  // opens (Show more) grows below their eyes and does not move the view.
  useEffect(() => {
    const el = parentRef.current;
    if (!el || !settled || hasNewer || typeof ResizeObserver === 'undefined') return;
    let height = el.clientHeight;
    // The scroll position and content height last seen: rows added above the view move the scroll
    // position with them, rows growing at the bottom do not.
    let top = el.scrollTop;
    let content = el.scrollHeight;
    const seen = () => {
      top = el.scrollTop;
      content = el.scrollHeight;
    };
    const observer = new ResizeObserver(() => {
      const shrank = el.clientHeight < height;
      const grewBelow = el.scrollHeight > content && el.scrollTop === top;
      const wasAtBottom = content - top - height < 40;
      height = el.clientHeight;
      seen();
      if (!opened.current || heldAtSelection.current) return;
      const justMovedThere = performance.now() < keptAtBottomUntil.current;
      if ((shrank && atBottom()) || (grewBelow && wasAtBottom && justMovedThere))
        el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    // The list's box among them: its height is the rows' total.
    for (const child of el.children) observer.observe(child);
    el.addEventListener('scroll', seen, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', seen);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- atBottom reads refs
  }, [parentRef, settled, hasNewer, opened]);
  const jumpToBottom = () => {
    scrolledToBottom.current = true;
    keepAtBottomAWhile();
    setAwayFromBottom(false);
    if (messages.length > 0) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  };
  return { onScroll, awayFromBottom, jumpToBottom, keepAtBottomAWhile };
}

import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef } from 'react';
import type { Message } from '../../api/model';
import { narrowKey, type FeedAnchor, type Narrow } from '../../api/narrow';
import { useMessageSelection } from '../../state/message-selection';
import { useNarrowStore } from '../../state/narrow';
import { registerActiveFeed } from './active-feed';
import { openingScroll } from './opening';

type FeedVirtualizer = Virtualizer<HTMLDivElement, Element>;

/**
 * First and last rows at least partly on screen (more than a sliver), or null before layout;
 * `inset`: on the part of the screen that far from its edges.
 */
export function visibleRange(
  virtualizer: FeedVirtualizer,
  { mostly = false, inset = 0 }: { mostly?: boolean; inset?: number } = {},
): { first: number; last: number } | null {
  const top = (virtualizer.scrollOffset ?? 0) + inset;
  const height = (virtualizer.scrollRect?.height ?? 0) - 2 * inset;
  const items = virtualizer.getVirtualItems();
  // `mostly`: at least half of the row is on screen (half of the screen, for a row taller than it).
  const onScreen = (item: { start: number; end: number }) =>
    mostly
      ? Math.min(item.end, top + height) - Math.max(item.start, top) >=
        Math.min(item.end - item.start, height) / 2
      : item.end > top + 8 && item.start < top + height - 8;
  const shown = items.filter(onScreen);
  if (shown.length === 0) return null;
  return { first: shown[0]!.index, last: shown[shown.length - 1]!.index };
}

/**
 * Where a move of the selection lands. From a selection on screen, one row that way (stopping at
 * the ends); from one scrolled out of sight or not loaded, the first row on screen going down,
 * the last going up: the reader continues from what they are looking at.
 */
export function nextSelectedIndex(
  count: number,
  selectedIndex: number,
  visible: { first: number; last: number } | null,
  delta: 1 | -1,
): number | null {
  if (count === 0) return null;
  const onScreen =
    selectedIndex >= 0 && (!visible || (selectedIndex >= visible.first && selectedIndex <= visible.last));
  if (onScreen) return Math.min(count - 1, Math.max(0, selectedIndex + delta));
  if (visible) return delta > 0 ? visible.first : visible.last;
  return delta > 0 ? 0 : count - 1;
}

/** What floats over the feed's edges ("N unread below", "Jump to first unread"), with a gap. */
const FLOATING_BUTTON_CLEARANCE = 48;

/**
 * The context kept above and below a message the keyboard selects, as the real service keeps it:
 * a fifth of the view, never less than what clears the buttons floating over its edges (unless the
 * view is too small for that).
 */
export function selectionMargin(viewHeight: number): number {
  const margin = Math.max(FLOATING_BUTTON_CLEARANCE, Math.round(viewHeight / 5));
  return Math.min(margin, Math.round(viewHeight / 4));
}

/**
 * The scroll offset that shows `row` with `margin` of context above and below it, or null when the
 * view already does. A row too tall for that shows its top, with the context above it.
 */
export function offsetForSelection(
  row: { start: number; end: number },
  view: { top: number; height: number },
  margin: number,
): number | null {
  if (row.start < view.top + margin) return Math.max(0, row.start - margin);
  if (row.end <= view.top + view.height - margin) return null;
  const fits = row.end - row.start <= view.height - 2 * margin;
  const offset = fits ? row.end + margin - view.height : row.start - margin;
  return offset > view.top ? offset : null;
}

/**
 * The feed's selected message: chosen when the feed opens (where it opens: the first unread
 * message, a linked message, or the newest), moved by a click or the keyboard (the feed is
 * registered as the active one for the shortcuts), brought into view when the keyboard moves it.
 */
export function useFeedSelection(
  narrow: Narrow,
  virtualizer: FeedVirtualizer,
  feed: {
    messages: readonly Message[];
    loaded: boolean;
    anchor: FeedAnchor;
    serverAnchor: number | null;
    hasNewer: boolean;
  },
) {
  const key = narrowKey(narrow);
  const selectedId = useMessageSelection((s) => s.byNarrow[key] ?? null);
  const { messages, loaded, anchor, serverAnchor } = feed;
  const latest = useRef(feed);
  useEffect(() => {
    latest.current = feed;
  });

  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !loaded || messages.length === 0) return;
    opened.current = true;
    const target = openingScroll(messages, anchor, serverAnchor);
    if (target) useMessageSelection.getState().select(key, messages[target.index]!.id);
  }, [loaded, messages, anchor, serverAnchor, key]);

  // The selected message deleted or moved away while its neighbours stay: the one after it (else
  // the one before) takes the selection, rather than none (j then started again from the top).
  const neighbours = useRef<{ after?: number; before?: number }>({});
  useEffect(() => {
    const id = useMessageSelection.getState().byNarrow[key];
    if (id === undefined || !opened.current) return;
    const index = messages.findIndex((m) => m.id === id);
    if (index >= 0) {
      neighbours.current = { after: messages[index + 1]?.id, before: messages[index - 1]?.id };
      return;
    }
    const { after, before } = neighbours.current;
    const next = messages.find((m) => m.id === after) ?? messages.find((m) => m.id === before);
    if (next) useMessageSelection.getState().select(key, next.id);
  }, [messages, selectedId, key]);

  // Scrolled away from the selected message (the wheel, the scroll bar), the selection comes along
  // once the feed stops, as the real service's does: to the first message on screen when it was
  // above, the last when below. What r, e or the menu keys act on is then what is in view.
  const scrolling = virtualizer.isScrolling;
  useEffect(() => {
    if (scrolling || !opened.current) return;
    const id = useMessageSelection.getState().byNarrow[key];
    const shown = latest.current.messages;
    const index = id === undefined ? -1 : shown.findIndex((m) => m.id === id);
    // A selection left mostly hidden at an edge (PageUp, Space) counts as scrolled away. It comes to
    // a message clear of the edges (and of the buttons over them) when there is one.
    const visible = visibleRange(virtualizer, { mostly: true });
    if (index < 0 || !visible) return;
    const inset = selectionMargin(virtualizer.scrollRect?.height ?? 0);
    const clear = visibleRange(virtualizer, { mostly: true, inset }) ?? visible;
    const moveTo = index < visible.first ? clear.first : index > visible.last ? clear.last : -1;
    const target = shown[moveTo];
    if (target) useMessageSelection.getState().select(key, target.id);
  }, [scrolling, key, virtualizer]);

  useEffect(() => {
    const selectIndex = (index: number) => {
      const m = latest.current.messages[index];
      if (!m) return;
      useMessageSelection.getState().select(key, m.id);
      virtualizer.scrollToIndex(index, { align: 'auto' });
    };
    // j/k and the arrows go to a row next to what is on screen, drawn and measured: it comes into
    // view with context around it, clear of the buttons over the view's edges.
    const moveToIndex = (index: number) => {
      const m = latest.current.messages[index];
      const row = virtualizer.measurementsCache[index];
      const height = virtualizer.scrollRect?.height ?? 0;
      if (!m || !row || height === 0) return selectIndex(index);
      useMessageSelection.getState().select(key, m.id);
      const view = { top: virtualizer.scrollOffset ?? 0, height };
      const offset = offsetForSelection(row, view, selectionMargin(height));
      if (offset !== null) virtualizer.scrollToOffset(offset);
    };
    const selectedIndex = () => {
      const id = useMessageSelection.getState().byNarrow[key];
      return id === undefined ? -1 : latest.current.messages.findIndex((m) => m.id === id);
    };
    return registerActiveFeed({
      narrow,
      messages: () => latest.current.messages,
      selected: () => latest.current.messages[selectedIndex()] ?? null,
      move: (delta) => {
        const index = nextSelectedIndex(
          latest.current.messages.length,
          selectedIndex(),
          visibleRange(virtualizer),
          delta,
        );
        if (index !== null) moveToIndex(index);
      },
      first: () => selectIndex(0),
      select: (id) => selectIndex(latest.current.messages.findIndex((m) => m.id === id)),
      reveal: () => {
        const index = selectedIndex();
        if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
      },
      last: () => {
        const { messages: shown, hasNewer, anchor: openedAt } = latest.current;
        // The newest message is not loaded: open the conversation again at the newest.
        if (hasNewer && openedAt !== 'newest') useNarrowStore.getState().select(narrow, 'newest');
        else selectIndex(shown.length - 1);
      },
    });
    // `key` stands for the narrow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, virtualizer]);

  const select = useCallback((id: number) => useMessageSelection.getState().select(key, id), [key]);
  return { selectedId, select };
}

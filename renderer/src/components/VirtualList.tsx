import { useVirtualizer } from '@tanstack/react-virtual';
import { focusWaitingFor } from './focus-fallback';
import { useKeepFocusedRowInPlace } from './keep-focused-row';
import {
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';

/** What a list's owner may ask of it: a field over the list (a filter) moves the focus into it. */
export interface VirtualListHandle {
  /** Brings the row into view and focuses it (once drawn). */
  focusRow(index: number): void;
}

/** Where a virtualized row sits: out of the flow, at its measured offset in the list. */
export function virtualRowStyle(start: number): CSSProperties {
  return { position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${start}px)` };
}

type RenderRow = (item: unknown, index: number) => ReactNode;

/**
 * One row's content, rendered again only when its item, index or the list's render function
 * changes. The virtualizer re-renders the list on every scroll step and row measurement (often
 * synchronously); those move rows without changing them, and over hundreds of channels or
 * thousands of topics re-rendering every visible row each time made switching channels slow.
 */
const RowContent = memo(function RowContent({
  item,
  index,
  render,
}: {
  item: unknown;
  index: number;
  render: RenderRow;
}) {
  return render(item, index);
});

/**
 * A virtualized, keyboard-navigable list for the sidebars (channels, topics, DMs, users): only
 * visible rows are in the DOM; ArrowUp/ArrowDown/Home/End move focus between rows. A home view's
 * list (`homeView`: the Inbox, Recent conversations) also takes j/k, as the real service's do, and
 * the focus when it opens with nothing else focused, so those keys work at once.
 */
export function VirtualList<T>({
  items,
  getKey,
  renderRow,
  estimateSize = 32,
  label,
  testId,
  className,
  homeView = false,
  reveal = null,
  handle,
}: {
  items: readonly T[];
  getKey: (item: T, index: number) => string | number;
  renderRow: (item: T, index: number) => ReactNode;
  estimateSize?: number | ((index: number) => number);
  label: string;
  testId?: string;
  className?: string;
  homeView?: boolean;
  /** A row to bring into view, once per `key` (the list's owner says when: a new conversation shown). */
  reveal?: { key: string; index: number } | null;
  handle?: Ref<VirtualListHandle>;
}) {
  const parentRef = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  // The virtualizer lays out every row again whenever this function changes: kept the same across
  // its own re-renders (each scroll step), it is recomputed only when the list or the parent changes.
  const getItemKey = useCallback((index: number) => getKey(items[index] as T, index), [items, getKey]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => parentRef.current,
    estimateSize: typeof estimateSize === 'number' ? () => estimateSize : estimateSize,
    getItemKey,
    overscan: 8,
    // jsdom has no layout: give the first rows a size so tests see them.
    initialRect: { width: 300, height: 600 },
  });

  // After every render (the row may be drawn only now); a step past an unfocusable row goes one row
  // toward the start, so that chain ends at row 0 at the latest.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (focusIndex === null) return;
    const row = parentRef.current?.querySelector<HTMLElement>(`[data-index="${focusIndex}"]`);
    // Not drawn yet (scrolled to just now): the next render tries again.
    if (!row) return;
    const target = row.querySelector<HTMLElement>('button, [tabindex]');
    if (target) target.focus();
    // A row with nothing to focus (a list's closing note) is passed over toward the start: End and
    // the last ArrowDown land on the last row that can take focus.
    else if (focusIndex > 0) setFocusIndex(focusIndex - 1);
  });

  useImperativeHandle(
    handle,
    () => ({
      focusRow: (index) => {
        if (index >= items.length) return;
        virtualizer.scrollToIndex(index);
        setFocusIndex(index);
      },
    }),
    [items.length, virtualizer],
  );

  const keepInPlace = useKeepFocusedRowInPlace(parentRef, virtualizer, items.length, getItemKey);
  useFocusStaysInList(parentRef);
  const revealKey = reveal?.key;
  const revealIndex = reveal?.index ?? -1;
  useEffect(() => {
    if (revealKey !== undefined && revealIndex >= 0)
      virtualizer.scrollToIndex(revealIndex, { align: 'auto' });
    // Once per key: the person may scroll the list afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealKey, virtualizer]);

  // Opened with the focus nowhere in particular (the page, or the view around the list): the first
  // row takes it. Not when the person is elsewhere (the search box, the sidebar).
  const hasRows = items.length > 0;
  useEffect(() => {
    if (!homeView || !hasRows) return;
    if (parentRef.current && focusWaitingFor(parentRef.current)) setFocusIndex(0);
  }, [homeView, hasRows]);

  // A home view's list is where the page puts the keyboard in that view (Esc from the search box, a
  // closed dialog, a key asking for the view shown): the first row in view takes it from the list.
  const onFocus = (event: ReactFocusEvent<HTMLDivElement>) => {
    if (homeView && event.target === event.currentTarget && items.length > 0)
      setFocusIndex(firstRowInView(event.currentTarget, virtualizer.range?.startIndex ?? 0));
    keepInPlace.onFocus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const rowEl = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    const current = rowEl ? Number(rowEl.dataset.index) : -1;
    const key =
      homeView && event.key === 'j' ? 'ArrowDown' : homeView && event.key === 'k' ? 'ArrowUp' : event.key;
    let next: number | null = null;
    if (key === 'ArrowDown') next = Math.min(items.length - 1, current + 1);
    else if (key === 'ArrowUp') next = Math.max(0, current - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next === null || items.length === 0) return;
    event.preventDefault();
    virtualizer.scrollToIndex(next);
    setFocusIndex(next);
  };

  return (
    <div
      ref={parentRef}
      className={`vlist ${className ?? ''}`}
      role="list"
      aria-label={label}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onBlur={() => setFocusIndex(null)}
      onFocus={onFocus}
      tabIndex={homeView ? -1 : undefined}
      data-focus-fallback={homeView || undefined}
      onScroll={keepInPlace.onScroll}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            role="listitem"
            data-index={row.index}
            ref={virtualizer.measureElement}
            className="vlist-row"
            style={virtualRowStyle(row.start)}
          >
            <RowContent item={items[row.index]} index={row.index} render={renderRow as RenderRow} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The index of the first row shown in full in the list's box, else `fallback`. */
function firstRowInView(list: HTMLElement, fallback: number): number {
  const box = list.getBoundingClientRect();
  for (const row of list.querySelectorAll<HTMLElement>('[data-index]')) {
    const rect = row.getBoundingClientRect();
    if (rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1) return Number(row.dataset.index);
  }
  return fallback;
}

/**
 * When the focused row leaves the page (its conversation read elsewhere, or scrolled out of the
 * drawn rows by PageDown), focus goes to the row now at its place, or else to the first row in
 * view, rather than to the page, where the list's keys no longer reach it. Native listeners: React
 * passes no event on to a row it has already removed.
 */
function useFocusStaysInList(listRef: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let focusedIndex: number | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
      focusedIndex = row ? Number(row.dataset.index) : null;
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget === null && event.target && focusedIndex !== null)
        keepFocusInList(list, event.target, focusedIndex);
    };
    list.addEventListener('focusin', onFocusIn);
    list.addEventListener('focusout', onFocusOut);
    return () => {
      list.removeEventListener('focusin', onFocusIn);
      list.removeEventListener('focusout', onFocusOut);
    };
  }, [listRef]);
}

function keepFocusInList(list: HTMLElement, lost: EventTarget, index: number): void {
  // Before the page's own catch for dropped focus (rescueDroppedFocus), which runs at the same moment
  // but was queued after this one (the event reaches the list before the document).
  queueMicrotask(() => {
    if (!list.isConnected || (lost instanceof Node && lost.isConnected)) return;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const rows = [...list.querySelectorAll<HTMLElement>('[data-index]')];
    const box = list.getBoundingClientRect();
    const inView = rows.filter((row) => {
      const rect = row.getBoundingClientRect();
      return rect.bottom > box.top && rect.top < box.bottom;
    });
    const byIndex = (i: number) => rows.find((row) => Number(row.dataset.index) === i);
    const last = rows.length ? Math.max(...rows.map((row) => Number(row.dataset.index))) : -1;
    const candidate = byIndex(Math.min(index, last));
    const row = candidate && inView.includes(candidate) ? candidate : inView[0];
    row?.querySelector<HTMLElement>('button, [tabindex]')?.focus({ preventScroll: true });
  });
}

import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type UIEvent } from 'react';
import type { Message } from '../../api/model';
import { narrowTerms, type Narrow } from '../../api/narrow';
import { errorSentence } from '../../api/call';
import { useBridge } from '../../app/bridge-context';
import { useSelfId, useUserSetting } from '../../app/realm';
import { Empty, ErrorState, Loading } from '../../components/states';
import { virtualRowStyle } from '../../components/VirtualList';
import { useChannelIndex } from '../channels/hooks';
import { useSearchHighlights } from '../search/highlights';
import { dayKeyOf, dayLabel } from './day';
import { markReadAllowed, markSeenAsRead } from './mark-seen';
import { MessageDisplayProvider } from './message-display';
import { MessageRow } from './MessageRow';
import { forgetUnloadedSizes } from './size-cache';
import { openingScroll, whenScrollSettles } from './opening';
import { useWindowFocused } from './window-focus';
import { pageToFetch, StillViewAllowance, type PageDirection } from './page-fetch';
import { useFeed } from './useFeed';
import { PendingMessages } from '../outbox/PendingMessages';
import { useEchoes } from '../outbox/useEchoes';

/**
 * Rows this close to an end of the loaded range trigger fetching the next page that way: over half a
 * page ahead, so a fast scroll rarely waits at the edge (npm run bench, 3: 40% more messages a second
 * than at 10 rows, with no slower frame).
 */
const PREFETCH_ROWS = 60;
/** Page fetches allowed while the first rendered message stays the same (two open a conversation). */
const STILL_VIEW_FETCHES = 4;
/** Same sender within this many seconds: no repeated name and avatar. */
const GROUP_SECONDS = 5 * 60;

function sameConversation(a: Message, b: Message): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'stream') return a.stream_id === b.stream_id && a.subject === b.subject;
  const ids = (m: Message) =>
    Array.isArray(m.display_recipient)
      ? m.display_recipient
          .map((r) => r.id)
          .sort()
          .join(',')
      : '';
  return ids(a) === ids(b);
}

/**
 * The message feed of a narrow: virtualized (only visible rows in the DOM), opened at the anchor
 * (first unread by default), extended by anchors as the user scrolls, marking seen messages read.
 */
export function MessageFeed({ narrow, anchor }: { narrow: Narrow; anchor: number | null }) {
  const bridge = useBridge();
  const selfId = useSelfId();
  const channels = useChannelIndex();
  const twentyFour = useUserSetting<boolean>('twenty_four_hour_time', false);
  const markPolicy = useUserSetting<number>('web_mark_read_on_scroll_policy', 1);
  const { query, messages: loaded, initialAnchor, pages } = useFeed(narrow, anchor);
  const search = useSearchHighlights(narrow, loaded);
  const highlights = search.highlights;
  const messages = useMemo(
    () => (search.hidden.size ? loaded.filter((m) => !search.hidden.has(m.id)) : loaded),
    [loaded, search.hidden],
  );
  const parentRef = useRef<HTMLDivElement>(null);
  const showHeaders = narrow.kind !== 'topic' && narrow.kind !== 'dm';

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => 64,
    getItemKey: (index) => messages[index]?.id ?? index,
    overscan: 6,
    initialRect: { width: 800, height: 600 },
    // Rows come and go above the view (older pages prepended, pages dropped from either end to
    // bound memory): the virtualizer keeps the first visible message where it was, deciding the
    // new offset while it renders, so no frame ever shows the shifted rows.
    anchorTo: 'end',
  });

  useEffect(() => forgetUnloadedSizes(virtualizer.itemSizeCache, messages), [virtualizer, messages]);

  // Open at the anchor once the first page is in; pages are fetched once that scroll has settled.
  const opened = useRef(false);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (opened.current || !query.isSuccess || messages.length === 0) return;
    opened.current = true;
    const target = openingScroll(messages, anchor, initialAnchor);
    if (target) virtualizer.scrollToIndex(target.index, { align: target.align });
    // Not cancelled when the effect re-runs (messages change as they are marked read); a late
    // update after unmounting is harmless.
    void whenScrollSettles(() => virtualizer.scrollOffset).then(() => setSettled(true));
  }, [query.isSuccess, messages, anchor, initialAnchor, virtualizer]);

  // Follow new messages when the user is at the bottom.
  const atBottom = useRef(true);
  const lastId = messages[messages.length - 1]?.id;
  useEffect(() => {
    if (opened.current && atBottom.current && messages.length > 0 && !pages.hasNewer)
      virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  }, [lastId, messages.length, pages.hasNewer, virtualizer]);

  // Local echoes of sent messages follow the newest message; the view follows them too.
  const echoes = useEchoes(narrow, loaded, query.isSuccess && !pages.hasNewer);
  const lastEcho = echoes[echoes.length - 1];
  const echoKey = lastEcho ? `${echoes.length}:${lastEcho.localId}:${lastEcho.state}` : '';
  useEffect(() => {
    const el = parentRef.current;
    if (echoKey && el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [echoKey]);

  const items = virtualizer.getVirtualItems();
  const firstVisible = items[0]?.index ?? 0;
  const lastVisible = items[items.length - 1]?.index ?? 0;

  // Fetch by anchors near either end: one page at a time, and only while the reader moves.
  const { hasOlder, hasNewer, extending, extendError, extend } = pages;
  const allowance = useRef(new StillViewAllowance(STILL_VIEW_FETCHES));
  const lastDirection = useRef<PageDirection>('older');
  useEffect(() => {
    // After a failure the reader asks again (the retry button), rather than every render.
    if (!settled || extendError) return;
    const direction = pageToFetch(
      {
        firstVisible,
        lastVisible,
        count: messages.length,
        hasOlder,
        hasNewer,
        fetching: extending !== null || query.isFetching,
      },
      PREFETCH_ROWS,
    );
    const firstId = messages[firstVisible]?.id;
    if (!direction || firstId === undefined) return;
    if (!allowance.current.take(firstId)) {
      console.warn(`Message feed: not fetching ${direction} pages again until the view moves.`);
      return;
    }
    lastDirection.current = direction;
    extend(direction);
  }, [
    settled,
    firstVisible,
    lastVisible,
    messages,
    hasOlder,
    hasNewer,
    extending,
    extendError,
    query.isFetching,
    extend,
  ]);

  // Mark what is on screen as read, in one call per pause in scrolling, while the window has focus
  // (what is on screen when the window comes back counts as seen then).
  const windowFocused = useWindowFocused();
  const conversationView = narrow.kind === 'topic' || narrow.kind === 'dm';
  const pending = useRef(new Set<number>());
  const sent = useRef(new Set<number>());
  const flush = useCallback(() => {
    const ids = [...pending.current];
    pending.current.clear();
    if (ids.length === 0) return;
    for (const id of ids) sent.current.add(id);
    markSeenAsRead(bridge, narrowTerms(narrow), ids).catch(() => {
      for (const id of ids) sent.current.delete(id);
    });
  }, [bridge, narrow]);
  useEffect(() => {
    // Search results are a lookup, not reading: they never mark messages read.
    if (narrow.kind === 'search') return;
    if (!settled || !markReadAllowed(markPolicy, conversationView) || !windowFocused) return;
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
    for (const item of items) {
      const m = messages[item.index];
      if (!m || (m.flags ?? []).includes('read') || sent.current.has(m.id)) continue;
      if (item.start >= top - 4 && item.end <= bottom + 4) pending.current.add(m.id);
    }
    const timer = setTimeout(flush, 400);
    return () => clearTimeout(timer);
  }, [
    settled,
    windowFocused,
    items,
    messages,
    markPolicy,
    conversationView,
    flush,
    narrow.kind,
    virtualizer,
  ]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };

  const rows = useMemo(() => {
    let prevDay = NaN;
    return messages.map((m, i) => {
      const prev = messages[i - 1];
      const newConversation = !prev || !sameConversation(prev, m);
      const day = dayKeyOf(m.timestamp);
      const newDay = !prev || prevDay !== day;
      prevDay = day;
      return {
        daySeparator: newDay ? dayLabel(m.timestamp) : null,
        // Search hits come from anywhere: each shows where it is (and its highlighted topic).
        recipientHeader: showHeaders && (newConversation || narrow.kind === 'search'),
        showSender:
          newConversation ||
          newDay ||
          !prev ||
          prev.sender_id !== m.sender_id ||
          m.timestamp - prev.timestamp > GROUP_SECONDS,
      };
    });
  }, [messages, showHeaders, narrow.kind]);

  if (query.isPending) return <Loading label="Loading messages…" />;
  if (query.isError) return <ErrorState error={query.error} retry={() => void query.refetch()} />;
  if (messages.length === 0)
    return (
      <>
        <Empty>
          {narrow.kind === 'search' ? 'No messages match this search.' : 'No messages here yet. Say hello!'}
        </Empty>
        <PendingMessages echoes={echoes} narrow={narrow} />
      </>
    );

  return (
    <div
      ref={parentRef}
      className="feed"
      data-testid="message-feed"
      onScroll={onScroll}
      tabIndex={0}
      aria-label="Messages"
    >
      {/* Floats over the top rows: in the flow it would push them down while a page loads. */}
      {extending === 'older' && (
        <div className="feed-loading feed-loading-older" role="status">
          <span>Loading older messages…</span>
        </div>
      )}
      <MessageDisplayProvider>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {items.map((item) => {
            const m = messages[item.index] as Message;
            const row = rows[item.index];
            return (
              <div
                key={item.key}
                data-index={item.index}
                className="feed-row"
                ref={virtualizer.measureElement}
                style={virtualRowStyle(item.start)}
              >
                <MessageRow
                  message={m}
                  showSender={row?.showSender ?? true}
                  recipientHeader={row?.recipientHeader ?? false}
                  daySeparator={row?.daySeparator ?? null}
                  isOwn={m.sender_id === selfId}
                  channelName={m.stream_id !== undefined ? channels.get(m.stream_id)?.name : undefined}
                  twentyFour={twentyFour}
                  highlight={highlights.get(m.id)}
                />
              </div>
            );
          })}
        </div>
      </MessageDisplayProvider>
      <PendingMessages echoes={echoes} narrow={narrow} />
      {extending === 'newer' && (
        <div className="feed-loading" role="status">
          Loading newer messages…
        </div>
      )}
      {extendError !== null && (
        <div className="feed-loading feed-load-failed" role="alert" data-testid="feed-load-failed">
          <span>Couldn’t load more messages: {errorSentence(extendError)}</span>
          <button type="button" className="btn btn-small" onClick={() => extend(lastDirection.current)}>
            Retry
          </button>
        </div>
      )}
    </div>
  );
}

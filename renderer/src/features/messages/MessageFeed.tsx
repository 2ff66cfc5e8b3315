import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Message } from '../../api/model';
import { narrowKey, type FeedAnchor, type Narrow } from '../../api/narrow';
import { MENTIONS_QUERY } from '../../api/search-query';
import { errorSentence } from '../../api/call';
import { useSelfId, useUserSetting } from '../../app/realm';
import { useComposeFocus } from '../../state/compose-focus';
import { useMessageSelection } from '../../state/message-selection';
import { useNarrowStore } from '../../state/narrow';
import { Empty, ErrorState, Loading } from '../../components/states';
import { virtualRowStyle } from '../../components/VirtualList';
import { focusWaitingFor } from '../../components/focus-fallback';
import { useChannelIndex } from '../channels/hooks';
import { PendingMessages } from '../outbox/PendingMessages';
import { useEchoes } from '../outbox/useEchoes';
import { useSearchHighlights } from '../search/highlights';
import { useFirstUnreadJump, useUnreadAfter } from './feed-first-unread';
import { useMarkSeenAsRead } from './feed-mark-read';
import { usePageFetching } from './feed-paging';
import { feedRefusal } from './feed-refusal';
import { useFeedRowLayout } from './feed-rows';
import { useFollowBottom, useOpeningScroll } from './feed-scrolling';
import { useFeedSelection } from './feed-selection';
import { tabWithinFeed } from './feed-tab';
import { useSelectSentMessage, useSentBelow } from './select-sent';
import { MessageDisplayProvider } from './message-display';
import { MessageRow } from './MessageRow';
import { FeedRowEstimates, measuringAndLearning } from './row-estimate';
import { forgetUnloadedSizes } from './size-cache';
import { useFeed } from './useFeed';
import { FeedFlight, keepFlightsMoving, useLightRows } from './useLightRows';
import { useRowResizedByReader } from './long-message';
import { inDmWithMuted, showsDmsWithMuted, useMutedUserIds } from '../users/muted-users';

/**
 * The message feed of a narrow: virtualized (only visible rows in the DOM), opened at the anchor
 * (first unread by default), extended by anchors as the user scrolls, marking seen messages read.
 */
export function MessageFeed({ narrow, anchor }: { narrow: Narrow; anchor: FeedAnchor }) {
  const selfId = useSelfId();
  const channels = useChannelIndex();
  const twentyFour = useUserSetting<boolean>('twenty_four_hour_time', false);
  const {
    query,
    messages: loaded,
    initialAnchor,
    live,
    firstUnread: firstUnreadId,
    pages,
  } = useFeed(narrow, anchor);
  const search = useSearchHighlights(narrow, loaded);
  const highlights = search.highlights;
  const muted = useMutedUserIds();
  const leaveOutMuted = muted.size > 0 && !showsDmsWithMuted(narrow);
  const messages = useMemo(() => {
    const hidden = search.hidden;
    if (!hidden.size && !leaveOutMuted) return loaded;
    return loaded.filter((m) => !hidden.has(m.id) && !(leaveOutMuted && inDmWithMuted(m, selfId, muted)));
  }, [loaded, search.hidden, leaveOutMuted, selfId, muted]);
  const parentRef = useRef<HTMLDivElement>(null);
  // Stable while the messages are: a new key function makes the virtualizer lay out every held
  // row again, and the feed renders on every scroll step.
  const getItemKey = useCallback((index: number) => messages[index]?.id ?? index, [messages]);
  const showHeaders = narrow.kind !== 'topic' && narrow.kind !== 'dm';
  const rows = useFeedRowLayout(messages, showHeaders);
  const [estimates] = useState(() => new FeedRowEstimates());
  const estimateSize = useCallback(
    (index: number) => estimates.estimate(messages[index]?.id, rows[index]),
    [estimates, messages, rows],
  );
  const measureElement = useMemo(() => measuringAndLearning(rows), [rows]);

  const [flight] = useState(() => new FeedFlight());
  const rowResizing = useRowResizedByReader();
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => parentRef.current,
    estimateSize,
    measureElement,
    getItemKey,
    // Rows drawn beyond the view: none to speak of while the feed flies (each frame shows new rows
    // anyway, and every row drawn costs the frame).
    overscan: flight.flew ? 1 : 6,
    initialRect: { width: 800, height: 600 },
    // Rows come and go above the view (older pages prepended, pages dropped from either end to
    // bound memory): the virtualizer keeps the first visible message where it was, deciding the
    // new offset while it renders, so no frame ever shows the shifted rows.
    anchorTo: 'end',
    // At the feed's end a row that grows keeps the end in view (an image loading, a reaction added
    // to the newest message). A row the reader opens with "Show more" grows below their eyes
    // instead: no distance from the end counts as the end while it does.
    scrollEndThreshold: rowResizing ? -1 : 1,
  });
  useEffect(() => {
    forgetUnloadedSizes(virtualizer.itemSizeCache, messages);
    forgetUnloadedSizes(estimates.byId, messages);
  }, [virtualizer, estimates, messages]);
  useEffect(() => keepFlightsMoving(virtualizer, flight), [virtualizer, flight]);

  const { opened, openedAtBottom, settled } = useOpeningScroll(
    virtualizer,
    messages,
    query.isSuccess,
    anchor,
    initialAnchor,
    live,
  );
  // Local echoes of sent messages follow the newest message; the view follows them too.
  const echoes = useEchoes(narrow, loaded, query.isSuccess && !pages.hasNewer);
  const lastEcho = echoes[echoes.length - 1];
  const echoKey = lastEcho ? `${echoes.length}:${lastEcho.localId}:${lastEcho.state}` : '';
  const { onScroll, awayFromBottom, jumpToBottom, keepAtBottomAWhile } = useFollowBottom(
    virtualizer,
    parentRef,
    { opened, openedAtBottom, settled },
    messages,
    pages.hasNewer,
    echoKey,
    () => useMessageSelection.getState().byNarrow[narrowKey(narrow)] ?? null,
  );

  const following = !awayFromBottom && !pages.hasNewer;
  useSelectSentMessage(narrowKey(narrow), messages, following);
  const { sentBelow, dismiss: dismissSentBelow } = useSentBelow(messages, following);
  const { selectedId, select } = useFeedSelection(narrow, virtualizer, {
    messages,
    // Chosen where the server's messages open the feed, not the ones kept from the last launch.
    loaded: live,
    anchor,
    serverAnchor: initialAnchor,
    hasNewer: pages.hasNewer,
  });
  const firstUnread = useFirstUnreadJump(narrow, anchor, virtualizer, {
    messages,
    settled,
    select,
    firstId: firstUnreadId,
  });
  // Newer messages not loaded: the button opens the conversation again at the newest.
  const toBottom = pages.hasNewer ? () => useNarrowStore.getState().select(narrow, 'newest') : jumpToBottom;

  const items = virtualizer.getVirtualItems();
  const firstVisible = items[0]?.index ?? 0;
  const lastVisible = items[items.length - 1]?.index ?? 0;
  const { extending, extendError, extend } = pages;
  const inView = virtualizer.range;
  const { flying, heading } = useLightRows(
    flight,
    messages,
    inView?.startIndex ?? firstVisible,
    inView ? inView.endIndex - inView.startIndex + 1 : items.length,
    settled,
  );
  const lastDirection = usePageFetching(
    pages,
    { settled, firstVisible, lastVisible, messages, heading },
    query.isFetching,
  );
  useMarkSeenAsRead(narrow, virtualizer, parentRef, { settled, items, messages });
  // Focus left waiting for the feed (on the page, or on the pane around it, after the conversation
  // before it went away) comes to it once it is open: the keys and Tab go on from the messages.
  useEffect(() => {
    const feed = parentRef.current;
    if (settled && feed && focusWaitingFor(feed)) feed.focus({ preventScroll: true });
  }, [settled]);
  // A conversation with nothing in it yet (a new direct message): the focus waiting for its
  // messages goes to its compose box, where there is something to do.
  const empty = !query.isPending && !query.isError && messages.length === 0;
  const stateRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const field =
      narrow.kind === 'channel'
        ? 'topic'
        : narrow.kind === 'dm' || narrow.kind === 'topic'
          ? 'message'
          : null;
    if (empty && field && stateRef.current && focusWaitingFor(stateRef.current))
      useComposeFocus.getState().requestFocus(field);
  }, [empty, narrow]);
  // Unread messages loaded below what is read on screen: the rows after the last one on screen
  // (overscan rows are not on screen), and that one too while it is cut off at the bottom (it is not
  // read until shown in full, so the button's count is the sidebar's).
  const lastOnScreen = inView?.endIndex ?? lastVisible;
  const unreadAfter = useMemo(() => {
    let count = 0;
    for (let i = lastOnScreen + 1; i < messages.length; i++)
      if (!(messages[i]!.flags ?? []).includes('read')) count++;
    return count;
  }, [messages, lastOnScreen]);
  const viewBottom = (virtualizer.scrollOffset ?? 0) + (virtualizer.scrollRect?.height ?? 0);
  const lastCutOff = (virtualizer.measurementsCache[lastOnScreen]?.end ?? 0) > viewBottom + 4;
  const lastUnread = !(messages[lastOnScreen]?.flags ?? ['read']).includes('read');
  // A window that stops short of the newest message (a conversation opened at its first unread, or
  // loaded again after the event queue was lost) has more unread beyond it: the unread data counts
  // them, so the button still says how many wait and goes on to them, rather than to the bottom.
  const unreadBeyond = useUnreadAfter(narrow, pages.hasNewer ? loaded[loaded.length - 1]?.id : undefined);
  const unreadBelow = unreadAfter + (lastCutOff && lastUnread ? 1 : 0) + (unreadBeyond?.count ?? 0);
  const unreadBelowKnown = !pages.hasNewer || unreadBeyond !== null;
  // "N unread below" goes on from the first of them, as reading would: jumping to the bottom would
  // pass over them all (and what is passed over counts as read).
  const goOnReading = () => {
    const from = lastCutOff && lastUnread ? lastOnScreen : lastOnScreen + 1;
    const next = messages.findIndex((m, i) => i >= from && !(m.flags ?? []).includes('read'));
    if (next < 0 && unreadBeyond?.first != null)
      return useNarrowStore.getState().select(narrow, unreadBeyond.first);
    if (next < 0) return toBottom();
    // The last of them may be as far as the view goes: if so, it ends at the bottom.
    keepAtBottomAWhile();
    virtualizer.scrollToIndex(next, { align: 'start' });
    select(messages[next]!.id);
  };

  // The sent message at the bottom of the view, selected, as the notice promises.
  const showSent = () => {
    const index = messages.findIndex((m) => m.id === sentBelow);
    dismissSentBelow();
    if (index < 0) return;
    virtualizer.scrollToIndex(index, { align: 'end' });
    select(messages[index]!.id);
  };

  const refusal = feedRefusal(narrow, query.error);
  // What the user sent here shows even while the conversation cannot be loaded (a server that does
  // not answer): the box emptied, and the message must be seen to be on its way. The states fill the
  // feed's place, so the compose box stays at the bottom.
  if (refusal || query.isPending || query.isError || messages.length === 0)
    return (
      <div className="feed feed-state" data-testid="message-feed-state" ref={stateRef}>
        {refusal ? (
          <ErrorState error={new Error(refusal)} />
        ) : query.isPending ? (
          <Loading label="Loading messages…" />
        ) : query.isError ? (
          <ErrorState error={query.error} retry={() => void query.refetch()} />
        ) : (
          <Empty>{emptyFeedText(narrow)}</Empty>
        )}
        <PendingMessages echoes={echoes} narrow={narrow} />
      </div>
    );

  return (
    <div
      ref={parentRef}
      // While it flies, rows passing under a still pointer are not hovered (no style work per frame).
      className={flying ? 'feed feed-flying' : 'feed'}
      data-testid="message-feed"
      onScroll={onScroll}
      onKeyDown={(e) => tabWithinFeed(e.nativeEvent, parentRef.current, selectedId)}
      tabIndex={0}
      // A named region: a label on a plain div is not announced (ARIA prohibits it there).
      role="region"
      aria-label="Messages"
      // Until the opening scroll has come to rest, the rows in view are not yet the ones it opens at.
      aria-busy={!settled || undefined}
      data-focus-fallback
    >
      {firstUnread.show && (
        <div className="feed-jump feed-jump-top">
          <button
            type="button"
            className="btn btn-small"
            data-testid="jump-to-first-unread"
            onClick={firstUnread.jump}
          >
            Jump to first unread ↑
          </button>
        </div>
      )}
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
                  selected={m.id === selectedId}
                  onSelect={select}
                  light={flying !== null}
                />
              </div>
            );
          })}
        </div>
      </MessageDisplayProvider>
      <PendingMessages echoes={echoes} narrow={narrow} />
      {(awayFromBottom || pages.hasNewer) && (
        <div className="feed-jump">
          {sentBelow !== null && (
            <div className="feed-sent-below" role="status" data-testid="sent-below">
              <span>Sent! Scroll down to view your message.</span>
              <button type="button" className="btn-link" data-testid="sent-below-show" onClick={showSent}>
                Scroll down
              </button>
              <button
                type="button"
                className="btn btn-small"
                aria-label="Dismiss"
                data-testid="sent-below-dismiss"
                onClick={dismissSentBelow}
              >
                ×
              </button>
            </div>
          )}
          {unreadBelow > 0 && unreadBelowKnown ? (
            <button
              type="button"
              className="btn btn-small"
              data-testid="jump-to-bottom"
              title="Go on to the first unread message below"
              onClick={goOnReading}
            >
              {unreadBelow} unread below ↓
            </button>
          ) : (
            <button type="button" className="btn btn-small" data-testid="jump-to-bottom" onClick={toBottom}>
              Jump to bottom ↓
            </button>
          )}
        </div>
      )}
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

/** What an empty feed says: a search found nothing, nothing is starred, or a conversation awaits its first word. */
function emptyFeedText(narrow: Narrow): string {
  if (narrow.kind === 'search')
    return narrow.query.trim() === MENTIONS_QUERY
      ? 'You have not been mentioned yet.'
      : 'No messages match this search.';
  if (narrow.kind === 'starred')
    return 'No starred messages. Star one (Ctrl+S, or its menu) to find it here.';
  if (narrow.kind === 'all') return 'No messages yet.';
  return 'No messages here yet. Say hello!';
}

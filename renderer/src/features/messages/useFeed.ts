import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isCancelledCall } from '../../../../shared/failures';
import type { ChatBridge } from '../../../../shared/ipc';
import { callApi } from '../../api/call';
import { feedKey, getInitialState, type FeedData, type FeedPageParam } from '../../api/keys';
import { feedJournal } from '../../events/feed-journal';
import type { GetMessagesResponse, Message } from '../../api/model';
import { narrowTerms, type FeedAnchor, type Narrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import { useRememberConversation } from './conversation-cache';
import { useFeedStart } from './feed-start';
import { openingAnchor } from './opening';
import type { PageDirection } from './page-fetch';

/** Messages per page when scrolling; the first page takes half before and half after the anchor. */
export const PAGE_SIZE = 100;
/**
 * Pages kept (1,000 messages, some fifty screens): plenty to scroll back and forth in, and few
 * enough that memory stays flat however far the user scrolls (npm run bench, figure 5). Dropped
 * pages are fetched again by anchor when the user scrolls back to them.
 */
export const MAX_PAGES = 10;
/**
 * The most messages one request asks for, when the reader moves faster than pages of PAGE_SIZE
 * arrive. A batch is kept as pages of PAGE_SIZE, so the window stays MAX_PAGES pages; under half
 * the window, so adding one never trims the rows the reader is on.
 */
export const MAX_BATCH = 400;

/** What the paging decisions read of a page. */
type PageEdge = Pick<GetMessagesResponse, 'messages' | 'found_oldest' | 'found_newest'>;

export function olderPage(first: PageEdge, size = PAGE_SIZE): FeedPageParam | undefined {
  const oldest = first.messages[0];
  if (first.found_oldest || !oldest) return undefined;
  return { anchor: oldest.id, before: size, after: 0, includeAnchor: false };
}

export function newerPage(last: PageEdge, size = PAGE_SIZE): FeedPageParam | undefined {
  const newest = last.messages[last.messages.length - 1];
  if (last.found_newest || !newest) return undefined;
  return { anchor: newest.id, before: 0, after: size, includeAnchor: false };
}

/**
 * A batch as pages of PAGE_SIZE, oldest first, each with the parameter that would fetch it on its
 * own (what a refetch of the window uses) and the edge flags only where they are true of it: only
 * the oldest piece can hold the oldest message, only the newest the newest.
 */
export function splitBatch(
  batch: GetMessagesResponse,
  param: FeedPageParam,
  direction: PageDirection,
): { pages: GetMessagesResponse[]; pageParams: FeedPageParam[] } {
  const { messages } = batch;
  if (messages.length <= PAGE_SIZE) return { pages: [batch], pageParams: [param] };
  const pieces: Message[][] = [];
  // Pieces are cut from the end the batch grew away from, so a short piece is at the far end.
  if (direction === 'older')
    for (let end = messages.length; end > 0; end -= PAGE_SIZE)
      pieces.unshift(messages.slice(Math.max(0, end - PAGE_SIZE), end));
  else
    for (let start = 0; start < messages.length; start += PAGE_SIZE)
      pieces.push(messages.slice(start, start + PAGE_SIZE));
  const last = pieces.length - 1;
  const pages = pieces.map((piece, i) => ({
    ...batch,
    messages: piece,
    found_oldest: i === 0 ? batch.found_oldest : false,
    found_newest: i === last ? batch.found_newest : false,
  }));
  const pageParams = pieces.map((piece, i): FeedPageParam => {
    if (direction === 'older') {
      const above = pieces[i + 1]?.[0]?.id;
      return { anchor: above ?? param.anchor, before: PAGE_SIZE, after: 0, includeAnchor: false };
    }
    const below = pieces[i - 1]?.[pieces[i - 1]!.length - 1]?.id;
    return { anchor: below ?? param.anchor, before: 0, after: PAGE_SIZE, includeAnchor: false };
  });
  return { pages, pageParams };
}

/** How many times a page is asked for again when too many events came while it was on its way. */
const CATCH_UP_ATTEMPTS = 3;

/**
 * A page of the view's messages as they are now: what the server answered, with the events that
 * came while the answer was on its way applied to it (see FeedJournal).
 */
export async function fetchPage(
  queryClient: QueryClient,
  bridge: ChatBridge,
  narrow: Narrow,
  param: FeedPageParam,
  signal?: AbortSignal,
): Promise<GetMessagesResponse> {
  const journal = feedJournal(queryClient);
  for (let attempt = 1; ; attempt++) {
    const since = journal.position();
    const page = await fetchServerPage(bridge, narrow, param, signal);
    const caught = journal.catchUp(page, since, narrow, getInitialState(queryClient)?.user_id);
    if (caught) return caught;
    if (attempt >= CATCH_UP_ATTEMPTS) return page;
  }
}

function fetchServerPage(
  bridge: ChatBridge,
  narrow: Narrow,
  param: FeedPageParam,
  signal?: AbortSignal,
): Promise<GetMessagesResponse> {
  return callApi(
    bridge,
    'getMessages',
    {
      anchor: param.anchor,
      num_before: param.before,
      num_after: param.after,
      include_anchor: param.includeAnchor,
      narrow: narrowTerms(narrow),
      apply_markdown: true,
      allow_empty_topic_name: true,
    },
    signal,
  );
}

/**
 * Adds a fetched page to the window as it is NOW, not as it was when the request left: events
 * that arrived meanwhile (a new message, a flag, an edit) are in the current pages and must stay.
 * The page is dropped when the window no longer ends where it was asked from (it was replaced
 * meanwhile). The far end is trimmed to MAX_PAGES.
 */
export function mergePage(
  current: FeedData,
  page: GetMessagesResponse,
  param: FeedPageParam,
  direction: PageDirection,
): FeedData {
  if (direction === 'older') {
    const first = current.pages[0];
    if (!first || first.messages[0]?.id !== param.anchor) return current;
    const added = splitBatch(page, param, direction);
    return {
      pages: [...added.pages, ...current.pages].slice(0, MAX_PAGES),
      pageParams: [...added.pageParams, ...current.pageParams].slice(0, MAX_PAGES),
    };
  }
  const last = current.pages[current.pages.length - 1];
  if (!last || last.found_newest) return current;
  const newest = last.messages[last.messages.length - 1];
  if (newest?.id !== param.anchor) return current;
  const added = splitBatch(page, param, direction);
  return {
    pages: [...current.pages, ...added.pages].slice(-MAX_PAGES),
    pageParams: [...current.pageParams, ...added.pageParams].slice(-MAX_PAGES),
  };
}

/**
 * Asked when a batch has come in, before it is drawn: the size of the next batch to request at
 * once, the same way, or null. The request is then on the wire while this batch is drawn.
 */
export type FetchAhead = (received: number) => number | null;

/** Batches requested ahead of the drawing per call of extendFeed: one in flight, one being drawn. */
const CHAINED_BATCHES = 1;

/**
 * Fetches the next `size` messages one way and merges them into the cached window (see mergePage);
 * with `ahead`, may ask for the batch after it before drawing this one (at most CHAINED_BATCHES).
 * Aborting `signal` gives up the batch in flight (the call throws, isCancelledCall); batches
 * already merged stay.
 */
export async function extendFeed(
  queryClient: QueryClient,
  bridge: ChatBridge,
  narrow: Narrow,
  anchor: FeedAnchor,
  direction: PageDirection,
  size = PAGE_SIZE,
  ahead?: FetchAhead,
  signal?: AbortSignal,
): Promise<void> {
  const key = feedKey(narrow, anchor);
  const data = queryClient.getQueryData<FeedData>(key);
  const batch = (n: number) => Math.min(MAX_BATCH, Math.max(1, n));
  const edge = direction === 'older' ? data?.pages[0] : data?.pages[data.pages.length - 1];
  const paramFrom = (page: PageEdge, n: number) =>
    direction === 'older' ? olderPage(page, batch(n)) : newerPage(page, batch(n));
  let param = edge && paramFrom(edge, size);
  if (!param) return;
  let pending = fetchPage(queryClient, bridge, narrow, param, signal);
  for (let chained = 0; ; chained++) {
    const page = await pending;
    const nextSize = chained < CHAINED_BATCHES && ahead ? ahead(page.messages.length) : null;
    const next = nextSize ? paramFrom(page, nextSize) : undefined;
    if (next) pending = fetchPage(queryClient, bridge, narrow, next, signal);
    const asked = param;
    queryClient.setQueryData<FeedData>(key, (current) =>
      current ? mergePage(current, page, asked, direction) : current,
    );
    if (!next) return;
    param = next;
  }
}

interface ExtendState {
  conversation: string;
  /** Which extend call the state is about: a later one's answer must not be undone by an earlier one's. */
  request: number;
  extending: PageDirection | null;
  error: unknown;
}

/**
 * A conversation's messages, fetched around an anchor (a message id or the first unread) and
 * extended by anchors as the user scrolls: older pages before, newer pages after.
 */
export function useFeed(narrow: Narrow, anchor: FeedAnchor) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const initialPageParam: FeedPageParam = {
    anchor: openingAnchor(narrow, anchor),
    before: PAGE_SIZE / 2,
    after: PAGE_SIZE / 2,
    includeAnchor: true,
  };
  const key = feedKey(narrow, anchor);
  const { held, placeholderData, firstUnread } = useFeedStart(narrow, anchor, key, initialPageParam);
  const query = useInfiniteQuery({
    queryKey: key,
    initialPageParam,
    placeholderData,
    // Its signal: a conversation left before its messages came in gives up the request.
    queryFn: ({ pageParam, signal }) => fetchPage(queryClient, bridge, narrow, pageParam, signal),
    // Pages are added by extendFeed, not fetchNextPage/fetchPreviousPage (which would merge into
    // the window as it was when the request left, losing what events added meanwhile); these
    // serve a refetch of the whole window.
    getPreviousPageParam: (first) => olderPage(first),
    getNextPageParam: (last) => newerPage(last),
    maxPages: MAX_PAGES,
    // Messages are immutable: event reducers replace a changed message (and its page) with a new
    // object, so deep-comparing every kept page against the last result on each page is wasted.
    structuralSharing: false,
  });
  const messages = useMemo(() => {
    const seen = new Set<number>();
    const list: Message[] = [];
    for (const page of query.data?.pages ?? [])
      for (const m of page.messages) {
        if (seen.has(m.id)) continue;
        seen.add(m.id);
        list.push(m);
      }
    return list;
  }, [query.data]);
  const initialIndex = query.data?.pageParams.findIndex((p) => (p as FeedPageParam).includeAnchor) ?? -1;
  const initialPage = initialIndex >= 0 ? query.data?.pages[initialIndex] : undefined;

  const pages = query.data?.pages;
  useRememberConversation(
    narrow,
    messages,
    query.isSuccess &&
      !query.isPlaceholderData &&
      !!pages?.length &&
      newerPage(pages[pages.length - 1]!) === undefined,
  );
  const hasOlder = !!pages?.[0] && olderPage(pages[0]) !== undefined;
  const hasNewer = !!pages?.length && newerPage(pages[pages.length - 1]!) !== undefined;
  // What extending is doing, for this conversation only (a late answer for the previous one is ignored).
  const conversation = `${JSON.stringify(narrow)}@${anchor ?? ''}`;
  const [state, setState] = useState<ExtendState>({ conversation, request: 0, extending: null, error: null });
  const current = state.conversation === conversation ? state : { extending: null, error: null };
  // The batch under way, to give up when the reader turns back or leaves the conversation.
  const inFlight = useRef<AbortController | null>(null);
  const requests = useRef(0);
  useEffect(
    () => () => {
      inFlight.current?.abort();
      inFlight.current = null;
    },
    [conversation],
  );
  const extend = useCallback(
    (direction: PageDirection, size?: number, ahead?: FetchAhead) => {
      const request = ++requests.current;
      setState({ conversation, request, extending: direction, error: null });
      const controller = new AbortController();
      inFlight.current = controller;
      const done = (error: unknown) => {
        if (inFlight.current === controller) inFlight.current = null;
        // Given up is not failed: nothing to show, and the next batch may be asked for at once.
        setState((s) =>
          s.conversation === conversation && s.request === request
            ? { ...s, extending: null, error: isCancelledCall(error) ? null : error }
            : s,
        );
      };
      extendFeed(queryClient, bridge, narrow, anchor, direction, size, ahead, controller.signal).then(
        () => done(null),
        done,
      );
    },
    // `conversation` stands for narrow and anchor: a new object with the same terms is the same.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, bridge, conversation],
  );
  const cancel = useCallback(() => inFlight.current?.abort(), []);

  return {
    query,
    messages,
    initialAnchor: held && !query.isPlaceholderData ? held.anchor : (initialPage?.anchor ?? null),
    /** The server's messages, not the ones kept from the last launch shown meanwhile. */
    live: query.isSuccess && !query.isPlaceholderData,
    /** The narrow's first unread message, kept current by the events. */
    firstUnread,
    pages: { hasOlder, hasNewer, extending: current.extending, extendError: current.error, extend, cancel },
  };
}

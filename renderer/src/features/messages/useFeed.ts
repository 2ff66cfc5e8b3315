import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { ChatBridge } from '../../../../shared/ipc';
import { callApi } from '../../api/call';
import { feedKey, type FeedData, type FeedPageParam } from '../../api/keys';
import type { GetMessagesResponse, Message } from '../../api/model';
import { narrowTerms, type FeedAnchor, type Narrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';
import type { PageDirection } from './page-fetch';

/** Messages per page when scrolling; the first page takes half before and half after the anchor. */
export const PAGE_SIZE = 100;
/**
 * Pages kept (1,000 messages, some fifty screens): plenty to scroll back and forth in, and few
 * enough that memory stays flat however far the user scrolls (npm run bench, figure 5). Dropped
 * pages are fetched again by anchor when the user scrolls back to them.
 */
export const MAX_PAGES = 10;

/** What the paging decisions read of a page. */
type PageEdge = Pick<GetMessagesResponse, 'messages' | 'found_oldest' | 'found_newest'>;

export function olderPage(first: PageEdge): FeedPageParam | undefined {
  const oldest = first.messages[0];
  if (first.found_oldest || !oldest) return undefined;
  return { anchor: oldest.id, before: PAGE_SIZE, after: 0, includeAnchor: false };
}

export function newerPage(last: PageEdge): FeedPageParam | undefined {
  const newest = last.messages[last.messages.length - 1];
  if (last.found_newest || !newest) return undefined;
  return { anchor: newest.id, before: 0, after: PAGE_SIZE, includeAnchor: false };
}

function fetchPage(bridge: ChatBridge, narrow: Narrow, param: FeedPageParam): Promise<GetMessagesResponse> {
  return callApi(bridge, 'getMessages', {
    anchor: param.anchor,
    num_before: param.before,
    num_after: param.after,
    include_anchor: param.includeAnchor,
    narrow: narrowTerms(narrow),
    apply_markdown: true,
    allow_empty_topic_name: true,
  });
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
    return {
      pages: [page, ...current.pages].slice(0, MAX_PAGES),
      pageParams: [param, ...current.pageParams].slice(0, MAX_PAGES),
    };
  }
  const last = current.pages[current.pages.length - 1];
  if (!last || last.found_newest) return current;
  const newest = last.messages[last.messages.length - 1];
  if (newest?.id !== param.anchor) return current;
  return {
    pages: [...current.pages, page].slice(-MAX_PAGES),
    pageParams: [...current.pageParams, param].slice(-MAX_PAGES),
  };
}

/** Fetches the next page one way and merges it into the cached window (see mergePage). */
export async function extendFeed(
  queryClient: QueryClient,
  bridge: ChatBridge,
  narrow: Narrow,
  anchor: FeedAnchor,
  direction: PageDirection,
): Promise<void> {
  const key = feedKey(narrow, anchor);
  const data = queryClient.getQueryData<FeedData>(key);
  const edge = direction === 'older' ? data?.pages[0] : data?.pages[data.pages.length - 1];
  const param = edge && (direction === 'older' ? olderPage(edge) : newerPage(edge));
  if (!param) return;
  const page = await fetchPage(bridge, narrow, param);
  queryClient.setQueryData<FeedData>(key, (current) =>
    current ? mergePage(current, page, param, direction) : current,
  );
}

interface ExtendState {
  conversation: string;
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
  const query = useInfiniteQuery({
    queryKey: feedKey(narrow, anchor),
    initialPageParam: {
      anchor: anchor ?? 'first_unread',
      before: PAGE_SIZE / 2,
      after: PAGE_SIZE / 2,
      includeAnchor: true,
    } as FeedPageParam,
    queryFn: ({ pageParam }) => fetchPage(bridge, narrow, pageParam),
    // Pages are added by extendFeed, not fetchNextPage/fetchPreviousPage (which would merge into
    // the window as it was when the request left, losing what events added meanwhile); these
    // serve a refetch of the whole window.
    getPreviousPageParam: olderPage,
    getNextPageParam: newerPage,
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
  const hasOlder = !!pages?.[0] && olderPage(pages[0]) !== undefined;
  const hasNewer = !!pages?.length && newerPage(pages[pages.length - 1]!) !== undefined;
  // What extending is doing, for this conversation only (a late answer for the previous one is ignored).
  const conversation = `${JSON.stringify(narrow)}@${anchor ?? ''}`;
  const [state, setState] = useState<ExtendState>({ conversation, extending: null, error: null });
  const current = state.conversation === conversation ? state : { extending: null, error: null };
  const extend = useCallback(
    (direction: PageDirection) => {
      setState({ conversation, extending: direction, error: null });
      extendFeed(queryClient, bridge, narrow, anchor, direction).then(
        () => setState((s) => (s.conversation === conversation ? { ...s, extending: null } : s)),
        (error: unknown) =>
          setState((s) => (s.conversation === conversation ? { conversation, extending: null, error } : s)),
      );
    },
    // `conversation` stands for narrow and anchor: a new object with the same terms is the same.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, bridge, conversation],
  );

  return {
    query,
    messages,
    initialAnchor: initialPage?.anchor ?? null,
    pages: { hasOlder, hasNewer, extending: current.extending, extendError: current.error, extend },
  };
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../../api/call';
import { ep } from '../../api/endpoints';
import { feedKey, type FeedPageParam } from '../../api/keys';
import type { GetMessagesResponse, Message } from '../../api/model';
import { narrowTerms, type Narrow } from '../../api/narrow';
import { useBridge } from '../../app/bridge-context';

/** Messages per page when scrolling; the first page takes half before and half after the anchor. */
export const PAGE_SIZE = 100;
/**
 * Pages kept (1,000 messages, some fifty screens): plenty to scroll back and forth in, and few
 * enough that memory stays flat however far the user scrolls (npm run bench, figure 5). Dropped
 * pages are fetched again by anchor when the user scrolls back to them.
 */
export const MAX_PAGES = 10;

export function olderPage(first: GetMessagesResponse): FeedPageParam | undefined {
  const oldest = first.messages[0];
  if (first.found_oldest || !oldest) return undefined;
  return { anchor: oldest.id, before: PAGE_SIZE, after: 0, includeAnchor: false };
}

export function newerPage(last: GetMessagesResponse): FeedPageParam | undefined {
  const newest = last.messages[last.messages.length - 1];
  if (last.found_newest || !newest) return undefined;
  return { anchor: newest.id, before: 0, after: PAGE_SIZE, includeAnchor: false };
}

/**
 * A conversation's messages, fetched around an anchor (a message id or the first unread) and
 * extended by anchors as the user scrolls: older pages before, newer pages after.
 */
export function useFeed(narrow: Narrow, anchor: number | null) {
  const bridge = useBridge();
  const query = useInfiniteQuery({
    queryKey: feedKey(narrow, anchor),
    initialPageParam: {
      anchor: anchor ?? 'first_unread',
      before: PAGE_SIZE / 2,
      after: PAGE_SIZE / 2,
      includeAnchor: true,
    } as FeedPageParam,
    queryFn: ({ pageParam }) =>
      callApi<GetMessagesResponse>(bridge, ep.messages, {
        anchor: pageParam.anchor,
        num_before: pageParam.before,
        num_after: pageParam.after,
        include_anchor: pageParam.includeAnchor,
        narrow: narrowTerms(narrow),
        apply_markdown: true,
        allow_empty_topic_name: true,
      }),
    getPreviousPageParam: olderPage,
    getNextPageParam: newerPage,
    // A bounded window of the conversation: pages beyond it are dropped from the far end and
    // fetched again by anchor when the user scrolls back (a topic may hold 100,000 messages).
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
  return { query, messages, initialAnchor: initialPage?.anchor ?? null };
}

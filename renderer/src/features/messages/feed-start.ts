import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { FeedData, FeedPageParam } from '../../api/keys';
import type { FeedAnchor, Narrow } from '../../api/narrow';
import { useSession } from '../../app/session';
import { cachedPage, useCachedConversation } from './conversation-cache';
import { useFirstUnreadId } from './feed-first-unread';
import { heldOpening } from './opening';

/**
 * What a feed opened at its first unread message (`anchor` null) may start from before the server
 * answers, by the unread state as it is now (see heldOpening):
 * - `held`: the window kept from an earlier visit in this session, if it holds where the feed opens
 *   now (its `anchor`); otherwise the window is dropped, and the server asked again. Decided once,
 *   as the feed mounts.
 * - `placeholderData`: the messages kept from the last launch, shown until the server answers,
 *   opened where the unread state says if they hold it, else at their newest; the live page then
 *   decides where the feed opens. The unread state kept from the last launch is as old as that
 *   launch's registration: it is not asked.
 */
export function useFeedStart(
  narrow: Narrow,
  anchor: FeedAnchor,
  key: QueryKey,
  initialPageParam: FeedPageParam,
): {
  held: { anchor: number | null } | undefined;
  placeholderData: FeedData | undefined;
  /** The narrow's first unread message as the unread state says now. */
  firstUnread: number | null;
} {
  const queryClient = useQueryClient();
  const firstUnread = useFirstUnreadId(narrow);
  const [held] = useState(() => {
    const data = anchor === null ? queryClient.getQueryData<FeedData>(key) : undefined;
    const last = data?.pages[data.pages.length - 1];
    if (!data || !last) return undefined;
    const opening = heldOpening(
      data.pages.flatMap((p) => p.messages),
      // Nothing newer to fetch: the window reaches the newest message.
      last.found_newest || last.messages.length === 0,
      firstUnread,
    );
    if (!opening) queryClient.removeQueries({ queryKey: key, exact: true });
    return opening ?? undefined;
  });
  const keptSession = useSession().data?.keptFromLastLaunch === true;
  const cached = cachedPage(useCachedConversation(anchor === null).data, narrow);
  if (anchor !== null || !cached) return { held, placeholderData: undefined, firstUnread };
  const opening = keptSession ? null : heldOpening(cached.messages, true, firstUnread);
  const page = { ...cached, anchor: opening?.anchor ?? cached.anchor };
  return { held, placeholderData: { pages: [page], pageParams: [initialPageParam] }, firstUnread };
}

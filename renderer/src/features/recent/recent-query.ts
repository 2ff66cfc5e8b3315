import type { ChatBridge } from '../../../../shared/ipc';
import { callApi } from '../../api/call';
import type { GetMessagesResponse } from '../../api/model';
import { mergeMessages, recentMessageOf, type RecentData } from './recent-model';

/**
 * The Recent conversations data: one query, not under the feed root (feeds are pages of full
 * messages; this is their summary). Kept live by the message, move and delete reducers.
 */
export const recentKey = ['recentConversations'] as const;

/** Messages per GET /messages page: a few screens of conversations in a busy organization. */
export const RECENT_PAGE = 400;

function fetchBefore(bridge: ChatBridge, anchor: number | 'newest'): Promise<GetMessagesResponse> {
  return callApi(bridge, 'getMessages', {
    anchor,
    num_before: RECENT_PAGE,
    num_after: 0,
    include_anchor: anchor === 'newest',
    narrow: [],
    // Only who wrote where and when is shown: no rendering needed.
    apply_markdown: false,
    allow_empty_topic_name: true,
  });
}

/** The newest page. */
export async function fetchRecent(bridge: ChatBridge, selfId: number | undefined): Promise<RecentData> {
  const page = await fetchBefore(bridge, 'newest');
  return mergeMessages(
    { messages: [], foundOldest: false },
    page.messages.map((m) => recentMessageOf(m, selfId)),
    page.found_oldest,
  );
}

/**
 * The page before the oldest message known, merged into the data as it is when the answer comes
 * (events may have changed it meanwhile). Null when there is nothing older to ask for.
 */
export async function fetchOlder(
  bridge: ChatBridge,
  data: RecentData,
  selfId: number | undefined,
): Promise<((current: RecentData) => RecentData) | null> {
  const oldest = data.messages[0];
  if (data.foundOldest || !oldest) return null;
  const page = await fetchBefore(bridge, oldest.id);
  const incoming = page.messages.map((m) => recentMessageOf(m, selfId));
  return (current) => mergeMessages(current, incoming, current.foundOldest || page.found_oldest);
}

import { feedRootKey, updateInitialState, type FeedData } from '../../api/keys';
import type { EventMap, EventReducer } from '../types';
import { removeStarred } from '../starred';
import { removeUnread } from '../unread';
import { recentOnDelete } from './recent-conversations';
import { dmConversationsOnDelete } from './dm-conversations';
import { markSourcesDeleted } from '../../features/message-actions/message-source';

/** The ids a `delete_message` event removes. */
export function deletedIds(event: EventMap['delete_message']): ReadonlySet<number> {
  // `message_ids` with the `bulk_message_deletion` capability, one `message_id` without it.
  return new Set(event.message_ids ?? (event.message_id !== undefined ? [event.message_id] : []));
}

/**
 * `delete_message`: removes the messages from every feed, the unread counts, the starred ids and the
 * direct-message list.
 */
export const deleteMessage: EventReducer<'delete_message'> = ({ queryClient }, event) => {
  const ids = deletedIds(event);
  queryClient.setQueriesData<FeedData>({ queryKey: feedRootKey }, (data) => {
    if (!data || !Array.isArray(data.pages)) return data;
    return {
      ...data,
      pages: data.pages.map((p) => ({ ...p, messages: p.messages.filter((m) => !ids.has(m.id)) })),
    };
  });
  updateInitialState(queryClient, (s) => removeStarred(removeUnread(s, ids), ids));
  recentOnDelete(queryClient, ids);
  if (event.message_type === 'private') dmConversationsOnDelete(queryClient, ids);
  markSourcesDeleted(queryClient, ids);
  // The channel's last message of a topic may be gone, and the topic with it.
  if (event.stream_id !== undefined)
    void queryClient.invalidateQueries({ queryKey: ['getStreamTopics', { stream_id: event.stream_id }] });
};

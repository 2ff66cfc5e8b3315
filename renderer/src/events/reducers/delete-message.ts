import { feedRootKey, updateInitialState, type FeedData } from '../../api/keys';
import type { EventReducer } from '../types';
import { removeUnread } from '../unread';
import { recentOnDelete } from './recent-conversations';
import { markSourcesDeleted } from '../../features/message-actions/message-source';

/** `delete_message`: removes the messages from every feed and from the unread counts. */
export const deleteMessage: EventReducer<'delete_message'> = ({ queryClient }, event) => {
  // `message_ids` with the `bulk_message_deletion` capability, one `message_id` without it.
  const ids = new Set(event.message_ids ?? (event.message_id !== undefined ? [event.message_id] : []));
  queryClient.setQueriesData<FeedData>({ queryKey: feedRootKey }, (data) => {
    if (!data || !Array.isArray(data.pages)) return data;
    return {
      ...data,
      pages: data.pages.map((p) => ({ ...p, messages: p.messages.filter((m) => !ids.has(m.id)) })),
    };
  });
  updateInitialState(queryClient, (s) => removeUnread(s, ids));
  recentOnDelete(queryClient, ids);
  markSourcesDeleted(queryClient, ids);
  // The channel's last message of a topic may be gone, and the topic with it.
  if (event.stream_id !== undefined)
    void queryClient.invalidateQueries({ queryKey: ['getStreamTopics', { stream_id: event.stream_id }] });
};

import type { EndpointResponse } from '../../../../shared/api';
import { feedRootKey, getInitialState, updateInitialState, type FeedData } from '../../api/keys';
import type { Message } from '../../api/model';
import { messageInNarrow, type Narrow } from '../../api/narrow';
import type { EventMap, EventReducer } from '../types';
import { addUnread, inUnreadMentions } from '../unread';
import { recentOnMessage } from './recent-conversations';

/** The message a `message` event carries, with its flags (the event's own, for this user). */
export function messageOfEvent(event: EventMap['message']): Message {
  const raw = event.message;
  return { ...raw, flags: event.flags ?? raw.flags ?? [], reactions: raw.reactions ?? [] };
}

export function recipientIdsOf(message: Message): number[] {
  return Array.isArray(message.display_recipient) ? message.display_recipient.map((r) => r.id) : [];
}

/** `message`: a new message. Appended to every loaded feed it belongs to, counted unread if unread. */
export const message: EventReducer<'message'> = ({ queryClient }, event) => {
  const msg = messageOfEvent(event);
  const flags = msg.flags ?? [];
  const topic = msg.subject ?? '';
  const state = getInitialState(queryClient);
  const selfId = state?.user_id;
  const recipientIds = recipientIdsOf(msg);

  for (const [key, data] of queryClient.getQueriesData<FeedData>({ queryKey: feedRootKey })) {
    const narrow = (key[1] as { narrow?: Narrow } | undefined)?.narrow;
    if (!data || !narrow || !Array.isArray(data.pages)) continue;
    // A search's matches only the server knows: append, and the feed checks it with
    // matches_narrow before showing it (features/search/highlights.ts).
    if (messageInNarrow(narrow, msg, recipientIds, selfId) === false) continue;
    const last = data.pages[data.pages.length - 1];
    // Only a feed that already shows the newest messages can take it; others fetch it on scroll.
    if (!last || !last.found_newest) continue;
    if (last.messages.some((m) => m.id === msg.id)) continue;
    const pages = [...data.pages];
    pages[pages.length - 1] = { ...last, messages: [...last.messages, msg] };
    queryClient.setQueryData<FeedData>(key, { ...data, pages });
  }

  updateInitialState(queryClient, (s) => {
    let next = s;
    if (!flags.includes('read')) {
      const target = {
        type: msg.type,
        stream_id: msg.stream_id,
        topic,
        otherUserIds: recipientIds.filter((id) => id !== selfId),
      };
      next = addUnread(next, msg.id, target, inUnreadMentions(next, flags, target));
    }
    if (msg.type === 'private') {
      const others = recipientIds.filter((id) => id !== selfId).sort((a, b) => a - b);
      const recents = [...(next.recent_private_conversations ?? [])];
      const index = recents.findIndex(
        (r) => [...r.user_ids].sort((a, b) => a - b).join(',') === others.join(','),
      );
      if (index >= 0) recents.splice(index, 1);
      recents.unshift({ max_message_id: msg.id, user_ids: others });
      next = { ...next, recent_private_conversations: recents };
    }
    return next;
  });

  recentOnMessage(queryClient, msg);

  if (msg.type === 'stream' && msg.stream_id !== undefined) {
    queryClient.setQueriesData<EndpointResponse<'getStreamTopics'>>(
      { queryKey: ['getStreamTopics', { stream_id: msg.stream_id }] },
      (data) => {
        if (!data) return data;
        const rest = data.topics.filter((t) => t.name.toLowerCase() !== topic.toLowerCase());
        return { ...data, topics: [{ name: topic, max_id: msg.id }, ...rest] };
      },
    );
  }
};

import {
  feedRootKey,
  getInitialState,
  updateCachedMessages,
  updateInitialState,
  type FeedData,
} from '../../api/keys';
import type { Narrow } from '../../api/narrow';
import type { EventMap, EventReducer } from '../types';
import type { Message } from '../../api/model';
import { addUnreads, clearAllUnread, removeUnread, type UnreadAddition } from '../unread';

/** What an `update_message_flags` event does to a message (the message itself when it is another). */
export function flaggedBy(event: EventMap['update_message_flags']): (m: Message) => Message {
  const { flag, op } = event;
  const all = event.all === true;
  const ids = new Set(event.messages);
  return (m) => {
    if (!all && !ids.has(m.id)) return m;
    const flags = m.flags ?? [];
    const has = flags.includes(flag);
    if (op === 'add' && !has) return { ...m, flags: [...flags, flag] };
    if (op === 'remove' && has) return { ...m, flags: flags.filter((f) => f !== flag) };
    return m;
  };
}

/** `update_message_flags`: read and starred (and any other flag) on the cached messages and counts. */
export const updateMessageFlags: EventReducer<'update_message_flags'> = ({ queryClient }, event) => {
  const { flag, op } = event;
  const all = event.all === true;
  const ids = new Set(event.messages);

  updateCachedMessages(queryClient, flaggedBy(event));

  if (flag === 'read') {
    if (event.op === 'add')
      updateInitialState(queryClient, (s) => (all ? clearAllUnread(s) : removeUnread(s, ids)));
    else {
      const details = event.message_details ?? {};
      const selfId = getInitialState(queryClient)?.user_id;
      const additions: UnreadAddition[] = [];
      for (const id of ids) {
        const d = details[String(id)];
        if (!d) continue;
        additions.push({
          id,
          target: {
            type: d.type,
            stream_id: d.stream_id,
            topic: d.topic,
            otherUserIds: (d.user_ids ?? []).filter((u) => u !== selfId),
          },
          mentioned: d.mentioned === true,
        });
      }
      updateInitialState(queryClient, (s) => addUnreads(s, additions));
    }
  }

  if (flag === 'starred') {
    updateInitialState(queryClient, (s) => {
      const starred = new Set(s.starred_messages ?? []);
      for (const id of ids)
        if (op === 'add') starred.add(id);
        else starred.delete(id);
      return { ...s, starred_messages: [...starred] };
    });
    // Unstarred messages leave the starred view; newly starred ones appear on refetch.
    for (const [key, data] of queryClient.getQueriesData<FeedData>({ queryKey: feedRootKey })) {
      const narrow = (key[1] as { narrow?: Narrow } | undefined)?.narrow;
      if (narrow?.kind !== 'starred' || !data || !Array.isArray(data.pages)) continue;
      if (op === 'add') void queryClient.invalidateQueries({ queryKey: key, exact: true });
      else
        queryClient.setQueryData<FeedData>(key, {
          ...data,
          pages: data.pages.map((p) => ({ ...p, messages: p.messages.filter((m) => !ids.has(m.id)) })),
        });
    }
  }
};

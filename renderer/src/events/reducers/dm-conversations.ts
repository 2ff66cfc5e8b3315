import {
  feedRootKey,
  getInitialState,
  updateInitialState,
  type FeedData,
  type QueryCacheAccess,
} from '../../api/keys';
import type { Message } from '../../api/model';
import { dmConversationKey } from '../../api/dm-participants';

/** The newest direct messages the sidebar's list is completed from (servers that leave the register's list empty). */
export const recentDmsKey = ['recent-dms'] as const;

interface MessagePage {
  messages: readonly Message[];
}

function participants(message: Message): number[] | null {
  return message.type === 'private' && Array.isArray(message.display_recipient)
    ? message.display_recipient.map((r) => r.id)
    : null;
}

/** The newest message this window holds of each direct-message conversation, leaving out `gone`. */
function newestKnown(queryClient: QueryCacheAccess, selfId: number | undefined, gone: ReadonlySet<number>) {
  const newest = new Map<string, number>();
  const look = (messages: readonly Message[]) => {
    for (const message of messages) {
      const ids = participants(message);
      if (!ids || gone.has(message.id)) continue;
      const key = dmConversationKey(ids, selfId);
      if ((newest.get(key) ?? 0) < message.id) newest.set(key, message.id);
    }
  };
  look(queryClient.getQueryData<MessagePage>(recentDmsKey)?.messages ?? []);
  for (const [, feed] of queryClient.getQueriesData<FeedData>({ queryKey: feedRootKey }))
    for (const page of feed?.pages ?? []) look(page.messages);
  return newest;
}

/**
 * Deleted direct messages leave the sidebar's list: a conversation whose newest message went moves
 * to where its newest remaining one puts it (as the server's list does after a reload), and one
 * with none left in this window goes (the newest direct messages are asked for again, which brings
 * it back if it still has recent ones). Without this the list kept the deleted message's place.
 */
export function dmConversationsOnDelete(queryClient: QueryCacheAccess, ids: ReadonlySet<number>): void {
  const recentDms = queryClient.getQueryData<MessagePage>(recentDmsKey);
  if (recentDms?.messages.some((m) => ids.has(m.id)))
    queryClient.setQueryData<MessagePage>(recentDmsKey, {
      ...recentDms,
      messages: recentDms.messages.filter((m) => !ids.has(m.id)),
    });
  const recents = getInitialState(queryClient)?.recent_private_conversations;
  if (!recents?.some((c) => ids.has(c.max_message_id))) return;
  const selfId = getInitialState(queryClient)?.user_id;
  const newest = newestKnown(queryClient, selfId, ids);
  let lost = false;
  const next = recents.flatMap((c) => {
    if (!ids.has(c.max_message_id)) return [c];
    const max = newest.get(dmConversationKey(c.user_ids, selfId));
    if (max === undefined) lost = true;
    return max === undefined ? [] : [{ ...c, max_message_id: max }];
  });
  updateInitialState(queryClient, (state) => ({ ...state, recent_private_conversations: next }));
  if (lost) void queryClient.invalidateQueries({ queryKey: recentDmsKey, exact: true });
}

import { getInitialState, type QueryCacheAccess } from '../../api/keys';
import type { Message } from '../../api/model';
import {
  mergeMessages,
  moveMessages,
  recentMessageOf,
  removeMessages,
  type RecentData,
} from '../../features/recent/recent-model';
import { recentKey } from '../../features/recent/recent-query';

/**
 * Recent conversations' share of the message events, called by the message, update_message and
 * delete_message reducers. Nothing happens until the view has loaded its data once.
 */
function update(queryClient: QueryCacheAccess, change: (data: RecentData) => RecentData): void {
  const data = queryClient.getQueryData<RecentData>(recentKey);
  if (!data) return;
  const next = change(data);
  if (next !== data) queryClient.setQueryData<RecentData>(recentKey, next);
}

export function recentOnMessage(queryClient: QueryCacheAccess, message: Message): void {
  const selfId = getInitialState(queryClient)?.user_id;
  update(queryClient, (data) => mergeMessages(data, [recentMessageOf(message, selfId)]));
}

/**
 * What a move did to the person's copies of the moved messages, which Recent conversations lists:
 * kept them, took them away (moved to a channel they are not in; their own messages stay theirs),
 * or gave them some (moved in from a channel they are not in: only the server knows which).
 */
export type CopiesAfterMove = 'kept' | 'lost' | 'gained';

export function recentOnMove(
  queryClient: QueryCacheAccess,
  ids: ReadonlySet<number>,
  to: { streamId?: number; topic?: string },
  copies: CopiesAfterMove,
): void {
  if (copies === 'gained') {
    void queryClient.invalidateQueries({ queryKey: recentKey, exact: true });
    return;
  }
  const selfId = getInitialState(queryClient)?.user_id;
  update(queryClient, (data) => {
    const moved = moveMessages(data, ids, to);
    if (copies === 'kept') return moved;
    const lost = new Set(
      moved.messages.filter((m) => ids.has(m.id) && m.senderId !== selfId).map((m) => m.id),
    );
    return removeMessages(moved, lost);
  });
}

export function recentOnDelete(queryClient: QueryCacheAccess, ids: ReadonlySet<number>): void {
  update(queryClient, (data) => removeMessages(data, ids));
}

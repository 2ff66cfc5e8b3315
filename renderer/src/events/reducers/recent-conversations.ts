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

export function recentOnMove(
  queryClient: QueryCacheAccess,
  ids: ReadonlySet<number>,
  to: { streamId?: number; topic?: string },
): void {
  update(queryClient, (data) => moveMessages(data, ids, to));
}

export function recentOnDelete(queryClient: QueryCacheAccess, ids: ReadonlySet<number>): void {
  update(queryClient, (data) => removeMessages(data, ids));
}

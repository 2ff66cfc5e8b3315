import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { SessionStarted } from '../../../shared/ipc';
import { sessionKey } from '../api/keys';

/** Roots of queries that main answers itself: they run while the window shows a kept state. */
const FROM_MAIN = new Set<unknown>(['session', 'accounts', 'conversationCache']);

/**
 * True while the window draws from the state kept from the last launch and `queryKey` asks the
 * server. Such a query waits for the live session: an answer fetched before this launch's event
 * queue exists could miss what happened in between, and the live session's start drops it anyway.
 */
export function waitsForLiveSession(queryClient: QueryClient, queryKey: QueryKey): boolean {
  if (FROM_MAIN.has(queryKey[0])) return false;
  return queryClient.getQueryData<SessionStarted | null>(sessionKey)?.keptFromLastLaunch === true;
}

/** The default `enabled` of every query: not until the live session, when it must wait for it. */
export function enabledUnlessWaiting(queryClient: () => QueryClient) {
  return (query: Query) => !waitsForLiveSession(queryClient(), query.queryKey);
}

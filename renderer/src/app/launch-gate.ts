import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { SessionStarted } from '../../../shared/ipc';
import { sessionKey } from '../api/keys';
import { useConnectionStore } from '../state/connection';

/** Roots of queries answered on this computer (main, or bundled data): they run at any time. */
const LOCAL = new Set<unknown>(['session', 'accounts', 'conversationCache', 'emoji']);

/** The connection states in which the live session is not on its way. */
const UNREACHABLE = new Set(['reconnecting', 'unresponsive', 'offline', 'fatal']);

/**
 * True while the window draws from the state kept from the last launch and `queryKey` asks the
 * server. Such a query waits for the live session: an answer fetched before this launch's event
 * queue exists could miss what happened in between, and the live session's start drops it anyway.
 * Not while the server cannot be reached: the live session is not coming, and a view waiting for
 * it said "Loading…" for as long as the outage lasted; asked now, it says what is wrong.
 */
export function waitsForLiveSession(queryClient: QueryClient, queryKey: QueryKey): boolean {
  if (LOCAL.has(queryKey[0])) return false;
  if (UNREACHABLE.has(useConnectionStore.getState().status.state)) return false;
  return queryClient.getQueryData<SessionStarted | null>(sessionKey)?.keptFromLastLaunch === true;
}

/**
 * The connection failed while the window shows the kept state: the views held back for the live
 * session ask now (and fail, with a Try again, until the server is back; the live session then
 * starts them afresh).
 */
export function releaseHeldQueries(queryClient: QueryClient): void {
  if (queryClient.getQueryData<SessionStarted | null>(sessionKey)?.keptFromLastLaunch !== true) return;
  void queryClient.refetchQueries({
    type: 'active',
    // Only those still waiting: one that failed since has its Try again (and reconnecting retries it).
    predicate: (query) =>
      !LOCAL.has(query.queryKey[0]) && query.state.status === 'pending' && query.state.fetchStatus === 'idle',
  });
}

/**
 * Makes every query of `client` also wait for the live session (`waitsForLiveSession`), on top of
 * its own `enabled`: in the one place all query options pass through, so no query can forget it.
 * Mutations are not held: what the user does (send, react, mark read) goes to the server at once.
 */
export function gateOnLiveSession(client: QueryClient): QueryClient {
  const defaultQueryOptions = client.defaultQueryOptions.bind(client);
  const gated = (options: Parameters<QueryClient['defaultQueryOptions']>[0]) => {
    // Already defaulted (and gated) options pass through unchanged.
    if (options._defaulted) return defaultQueryOptions(options);
    const defaulted = defaultQueryOptions(options);
    const own = defaulted.enabled;
    return {
      ...defaulted,
      enabled: (query: Query<unknown, unknown, unknown, QueryKey>) => {
        const ownValue = typeof own === 'function' ? own(query) : own;
        return ownValue !== false && !waitsForLiveSession(client, query.queryKey);
      },
    };
  };
  client.defaultQueryOptions = gated as QueryClient['defaultQueryOptions'];
  return client;
}

import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { SessionStarted } from '../../../shared/ipc';
import { sessionKey } from '../api/keys';

/** Roots of queries answered on this computer (main, or bundled data): they run at any time. */
const LOCAL = new Set<unknown>(['session', 'accounts', 'conversationCache', 'emoji']);

/**
 * True while the window draws from the state kept from the last launch and `queryKey` asks the
 * server. Such a query waits for the live session: an answer fetched before this launch's event
 * queue exists could miss what happened in between, and the live session's start drops it anyway.
 */
export function waitsForLiveSession(queryClient: QueryClient, queryKey: QueryKey): boolean {
  if (LOCAL.has(queryKey[0])) return false;
  return queryClient.getQueryData<SessionStarted | null>(sessionKey)?.keptFromLastLaunch === true;
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

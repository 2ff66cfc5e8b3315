import { hashKey, notifyManager, type QueryClient } from '@tanstack/react-query';
import type { SessionStarted } from '../../../shared/ipc';
import { sessionKey } from '../api/keys';

/**
 * The session query's data as an external store (for `useSyncExternalStore`), one per query client:
 * what `useInitialState` reads. A query observer per call made every call site pay for React
 * Query's option defaulting, key hashing and result tracking on each render; on a big organization
 * a channel switch renders a few hundred of them. Fetching stays with the session's own observers
 * (`useSession`, which the chat shell holds); this only reads what they hold.
 */
export interface SessionStore {
  subscribe(listener: () => void): () => void;
  get(): SessionStarted | null | undefined;
}

const stores = new WeakMap<QueryClient, SessionStore>();
const sessionHash = hashKey(sessionKey);

export function sessionStore(client: QueryClient): SessionStore {
  const known = stores.get(client);
  if (known) return known;
  const read = () => client.getQueryData<SessionStarted | null>(sessionKey);
  const listeners = new Set<() => void>();
  let stopWatching: (() => void) | null = null;
  let last: SessionStarted | null | undefined;
  const store: SessionStore = {
    // While watching, the last value the cache announced: reading the cache (defaulting options,
    // hashing the key) on each of a few hundred reads per render was most of what it cost.
    get: () => (stopWatching ? last : read()),
    subscribe(listener) {
      // Scheduled with the query observers' notifications, so a component reading the session both
      // ways (useSession and useInitialState) sees one state in a render, not two.
      const notify = notifyManager.batchCalls(listener);
      listeners.add(notify);
      if (!stopWatching) {
        last = read();
        stopWatching = client.getQueryCache().subscribe((event) => {
          if (event.query.queryHash !== sessionHash) return;
          // Read from the cache, not the event: a removed query (the client cleared) reads as gone.
          const now = read();
          if (now === last) return;
          last = now;
          for (const l of listeners) l();
        });
      }
      return () => {
        listeners.delete(notify);
        if (listeners.size > 0 || !stopWatching) return;
        stopWatching();
        stopWatching = null;
      };
    },
  };
  stores.set(client, store);
  return store;
}

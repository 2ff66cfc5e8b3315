import type { Query, QueryClient } from '@tanstack/react-query';
import { feedRootKey } from '../../api/keys';

/**
 * Conversations one has left are kept a while, so opening one again shows what was read at once,
 * and without the server too (offline, or while it restarts), as the real web app keeps the message
 * lists it has built; TanStack's default dropped them five minutes after they were left, and a
 * conversation opened again offline then showed "Could not reach the server" instead of its
 * messages. Events keep every kept conversation current (events/reducers), so what is kept is
 * bounded in count as well as in time, and a new session drops it all (app/session.ts).
 */
export const LEFT_FEED_KEEP_MS = 30 * 60_000;
export const LEFT_FEEDS_MAX = 10;

const isFeed = (query: Query) => query.queryKey[0] === feedRootKey[0];

export function retainLeftFeeds(queryClient: QueryClient, max = LEFT_FEEDS_MAX): () => void {
  queryClient.setQueryDefaults(feedRootKey, { gcTime: LEFT_FEED_KEEP_MS });
  const cache = queryClient.getQueryCache();
  const leftAt = new WeakMap<Query, number>();
  let departures = 0;
  return cache.subscribe((event) => {
    if (event.type !== 'observerRemoved' || !isFeed(event.query) || event.query.getObserversCount() > 0)
      return;
    leftAt.set(event.query, ++departures);
    const left = cache.findAll({ queryKey: feedRootKey, type: 'inactive' });
    if (left.length <= max) return;
    left.sort((a, b) => (leftAt.get(a) ?? 0) - (leftAt.get(b) ?? 0));
    for (const query of left.slice(0, left.length - max)) cache.remove(query);
  });
}

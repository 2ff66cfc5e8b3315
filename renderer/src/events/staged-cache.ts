import {
  hashKey,
  notifyManager,
  partialMatchKey,
  type InvalidateQueryFilters,
  type QueryClient,
  type QueryFilters,
  type QueryKey,
} from '@tanstack/react-query';
import type { QueryCacheAccess } from '../api/keys';

type Updater = unknown | ((old: unknown) => unknown);

/**
 * The query cache as the event reducers see it while they apply one batch of events: reads see the
 * batch's earlier writes, and the writes reach the QueryClient at the end, once per query and in
 * one notification batch. A burst of 100 new messages then costs one update of each feed and of
 * the register state (and one render), not 100 of each.
 */
export class StagedCache {
  private readonly staged = new Map<string, { queryKey: QueryKey; data: unknown }>();
  private readonly invalidations: InvalidateQueryFilters[] = [];

  constructor(private readonly client: QueryClient) {}

  /** The QueryClient methods the reducers use, backed by this batch. */
  get access(): QueryCacheAccess {
    // The QueryClient signatures are generic over tagged keys; these plain ones behave the same.
    return this as unknown as QueryCacheAccess;
  }

  getQueryData(queryKey: QueryKey): unknown {
    const staged = this.staged.get(hashKey(queryKey));
    return staged ? staged.data : this.client.getQueryData(queryKey);
  }

  setQueryData(queryKey: QueryKey, updater: Updater): unknown {
    const old = this.getQueryData(queryKey);
    const next = typeof updater === 'function' ? (updater as (old: unknown) => unknown)(old) : updater;
    // As in TanStack Query, undefined leaves the data alone; so does an unchanged value.
    if (next === undefined || next === old) return old;
    this.staged.set(hashKey(queryKey), { queryKey, data: next });
    return next;
  }

  getQueriesData(filters: QueryFilters): [QueryKey, unknown][] {
    return this.keysMatching(filters).map((key) => [key, this.getQueryData(key)]);
  }

  setQueriesData(filters: QueryFilters, updater: Updater): [QueryKey, unknown][] {
    return this.keysMatching(filters).map((key) => [key, this.setQueryData(key, updater)]);
  }

  invalidateQueries(filters?: InvalidateQueryFilters): Promise<void> {
    this.invalidations.push(filters ?? {});
    return Promise.resolve();
  }

  /** Writes what the batch changed, notifying observers once; then the invalidations. */
  commit(): void {
    notifyManager.batch(() => {
      for (const { queryKey, data } of this.staged.values()) this.client.setQueryData(queryKey, data);
    });
    this.staged.clear();
    for (const filters of this.invalidations.splice(0)) void this.client.invalidateQueries(filters);
  }

  private keysMatching(filters: QueryFilters): QueryKey[] {
    const keys = this.client
      .getQueryCache()
      .findAll(filters)
      .map((query) => query.queryKey);
    // Queries this batch created by setQueryData are not in the cache yet.
    const known = new Set(keys.map((key) => hashKey(key)));
    for (const [hash, { queryKey }] of this.staged)
      if (!known.has(hash) && matchesKey(queryKey, filters)) keys.push(queryKey);
    return keys;
  }
}

function matchesKey(queryKey: QueryKey, { queryKey: wanted, exact }: QueryFilters): boolean {
  if (!wanted) return true;
  return exact ? hashKey(queryKey) === hashKey(wanted) : partialMatchKey(queryKey, wanted);
}

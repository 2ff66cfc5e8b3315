import type { QueryCacheAccess } from '../api/keys';

/** An event as it arrives: `id`, `type` and the fields of its type (spec part 6). */
export interface RawEvent {
  id: number;
  type: string;
  [field: string]: unknown;
}

export interface EventContext {
  /** Writes are staged and reach the QueryClient once per query when the batch is applied. */
  queryClient: QueryCacheAccess;
  /** Current time in ms; injected so tests control expiry. */
  now: number;
}

export type EventReducer = (ctx: EventContext, event: RawEvent) => void;

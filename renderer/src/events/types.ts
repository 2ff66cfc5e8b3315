import type { EventOf, KnownEventType } from '../../../shared/api/events';
import type { QueryCacheAccess } from '../api/keys';

/** Who is typing where, as the reducers write it; the batch applies it to the typing store at its end. */
export interface TypingWrites {
  start(key: string, userId: number, expiresAt: number): void;
  stop(key: string, userId: number): void;
}

export interface EventContext {
  /** Writes are staged and reach the QueryClient once per query when the batch is applied. */
  queryClient: QueryCacheAccess;
  /** Typing indicators, staged the same way and applied with the rest of the batch. */
  typing: TypingWrites;
  /** Current time in ms; injected so tests control expiry. */
  now: number;
}

/** The decoded event of each known type (shared/api/events.ts). */
export type EventMap = { [K in KnownEventType]: EventOf<K> };

/**
 * A reducer of one event type, receiving that type's decoded variant. A union of types is for a
 * reducer that several types share (the three forms of a setting change).
 */
export type EventReducer<K extends KnownEventType> = (ctx: EventContext, event: EventMap[K]) => void;

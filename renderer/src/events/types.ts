import type { QueryClient } from '@tanstack/react-query';

/** An event as it arrives: `id`, `type` and the fields of its type (spec part 6). */
export interface RawEvent {
  id: number;
  type: string;
  [field: string]: unknown;
}

export interface EventContext {
  queryClient: QueryClient;
  /** Current time in ms; injected so tests control expiry. */
  now: number;
}

export type EventReducer = (ctx: EventContext, event: RawEvent) => void;

import type { Presences } from '../../../../shared/api/presence';
import { updateInitialState } from '../../api/keys';
import type { EventMap, EventReducer } from '../types';

type Entry = Presences[string];

/** The later of two times, either possibly unknown. */
function later(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.max(a, b);
}

/**
 * The register state's `presences` with news about some people: per person the later of each time,
 * so a report that arrives after a newer event cannot make anyone look less present than they are.
 */
export function mergePresences(current: Presences | undefined, incoming: Presences): Presences {
  const next: Presences = { ...current };
  for (const [userId, entry] of Object.entries(incoming)) {
    const before: Entry | undefined = next[userId];
    const merged: Entry = { ...before, ...entry };
    const active = later(before?.active_timestamp, entry.active_timestamp);
    const idle = later(before?.idle_timestamp, entry.idle_timestamp);
    if (active !== undefined) merged.active_timestamp = active;
    if (idle !== undefined) merged.idle_timestamp = idle;
    next[userId] = merged;
  }
  return next;
}

/** The older event form (one user's clients, each with a status and its time) as the modern one. */
function fromClients(event: EventMap['presence']): Presences {
  if (event.user_id === undefined || !event.presence) return {};
  const entry: Entry = {};
  for (const client of Object.values(event.presence)) {
    if (client.timestamp === undefined) continue;
    entry.idle_timestamp = later(entry.idle_timestamp, client.timestamp);
    if (client.status === 'active') entry.active_timestamp = later(entry.active_timestamp, client.timestamp);
  }
  return entry.idle_timestamp === undefined ? {} : { [String(event.user_id)]: entry };
}

/** `presence`: someone came online or became active. */
export const presence: EventReducer<'presence'> = ({ queryClient }, event) => {
  const incoming = event.presences ?? fromClients(event);
  if (Object.keys(incoming).length === 0) return;
  updateInitialState(queryClient, (s) => ({ ...s, presences: mergePresences(s.presences, incoming) }));
};

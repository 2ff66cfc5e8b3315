import type { ChatEvent } from '../../../shared/api/events';
import type { EventBatch, SessionStarted } from '../../../shared/ipc';

/** Batches kept for a session the window does not have yet, at most (the oldest go first). */
export const MAX_WAITING_BATCHES = 500;

/**
 * An event batch as the window queues it: one main pushed live, or a session's `eventsSince`
 * (`replayed`: they happened before the window held the session, so nothing announces them).
 */
export type QueuedBatch = EventBatch & { replayed?: boolean };

/**
 * Which event batches the window applies now, given its session: those of that session. A batch
 * of a session the window does not have yet (pushed before the launch's answer or the session's
 * own push reached it, or of an account just switched to) waits for it: every event of a session
 * comes after its registration, so it still applies once the session is in. One of an older
 * session of the same account is dropped (the newer registration already holds it).
 */
export function sortBatches(
  waiting: readonly QueuedBatch[],
  session: SessionStarted | null | undefined,
): { ready: QueuedBatch[]; later: QueuedBatch[] } {
  const ready: QueuedBatch[] = [];
  const later: QueuedBatch[] = [];
  for (const batch of waiting) {
    const sameAccount = session?.accountId === batch.accountId;
    if (sameAccount && batch.generation === session?.generation) ready.push(batch);
    else if (!(sameAccount && batch.generation < (session?.generation ?? 0))) later.push(batch);
  }
  return { ready, later: later.slice(-MAX_WAITING_BATCHES) };
}

/** The last event of a session the window has applied. */
export interface AppliedThrough {
  accountId: string;
  generation: number;
  eventId: number;
}

/**
 * The events of `ready` (batches of `session`) the window has not applied yet, oldest first, each
 * once: a session's `eventsSince` and live batches may both carry an event, in either order.
 * `replayed` are those that came only from `eventsSince`.
 */
export function unappliedEvents(
  ready: readonly QueuedBatch[],
  session: SessionStarted,
  through: AppliedThrough | null,
): { events: ChatEvent[]; replayed: ReadonlySet<number>; through: AppliedThrough } {
  const sameSession = through?.accountId === session.accountId && through.generation === session.generation;
  const from = sameSession ? through.eventId : (session.initialState.last_event_id ?? -1);
  const byId = new Map<number, ChatEvent>();
  const live = new Set<number>();
  for (const batch of ready)
    for (const event of batch.events) {
      if (event.id <= from) continue;
      byId.set(event.id, event);
      if (!batch.replayed) live.add(event.id);
    }
  const events = [...byId.values()].sort((a, b) => a.id - b.id);
  const replayed = new Set(events.filter((event) => !live.has(event.id)).map((event) => event.id));
  return {
    events,
    replayed,
    through: {
      accountId: session.accountId,
      generation: session.generation,
      eventId: events.at(-1)?.id ?? from,
    },
  };
}

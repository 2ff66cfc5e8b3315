import type { EventBatch, SessionStarted } from '../../../shared/ipc';

/** Batches kept for a session the window does not have yet, at most (the oldest go first). */
export const MAX_WAITING_BATCHES = 500;

/**
 * Which event batches the window applies now, given its session: those of that session. A batch
 * of a session the window does not have yet (pushed before the launch's answer or the session's
 * own push reached it, or of an account just switched to) waits for it: every event of a session
 * comes after its registration, so it still applies once the session is in. One of an older
 * session of the same account is dropped (the newer registration already holds it).
 */
export function sortBatches(
  waiting: readonly EventBatch[],
  session: SessionStarted | null | undefined,
): { ready: EventBatch[]; later: EventBatch[] } {
  const ready: EventBatch[] = [];
  const later: EventBatch[] = [];
  for (const batch of waiting) {
    const sameAccount = session?.accountId === batch.accountId;
    if (sameAccount && batch.generation === session?.generation) ready.push(batch);
    else if (!(sameAccount && batch.generation < (session?.generation ?? 0))) later.push(batch);
  }
  return { ready, later: later.slice(-MAX_WAITING_BATCHES) };
}

import { describeFailure, type CallFailure } from '../../shared/errors';

/** Bounds of one account's outbox. */
export interface OutboxLimits {
  /** Messages held at once (waiting, failed or on their way). */
  maxEntries: number;
  /** Requests for one message before it is marked failed and waits for the user. */
  maxAttempts: number;
  /** First wait after a failed attempt, and the longest wait. */
  baseMs: number;
  capMs: number;
  /** How long a delivered message stays listed when its event does not come (its echo's cover). */
  sentGraceMs: number;
}

export const OUTBOX_LIMITS: OutboxLimits = {
  maxEntries: 100,
  maxAttempts: 8,
  baseMs: 1000,
  capMs: 30_000,
  sentGraceMs: 15_000,
};

/**
 * What a failed send means for the message:
 * - `refused`: the server answered no (a 4xx): sending it again unchanged would fail again.
 * - `not_sent`: it never reached the server (rate limited, or held back by this app).
 * - `unknown`: it may have reached the server (no answer, a cut connection, a 5xx, an answer
 *   that could not be read): the server is asked before it is sent again.
 */
export type SendOutcome = { kind: 'refused' | 'not_sent' | 'unknown'; reason: string; waitMs?: number };

export function classifySendFailure(failure: CallFailure): SendOutcome {
  const reason = describeFailure(failure);
  if (failure.kind === 'api') {
    if (failure.status === 429)
      return { kind: 'not_sent', reason, waitMs: (failure.retryAfterSeconds ?? 0) * 1000 };
    // Main's own refusals (status 0: too many requests waiting, ...) never left this machine.
    if (failure.status === 0) return { kind: 'not_sent', reason };
    return { kind: 'refused', reason };
  }
  // No connection was made: nothing to look for on the server before the next attempt.
  if (failure.kind === 'network' && failure.notSent) return { kind: 'not_sent', reason };
  return { kind: 'unknown', reason };
}

/** Exponential backoff with jitter, between half and all of min(cap, base * 2^(attempt-1)). */
export function retryDelay(attempt: number, limits: OutboxLimits, random: () => number): number {
  const ceiling = Math.min(limits.capMs, limits.baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 20));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

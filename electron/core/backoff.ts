/** Waiting, made injectable so tests can record and scale every delay. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or early (without throwing) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    }),
};

export interface BackoffPolicy {
  /** The ceiling of the first wait. */
  baseMs: number;
  /** No wait is ever longer than this. */
  capMs: number;
}

/**
 * "Full jitter": a uniformly random wait between 0 and min(cap, base * 2^attempt), which spreads
 * many clients reconnecting to one server over the whole window instead of a few instants.
 */
export function fullJitterDelay(attempt: number, policy: BackoffPolicy, random: () => number): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(random() * ceiling);
}

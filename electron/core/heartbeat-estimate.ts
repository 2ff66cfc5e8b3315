/**
 * How long a quiet long poll takes to come back with a heartbeat, learned from the polls that did.
 * The server does not announce its heartbeat period; register's `event_queue_longpoll_timeout_seconds`
 * only bounds it from above (spec 4.5), so until a heartbeat has been seen that bound is all there is.
 */
export class HeartbeatEstimate {
  private recent: number[] = [];

  /** Forgets what was learned (a new queue, possibly on a restarted server). */
  reset(): void {
    this.recent = [];
  }

  /** A blocking poll that came back with nothing but a heartbeat after `ms`. */
  observe(ms: number): void {
    this.recent.push(ms);
    if (this.recent.length > RECENT) this.recent.shift();
  }

  /** The heartbeat period as seen so far (the longest recent quiet poll), or null. */
  get periodMs(): number | null {
    return this.recent.length === 0 ? null : Math.max(...this.recent);
  }

  /**
   * When a blocking poll with no answer counts as stalled: the heartbeat period plus a margin for
   * a slow network, never beyond the long-poll timeout (which the server guarantees to exceed it).
   */
  stallAfterMs(longPollTimeoutMs: number): number {
    const period = this.periodMs;
    if (period === null) return longPollTimeoutMs;
    return Math.min(longPollTimeoutMs, Math.round(period * 1.25) + STALL_MARGIN_MS);
  }
}

const RECENT = 5;
/** Added to the heartbeat period before a poll counts as stalled. */
export const STALL_MARGIN_MS = 2000;

import type { CallFailure } from '../../shared/errors';
import type { Presences } from '../../shared/api/presence';
import type { CallResult } from '../../shared/ipc';
import { realClock, type Clock } from './backoff';
import type { CallOptions } from './http-client';
import { isFatalFailure } from './event-loop';

/**
 * One account's presence report (the real service's POST /users/me/presence): every
 * `server_presence_ping_interval_seconds` it says whether the user is at the app (active: they used
 * a window lately) or just connected (idle), and hands on everyone's presence that changed since
 * the last answer. One request at a time; after a failure the next report waits twice as long,
 * up to MAX_BACKOFF_MS, so a server in trouble gets fewer reports, never more.
 */

/** How long after the last input the user still counts as active (the real service's web app: 5 min). */
export const ACTIVE_AFTER_INPUT_MS = 5 * 60_000;
/** `server_presence_ping_interval_seconds` when register did not say. */
export const DEFAULT_PING_INTERVAL_SECONDS = 60;
export const MAX_BACKOFF_MS = 10 * 60_000;

export interface PresenceParams {
  status: 'active' | 'idle';
  new_user_input: boolean;
  slim_presence: true;
  last_update_id: number;
}

export interface PresenceAnswer {
  presences?: Presences;
  server_timestamp?: number;
  presence_last_update_id?: number;
}

export interface PresenceLoopOptions {
  report(params: PresenceParams, options: CallOptions): Promise<CallResult<PresenceAnswer>>;
  /** When the user last used a window of the app (clock time), or null if never. */
  lastInputAt(): number | null;
  onPresences(presences: Presences): void;
  clock?: Clock;
  requestTimeoutMs?: number;
}

export class PresenceLoop {
  private running = false;
  private intervalMs = DEFAULT_PING_INTERVAL_SECONDS * 1000;
  private lastUpdateId = -1;
  /** The input time already reported as `new_user_input`. */
  private reportedInputAt: number | null = null;
  /** Asked to report while a report was under way: the next one goes without waiting. */
  private reportRequested = false;
  private stopController = new AbortController();
  private wakeController = new AbortController();
  private done: Promise<void> = Promise.resolve();
  private readonly clock: Clock;

  constructor(private readonly options: PresenceLoopOptions) {
    this.clock = options.clock ?? realClock;
  }

  /**
   * A new registration: its interval, and its `presence_last_update_id` (its `presences` are
   * what the window starts from), so the next answer carries only what changed since. Reports at
   * once, then on the interval.
   */
  sessionStarted(state: {
    server_presence_ping_interval_seconds?: number;
    presence_last_update_id?: number;
  }): void {
    const seconds = state.server_presence_ping_interval_seconds;
    this.intervalMs = (seconds !== undefined && seconds > 0 ? seconds : DEFAULT_PING_INTERVAL_SECONDS) * 1000;
    this.lastUpdateId = state.presence_last_update_id ?? -1;
    if (!this.running) this.start();
    else this.wake();
  }

  private start(): void {
    this.running = true;
    this.stopController = new AbortController();
    this.done = this.run();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopController.abort();
    await this.done;
  }

  /**
   * The user came back after being idle: others should see them active now, not at the next
   * interval. (At most once per ACTIVE_AFTER_INPUT_MS, since only input after that long counts.)
   */
  reportNow(): void {
    if (this.running) this.wake();
  }

  /** Ends the wait before the next report; a report under way is followed by another at once. */
  private wake(): void {
    this.reportRequested = true;
    this.wakeController.abort();
    this.wakeController = new AbortController();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      this.reportRequested = false;
      const lastInputAt = this.options.lastInputAt();
      const active = lastInputAt !== null && this.clock.now() - lastInputAt < ACTIVE_AFTER_INPUT_MS;
      const result = await this.options.report(
        {
          status: active ? 'active' : 'idle',
          new_user_input: lastInputAt !== null && lastInputAt !== this.reportedInputAt,
          slim_presence: true,
          last_update_id: this.lastUpdateId,
        },
        {
          timeoutMs: this.options.requestTimeoutMs ?? 30_000,
          maxRetries: 0,
          signal: this.stopController.signal,
        },
      );
      if (!this.running) return;
      let waitMs = this.intervalMs;
      if (result.ok) {
        failures = 0;
        this.reportedInputAt = lastInputAt;
        const answer = result.value;
        if (answer.presence_last_update_id !== undefined) this.lastUpdateId = answer.presence_last_update_id;
        if (answer.presences && Object.keys(answer.presences).length > 0)
          this.options.onPresences(answer.presences);
      } else {
        // Signed out for good: the event loop says so; a new session starts the reports again.
        if (isFatalFailure(result.error)) {
          this.running = false;
          return;
        }
        failures++;
        waitMs = backoffMs(this.intervalMs, failures, result.error);
      }
      if (result.ok && this.reportRequested) continue;
      await this.clock.sleep(
        waitMs,
        AbortSignal.any([this.stopController.signal, this.wakeController.signal]),
      );
    }
  }
}

/** The wait after `failures` failures in a row: the interval doubled each time, or what a 429 asks. */
function backoffMs(intervalMs: number, failures: number, failure: CallFailure): number {
  const doubled = Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** Math.min(failures, 10));
  if (failure.kind === 'api' && failure.status === 429 && failure.retryAfterSeconds !== undefined)
    return Math.max(doubled, failure.retryAfterSeconds * 1000);
  return doubled;
}

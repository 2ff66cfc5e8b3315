import type { CallFailure } from '../../shared/errors';
import { describeFailure } from '../../shared/errors';
import type { ChatEvent } from '../../shared/api/events';
import type { RegisterResponse } from '../../shared/api/register';
import type { CallResult, ConnectionStatus, EventBatch, SessionStarted } from '../../shared/ipc';
import { fullJitterDelay, realClock, type BackoffPolicy, type Clock } from './backoff';
import type { CallOptions } from './http-client';
import { HeartbeatEstimate } from './heartbeat-estimate';
import { KeptEvents } from './kept-events';

/**
 * One account's event queue (spec 4.5, part 6): register, long-poll, deliver in order, survive
 * every transient failure, and say what it is doing through the connection status.
 */

/**
 * The capabilities this client declares on every registration. Not `user_avatar_url_field_optional`:
 * with it the real service leaves `avatar_url` out for people who have not used it for weeks
 * (`long_term_idle`), to be fetched from `/avatar/{user_id}` with the account's credentials, which
 * the page's images cannot do; those people would show as initials.
 */
export const CLIENT_CAPABILITIES = {
  notification_settings_null: true,
  bulk_message_deletion: true,
  stream_typing_notifications: true,
  user_settings_object: true,
  linkifier_url_template: true,
  user_list_incomplete: true,
  include_deactivated_groups: true,
  archived_channels: true,
  empty_topic_name: true,
  /** `presence` events carry `presences` in the modern form (user id → times), as register's. */
  simplified_presence_events: true,
} as const;

/**
 * Fixed registration parameters besides the capabilities. `apply_markdown` defaults to false on the
 * service, which would put raw markdown into message events; the feed renders HTML. `slim_presence`
 * selects the modern `presences` (keyed by user id, with times); the default form keys by email.
 */
export const REGISTER_OPTIONS = {
  apply_markdown: true,
  client_gravatar: false,
  slim_presence: true,
} as const;

export interface EventsResponse {
  events: ChatEvent[];
  queue_id?: string | null;
}

/** The three queue calls, as the loop needs them (bound to an account by `queue-api.ts`). */
export interface QueueApi {
  register(
    params: { client_capabilities: typeof CLIENT_CAPABILITIES } & typeof REGISTER_OPTIONS,
    options: CallOptions,
  ): Promise<CallResult<RegisterResponse>>;
  getEvents(
    params: { queue_id: string; last_event_id: number; dont_block?: boolean },
    options: CallOptions,
  ): Promise<CallResult<EventsResponse>>;
  deleteQueue(params: { queue_id: string }, options: CallOptions): Promise<CallResult<unknown>>;
}

export interface EventLoopOptions {
  accountId: string;
  api: QueueApi;
  onSession(session: SessionStarted): void | Promise<void>;
  /** Awaited: `last_event_id` moves past a batch only after this returns. */
  onEvents(batch: EventBatch): void | Promise<void>;
  onStatus(status: ConnectionStatus): void;
  backoff?: BackoffPolicy;
  clock?: Clock;
  random?: () => number;
  /** Client-side timeout of a blocking GET /events when register did not say (seconds). */
  defaultLongPollTimeoutSeconds?: number;
  /** Timeout of register, non-blocking polls and the final DELETE. */
  requestTimeoutMs?: number;
  /**
   * After this long without an answer to register or a non-blocking poll, the server is reported
   * as not responding (the request goes on waiting until its timeout).
   */
  slowCallMs?: number;
  /** At most this many events of a registration are kept for windows that attach later (kept-events.ts). */
  maxKeptEvents?: number;
}

/** Default of `slowCallMs`: long enough for a busy server, short enough to say something soon. */
export const SLOW_CALL_MS = 5000;

const NOT_RESPONDING = 'The server is not responding.';

/** At most one `checkNow` per this long: failures of many calls at once make one new poll. */
export const CHECK_NOW_INTERVAL_MS = 15_000;

/** Codes after which retrying cannot help: the user must sign in again. */
const FATAL_CODES = new Set([
  'UNAUTHORIZED',
  'INVALID_API_KEY',
  'USER_DEACTIVATED',
  'REALM_DEACTIVATED',
  'ACCOUNT_DEACTIVATED',
]);

export function isFatalFailure(failure: CallFailure): boolean {
  return failure.kind === 'api' && (failure.status === 401 || FATAL_CODES.has(failure.code));
}

function isBadQueue(failure: CallFailure): boolean {
  return failure.kind === 'api' && failure.code === 'BAD_EVENT_QUEUE_ID';
}

/** A re-registration loop this tight means the server keeps losing the queue: back off after this many. */
const MAX_IMMEDIATE_REREGISTERS = 3;

export class EventLoop {
  private status: ConnectionStatus = { state: 'connecting' };
  private current: SessionStarted | null = null;
  private generation = 0;
  private queueId: string | null = null;
  private lastEventId = -1;
  private longPollTimeoutMs: number;
  private running = false;
  private online = true;
  private stopController = new AbortController();
  private wakeController = new AbortController();
  private pollController = new AbortController();
  private resyncRequested = false;
  /** This registration's events since, for windows that attach later. */
  private readonly kept: KeptEvents;
  /** When the current backoff wait ends (clock time), for the countdown a late reader sees. */
  private retryAt: number | null = null;
  /** The backoff schedule restarts from its first step (Retry now). */
  private backoffRestart = false;
  /** Retry now gave up a request left unanswered: the attempt after it is not delayed. */
  private skipNextWait = false;
  /** Aborts the request under way when the user gives up on an unanswered one. */
  private attemptController = new AbortController();
  private requestInFlight = false;
  /** `checkNow` gave up the poll under way: the next one starts at once, not counted as a failure. */
  private restartPollRequested = false;
  private lastCheckNowAt = -Infinity;
  /** A request went unanswered past its expected time; cleared by the next answer of any kind. */
  private unresponsive = false;
  private readonly heartbeat = new HeartbeatEstimate();
  private done: Promise<void> = Promise.resolve();
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly policy: BackoffPolicy;

  constructor(private readonly options: EventLoopOptions) {
    this.clock = options.clock ?? realClock;
    this.random = options.random ?? Math.random;
    // Capped at 30 s: with full jitter, a server back after an outage is found 15 s later on average.
    this.policy = options.backoff ?? { baseMs: 1000, capMs: 30_000 };
    this.longPollTimeoutMs = (options.defaultLongPollTimeoutSeconds ?? 90) * 1000;
    this.kept = new KeptEvents(options.maxKeptEvents);
  }

  /** The event queue being polled, or null while none is registered (for `queue_id` on sends). */
  get currentQueueId(): string | null {
    return this.queueId;
  }

  /** The status now; a countdown to the next attempt is what is left of it at this moment. */
  get connectionStatus(): ConnectionStatus {
    const status = this.status;
    if (this.retryAt === null) return status;
    if (status.state === 'reconnecting' || (status.state === 'unresponsive' && status.retryInMs !== null))
      return { ...status, retryInMs: Math.max(0, this.retryAt - this.clock.now()) };
    return status;
  }

  /**
   * Null until the first registration. While a requested resync is under way the old session is
   * withheld, since the fresh one follows in moments, except when the server cannot be reached or
   * refused us for good: then a reloaded renderer gets the last session (the shell, its drafts,
   * the banner saying why) instead of an endless "connecting"; a fresh session replaces it once
   * registration works.
   */
  get session(): SessionStarted | null {
    const current = this.current && this.withEventsSince(this.current);
    if (!this.resyncRequested) return current;
    const failing = this.status.state !== 'connected' && this.status.state !== 'connecting';
    return failing && current ? { ...current, stale: true } : null;
  }

  private withEventsSince(session: SessionStarted): SessionStarted {
    const events = this.kept.list;
    return events?.length ? { ...session, eventsSince: [...events] } : session;
  }

  /**
   * A renderer attached (window loaded, page reloaded, socket reconnected) or the account became
   * the active one again: it gets the registration's state with the events kept since
   * (`session.eventsSince`), or, when more came than are kept, a new session.
   */
  resyncIfStale(): void {
    if (!this.running || this.kept.list !== null || this.resyncRequested) return;
    this.resyncRequested = true;
    this.pollController.abort();
    this.wake();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopController = new AbortController();
    this.done = this.run().catch((error: unknown) => {
      this.setStatus({ state: 'fatal', reason: `Internal error: ${String(error)}` });
    });
  }

  /**
   * The user asked to try again now: the wait is cut short, the backoff starts over from its first
   * (shortest) step, and a poll stalled on a server that does not answer is given up for a new one.
   */
  retryNow(): void {
    if (!this.running) return;
    this.backoffRestart = true;
    if (this.status.state === 'unresponsive' && this.requestInFlight) {
      this.skipNextWait = true;
      this.attemptController.abort();
    }
    this.wake();
  }

  /**
   * Another request of this account failed as a lost server makes requests fail (no connection, no
   * answer, a 502/503/504) while the loop still thinks it is connected: the long poll under way may
   * be waiting on a server that is gone, and the connection banner with it, for up to a minute. That
   * poll is given up for a new one at once (its events stay on the server): a server that is there
   * just holds it, one that is gone fails it, and the banner says so within a second. At most once
   * per CHECK_NOW_INTERVAL_MS.
   */
  checkNow(): void {
    if (!this.running || this.status.state !== 'connected' || !this.requestInFlight) return;
    const now = this.clock.now();
    if (now - this.lastCheckNowAt < CHECK_NOW_INTERVAL_MS) return;
    this.lastCheckNowAt = now;
    this.restartPollRequested = true;
    this.pollController.abort();
  }

  /** Cuts a pending backoff short: the system resumed, or the network came back. */
  wake(): void {
    this.wakeController.abort();
    this.wakeController = new AbortController();
  }

  /** The shell's view of the network; while offline the loop waits instead of retrying. */
  setOnline(online: boolean): void {
    if (this.online === online) return;
    this.online = online;
    if (!online && this.running) {
      this.setStatus({ state: 'offline', reason: 'The network is unavailable.' });
      // A poll under way would come back (heartbeat) and report "connected" while the loop then
      // idles: drop it; its events stay on the server for the first poll once back online.
      this.pollController.abort();
    }
    if (online) this.wake();
  }

  /** Stops polling and deletes the queue on the server (best effort). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopController.abort();
    this.wake();
    await this.done;
    const queueId = this.queueId;
    this.queueId = null;
    if (queueId)
      await this.options.api.deleteQueue(
        { queue_id: queueId },
        { timeoutMs: this.options.requestTimeoutMs ?? 5000, maxRetries: 0 },
      );
  }

  private async run(): Promise<void> {
    let failures = 0;
    let immediateReregisters = 0;
    let recovering = false;
    const signal = this.stopController.signal;

    while (this.running) {
      if (this.resyncRequested && this.queueId !== null) {
        const old = this.queueId;
        this.queueId = null;
        void this.options.api.deleteQueue(
          { queue_id: old },
          { timeoutMs: this.options.requestTimeoutMs ?? 5000, maxRetries: 0 },
        );
      }
      if (!this.online) {
        await this.clock.sleep(this.policy.capMs, this.anySignal());
        continue;
      }

      if (this.queueId === null) {
        this.attemptController = new AbortController();
        const registerSignal = AbortSignal.any([signal, this.attemptController.signal]);
        const result = await this.watchSlow(failures, () =>
          this.options.api.register(
            { client_capabilities: CLIENT_CAPABILITIES, ...REGISTER_OPTIONS },
            { timeoutMs: this.options.requestTimeoutMs ?? 30_000, maxRetries: 0, signal: registerSignal },
          ),
        );
        if (!this.running) {
          // Stopped while registering: the queue just made would otherwise live on until it expires.
          if (result.ok && result.value.queue_id)
            void this.options.api.deleteQueue(
              { queue_id: result.value.queue_id },
              { timeoutMs: this.options.requestTimeoutMs ?? 5000, maxRetries: 0 },
            );
          return;
        }
        this.noteAnswer(result);
        if (!result.ok) {
          if (this.handleFatal(result.error)) return;
          failures++;
          await this.backoff(failures, result.error);
          continue;
        }
        const initialState = result.value;
        if (!initialState.queue_id) {
          failures++;
          await this.backoff(failures, {
            kind: 'malformed',
            status: 200,
            message: 'register returned no queue',
          });
          continue;
        }
        this.queueId = initialState.queue_id;
        this.lastEventId = initialState.last_event_id;
        if (initialState.event_queue_longpoll_timeout_seconds)
          this.longPollTimeoutMs = initialState.event_queue_longpoll_timeout_seconds * 1000;
        this.heartbeat.reset();
        this.generation++;
        this.kept.reset();
        this.resyncRequested = false;
        this.current = {
          accountId: this.options.accountId,
          generation: this.generation,
          initialState,
          registeredAt: this.clock.now(),
        };
        await this.options.onSession(this.current);
        this.setStatus({ state: 'connected' });
        failures = 0;
        recovering = false;
        continue;
      }

      this.pollController = new AbortController();
      this.attemptController = new AbortController();
      const pollSignal = AbortSignal.any([signal, this.pollController.signal, this.attemptController.signal]);
      const blocking = !recovering;
      const poll = () =>
        this.options.api.getEvents(
          {
            queue_id: this.queueId as string,
            last_event_id: this.lastEventId,
            ...(recovering ? { dont_block: true } : {}),
          },
          {
            timeoutMs: recovering ? (this.options.requestTimeoutMs ?? 30_000) : this.longPollTimeoutMs,
            maxRetries: 0,
            signal: pollSignal,
          },
        );
      const pollStarted = this.clock.now();
      // A blocking poll the server should have answered (an event or a heartbeat) by now is given
      // up: the connection is dead or the server hangs. A non-blocking one is only reported.
      const result = blocking
        ? await this.watchStall(this.heartbeat.stallAfterMs(this.longPollTimeoutMs), failures, poll)
        : await this.watchSlow(failures, poll);
      if (!this.running) return;
      this.noteAnswer(result);
      if (this.resyncRequested) continue;
      if (this.restartPollRequested) {
        this.restartPollRequested = false;
        // Given up by checkNow: a poll that came back with events in the meantime still delivers.
        if (result.ok) await this.deliver(result.value.events);
        continue;
      }
      if (!result.ok) {
        if (this.handleFatal(result.error)) return;
        if (isBadQueue(result.error)) {
          // The server forgot the queue (expiry, restart): a fresh registration is the only way on.
          this.queueId = null;
          immediateReregisters++;
          if (immediateReregisters > MAX_IMMEDIATE_REREGISTERS) {
            failures++;
            await this.backoff(failures, result.error);
          }
          continue;
        }
        failures++;
        recovering = true;
        await this.backoff(failures, result.error);
        continue;
      }

      if (blocking && result.value.events.every((event) => event.type === 'heartbeat'))
        this.heartbeat.observe(this.clock.now() - pollStarted);
      immediateReregisters = 0;
      failures = 0;
      recovering = false;
      if (this.status.state !== 'connected' && this.online) this.setStatus({ state: 'connected' });
      await this.deliver(result.value.events);
    }
  }

  private async deliver(events: ChatEvent[]): Promise<void> {
    // Never twice: a retried poll may return events already delivered.
    const fresh = events.filter((event) => event.id > this.lastEventId).sort((a, b) => a.id - b.id);
    if (fresh.length === 0) return;
    const visible = fresh.filter((event) => event.type !== 'heartbeat');
    this.kept.add(visible);
    if (visible.length > 0)
      await this.options.onEvents({
        accountId: this.options.accountId,
        generation: this.generation,
        events: visible,
      });
    this.lastEventId = (fresh[fresh.length - 1] as ChatEvent).id;
  }

  private handleFatal(failure: CallFailure): boolean {
    if (!isFatalFailure(failure)) return false;
    this.running = false;
    this.queueId = null;
    this.setStatus({
      state: 'fatal',
      reason: describeFailure(failure),
      ...(failure.kind === 'api' ? { code: failure.code } : {}),
    });
    return true;
  }

  private backoffStep = 0;

  private async backoff(failures: number, failure: CallFailure): Promise<void> {
    if (this.backoffRestart || failures === 1) this.backoffStep = 0;
    this.backoffRestart = false;
    let delay = this.skipNextWait ? 0 : fullJitterDelay(this.backoffStep++, this.policy, this.random);
    this.skipNextWait = false;
    // The server answered, and said when to come back: that, not the backoff an outage before it
    // grew (a 429 after a long outage waited up to a minute for a limit of one second), with up to
    // a second more so that its clients do not all come back at the same instant.
    const retryAfter =
      failure.kind === 'api' && failure.status === 429 ? failure.retryAfterSeconds : undefined;
    if (retryAfter !== undefined) {
      this.backoffStep = 0;
      delay = retryAfter * 1000 + Math.floor(this.random() * 1000);
    }
    this.retryAt = this.clock.now() + delay;
    if (this.online)
      this.setStatus(
        this.unresponsive
          ? { state: 'unresponsive', failures, retryInMs: delay, reason: NOT_RESPONDING }
          : {
              state: 'reconnecting',
              failures,
              retryInMs: delay,
              reason: reasonOf(failure),
              ...(failure.kind === 'api' && failure.status === 429 ? { rateLimited: true as const } : {}),
            },
      );
    await this.clock.sleep(delay, this.anySignal());
    this.retryAt = null;
  }

  /**
   * Runs a request; if it has no answer after `slowCallMs`, says the server is not responding
   * while it goes on waiting.
   */
  private async watchSlow<T>(
    failures: number,
    request: () => Promise<CallResult<T>>,
  ): Promise<CallResult<T>> {
    const timer = setTimeout(
      () => this.reportUnresponsive(failures),
      this.options.slowCallMs ?? SLOW_CALL_MS,
    );
    this.requestInFlight = true;
    try {
      return await request();
    } finally {
      this.requestInFlight = false;
      clearTimeout(timer);
    }
  }

  /** Runs a blocking poll; past `stallMs` without an answer it is abandoned as stalled. */
  private async watchStall<T>(
    stallMs: number,
    failures: number,
    request: () => Promise<CallResult<T>>,
  ): Promise<CallResult<T>> {
    let stalled = false;
    const timer = setTimeout(() => {
      stalled = true;
      this.reportUnresponsive(failures);
      this.pollController.abort();
    }, stallMs);
    this.requestInFlight = true;
    try {
      const result = await request();
      if (stalled && !result.ok)
        return {
          ok: false,
          error: {
            kind: 'network',
            reason: 'timeout',
            message: `no event or heartbeat within ${stallMs} ms`,
          },
        };
      return result;
    } finally {
      this.requestInFlight = false;
      clearTimeout(timer);
    }
  }

  private reportUnresponsive(failures: number): void {
    if (!this.running || !this.online) return;
    this.unresponsive = true;
    this.setStatus({ state: 'unresponsive', failures, retryInMs: null, reason: NOT_RESPONDING });
  }

  /**
   * Any answer from the server (even an error) means it responds again; a refused connection
   * means it is down rather than hanging. Only a timeout or a cancelled wait keeps the verdict.
   */
  private noteAnswer(result: CallResult<unknown>): void {
    if (result.ok || result.error.kind !== 'network' || result.error.reason === 'connection_failed')
      this.unresponsive = false;
  }

  private anySignal(): AbortSignal {
    return AbortSignal.any([this.stopController.signal, this.wakeController.signal]);
  }

  private setStatus(status: ConnectionStatus): void {
    this.status = status;
    this.options.onStatus(status);
  }
}

function reasonOf(failure: CallFailure): string {
  switch (failure.kind) {
    case 'network':
      return failure.reason === 'timeout' ? 'The server did not answer in time.' : 'Cannot reach the server.';
    case 'api':
      return failure.status === 429 ? 'Rate limited by the server.' : `${failure.code}: ${failure.msg}`;
    case 'server':
      return `Server error (HTTP ${failure.status}).`;
    case 'malformed':
      return `Unreadable response (${failure.message}).`;
    case 'cancelled':
      return 'Cancelled.';
  }
}

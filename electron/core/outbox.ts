import { randomUUID } from 'node:crypto';
import type { GetMessagesParams, SendMessageParams } from '../../shared/api/messages';
import type { ChatEvent } from '../../shared/api/events';
import {
  clientFailureCodes,
  type CallResult,
  type OutboxEntry,
  type OutboxEntryState,
  type OutboxSendRequest,
} from '../../shared/ipc';
import { clientFailure } from './client-failure';
import { dedupeQuery, findSentCopy, type CandidateMessage } from './outbox-dedupe';
import type { StoredEntry, StoredOutbox } from './outbox-file';
import { classifySendFailure, OUTBOX_LIMITS, retryDelay, type OutboxLimits } from './outbox-policy';

/**
 * One account's outbox: every message the user sends goes through it. It is persisted before it
 * is sent, sent in order with the event queue's `queue_id` and a `local_id` (so the server's
 * message event names it), retried with bounded backoff once the connection is back, and never
 * sent twice: after an attempt whose answer was lost, the server is asked whether it has the
 * message (outbox-dedupe.ts) before another request goes out.
 */

export interface OutboxDeps {
  file: { load(): StoredOutbox; save(data: StoredOutbox): void };
  send(params: SendMessageParams): Promise<CallResult<{ id: number }>>;
  /** GET /messages, for the check before sending again. */
  recentMessages(params: GetMessagesParams): Promise<CallResult<CandidateMessage[]>>;
  /** The account's email, as the `sender` operand of that check. */
  sender: string;
  /** The event queue now registered, whose events will carry the `local_id` back. */
  queueId(): string | null;
  /** Whether the event loop is in touch with the server: after a failure, nothing is tried until it is. */
  connected(): boolean;
  onChange(entries: OutboxEntry[]): void;
  now?: () => number;
  random?: () => number;
  newLocalId?: () => string;
  limits?: Partial<OutboxLimits>;
  log?: (message: string) => void;
}

interface LiveEntry extends Omit<StoredEntry, 'state'> {
  state: OutboxEntryState;
  messageId?: number;
  /** No attempt before this time (ms); 0: as soon as its turn comes. */
  nextAttemptAt: number;
}

const RECENT_DELIVERED_KEPT = 200;

export class Outbox {
  private entries: LiveEntry[];
  private recentDelivered: number[];
  /** The newest message id in the events seen so far (message ids grow with time). */
  private newestSeenId = 0;
  private readonly limits: OutboxLimits;
  private readonly now: () => number;
  private readonly random: () => number;
  private pumping = false;
  private stopped = false;
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly graceTimers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly deps: OutboxDeps) {
    this.limits = { ...OUTBOX_LIMITS, ...deps.limits };
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    const stored = deps.file.load();
    this.entries = stored.entries.map((entry) => ({ ...entry, nextAttemptAt: 0 }));
    this.recentDelivered = stored.recentDelivered.slice(-RECENT_DELIVERED_KEPT);
  }

  /** Starts delivering what a previous run left (it waits for the connection if it was tried). */
  start(): void {
    void this.pump();
  }

  stop(): void {
    this.stopped = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    for (const timer of this.graceTimers.values()) clearTimeout(timer);
    this.graceTimers.clear();
  }

  list(): OutboxEntry[] {
    return this.entries.map(publicEntry);
  }

  add(request: OutboxSendRequest): CallResult<OutboxEntry> {
    const held = this.entries.filter((entry) => entry.state !== 'sent').length;
    if (held >= this.limits.maxEntries)
      return clientFailure(
        clientFailureCodes.outboxFull,
        `${held} messages are still waiting to be sent. Send or discard some of them first.`,
      );
    const entry: LiveEntry = {
      localId: this.deps.newLocalId?.() ?? randomUUID(),
      destination: request.destination,
      content: request.content,
      createdAt: this.now(),
      state: 'waiting',
      attempts: 0,
      firstAttemptAt: null,
      uncertain: false,
      nextAttemptAt: 0,
    };
    this.entries.push(entry);
    this.changed();
    void this.pump();
    return { ok: true, value: publicEntry(entry) };
  }

  /** The user's Retry: a failed message gets a new round of attempts, a waiting one is tried now. */
  retry(localId: string): boolean {
    const entry = this.find(localId);
    if (!entry || (entry.state !== 'failed' && entry.state !== 'waiting')) return false;
    if (entry.state === 'failed') entry.attempts = 0;
    entry.state = 'waiting';
    entry.reason = undefined;
    entry.nextAttemptAt = 0;
    this.changed();
    void this.pump();
    return true;
  }

  /** Removes a message that is not on its way right now (Discard, or Edit taking its text back). */
  discard(localId: string): OutboxEntry | null {
    const entry = this.find(localId);
    if (!entry || (entry.state !== 'failed' && entry.state !== 'waiting')) return null;
    const taken = publicEntry(entry);
    this.remove(entry);
    return taken;
  }

  /** The event loop is in touch with the server again: what waits is tried now, in order. */
  connectionChanged(connected: boolean): void {
    if (!connected) return;
    for (const entry of this.entries) if (entry.state === 'waiting') entry.nextAttemptAt = 0;
    void this.pump();
  }

  /**
   * Message events: one carrying a waiting message's `local_id` means the server has it, whatever
   * became of the answer; one for a delivered message means its window has it, so it leaves.
   */
  observe(events: readonly ChatEvent[]): void {
    for (const event of events) {
      if (event.type !== 'message') continue;
      const raw = event as unknown as Record<string, unknown>;
      const messageId = (raw.message as { id?: unknown } | undefined)?.id;
      if (typeof messageId === 'number' && messageId > this.newestSeenId) this.newestSeenId = messageId;
      const localId = localIdOf(raw);
      const entry = this.entries.find(
        (candidate) =>
          (localId !== null && candidate.localId === localId) ||
          (candidate.state === 'sent' && candidate.messageId === messageId),
      );
      if (!entry) continue;
      if (typeof messageId === 'number') this.noteDelivered(messageId);
      this.remove(entry);
    }
  }

  // ---- delivery -------------------------------------------------------------------------------

  private async pump(): Promise<void> {
    if (this.pumping || this.stopped) return;
    this.pumping = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    try {
      for (;;) {
        if (this.stopped) return;
        // Strictly in order: a later message never passes one still waiting.
        const entry = this.entries.find((candidate) => candidate.state === 'waiting');
        if (!entry) return;
        if (entry.attempts > 0 && !this.deps.connected()) return; // connectionChanged resumes
        const wait = entry.nextAttemptAt - this.now();
        if (wait > 0) {
          this.wakeTimer = setTimeout(() => void this.pump(), wait);
          return;
        }
        await this.attempt(entry);
      }
    } finally {
      this.pumping = false;
    }
  }

  private async attempt(entry: LiveEntry): Promise<void> {
    entry.state = 'sending';
    this.changed();
    if (entry.uncertain) {
      const check = await this.checkServer(entry);
      if (entry.state !== 'sending') return; // its event came meanwhile
      // A check the server could not answer counts as an attempt: the waits grow and the message
      // ends failed like any other, rather than the server being asked every second while it fails.
      if (!check.ok) return this.failedAttempt(entry, check.reason);
      if (check.messageId !== null) return this.delivered(entry, check.messageId);
    }
    if (entry.firstAttemptAt === null) {
      entry.firstAttemptAt = this.now();
      if (this.newestSeenId > 0) entry.seenUpToId = this.newestSeenId;
    }
    entry.attempts++;
    // Written before the request leaves: if the app dies now, the next run checks first.
    entry.uncertain = true;
    this.changed();
    const queueId = this.deps.queueId();
    const result = await this.deps.send({
      ...sendParams(entry),
      local_id: entry.localId,
      ...(queueId ? { queue_id: queueId } : {}),
    });
    if (entry.state !== 'sending') return;
    if (result.ok) return this.delivered(entry, result.value.id);
    const outcome = classifySendFailure(result.error);
    if (outcome.kind !== 'unknown') entry.uncertain = false;
    if (outcome.kind === 'refused') {
      this.deps.log?.(`outbox: message refused by the server: ${outcome.reason}`);
      entry.state = 'failed';
      entry.reason = outcome.reason;
      this.changed();
      return;
    }
    this.retryOrFail(entry, outcome.reason, outcome.waitMs ?? 0);
  }

  private failedAttempt(entry: LiveEntry, reason: string): void {
    entry.attempts++;
    this.retryOrFail(entry, reason, 0);
  }

  /** After a failed attempt: another later, or, past the bound, the message waits for the user. */
  private retryOrFail(entry: LiveEntry, reason: string, atLeastMs: number): void {
    if (entry.attempts >= this.limits.maxAttempts) {
      entry.state = 'failed';
      // After a request that may have reached the server, "not sent" would not be known.
      const what = entry.uncertain ? 'No answer' : 'Not sent';
      entry.reason = `${what} after ${entry.attempts} attempts. ${reason}`;
      this.changed();
      return;
    }
    this.retryLater(entry, reason, atLeastMs);
  }

  private async checkServer(
    entry: LiveEntry,
  ): Promise<{ ok: true; messageId: number | null } | { ok: false; reason: string }> {
    const result = await this.deps.recentMessages(dedupeQuery(entry.destination, this.deps.sender));
    if (!result.ok) {
      const outcome = classifySendFailure(result.error);
      return { ok: false, reason: outcome.reason };
    }
    const claimed = new Set(this.recentDelivered);
    for (const other of this.entries) if (other.messageId !== undefined) claimed.add(other.messageId);
    const messageId = findSentCopy(
      result.value,
      {
        destination: entry.destination,
        content: entry.content,
        firstAttemptAt: entry.firstAttemptAt ?? entry.createdAt,
        seenUpToId: entry.seenUpToId ?? 0,
      },
      claimed,
    );
    if (messageId !== null)
      this.deps.log?.(`outbox: the server already had message ${messageId}; not sent again`);
    return { ok: true, messageId };
  }

  private retryLater(entry: LiveEntry, reason: string, atLeastMs: number): void {
    entry.state = 'waiting';
    entry.reason = reason;
    entry.nextAttemptAt =
      this.now() + Math.max(atLeastMs, retryDelay(Math.max(entry.attempts, 1), this.limits, this.random));
    this.changed();
  }

  private delivered(entry: LiveEntry, messageId: number): void {
    entry.state = 'sent';
    entry.messageId = messageId;
    entry.uncertain = false;
    entry.reason = undefined;
    this.noteDelivered(messageId);
    this.changed();
    // Its event normally follows at once; if it never comes (the queue was lost), the echo still goes.
    const timer = setTimeout(() => {
      this.graceTimers.delete(entry.localId);
      if (this.entries.includes(entry)) this.remove(entry);
    }, this.limits.sentGraceMs);
    this.graceTimers.set(entry.localId, timer);
  }

  private noteDelivered(messageId: number): void {
    if (this.recentDelivered.includes(messageId)) return;
    this.recentDelivered = [...this.recentDelivered, messageId].slice(-RECENT_DELIVERED_KEPT);
  }

  private remove(entry: LiveEntry): void {
    // An attempt still awaiting its answer sees this and lets the message go.
    entry.state = 'sent';
    this.entries = this.entries.filter((candidate) => candidate !== entry);
    const timer = this.graceTimers.get(entry.localId);
    if (timer) clearTimeout(timer);
    this.graceTimers.delete(entry.localId);
    this.changed();
  }

  private find(localId: string): LiveEntry | undefined {
    return this.entries.find((entry) => entry.localId === localId);
  }

  private changed(): void {
    // An answer arriving after stop must not overwrite what the next run (same data directory) keeps.
    if (this.stopped) return;
    this.deps.file.save({
      version: 1,
      entries: this.entries.filter((entry) => entry.state !== 'sent').map(storedEntry),
      recentDelivered: this.recentDelivered,
    });
    this.deps.onChange(this.list());
  }
}

/** The real service names it `local_message_id` on the event; `local_id` is read too, as sent. */
export function localIdOf(event: Record<string, unknown>): string | null {
  const value = event.local_message_id ?? event.local_id;
  return typeof value === 'string' && value !== '' ? value : null;
}

function sendParams(entry: LiveEntry): SendMessageParams {
  const { destination, content } = entry;
  return destination.type === 'channel'
    ? { type: 'channel', to: destination.streamId, topic: destination.topic, content }
    : { type: 'direct', to: destination.userIds, content };
}

function storedEntry(entry: LiveEntry): StoredEntry {
  return {
    localId: entry.localId,
    destination: entry.destination,
    content: entry.content,
    createdAt: entry.createdAt,
    // One on its way when the app stops is tried again (after the check) on the next run.
    state: entry.state === 'failed' ? 'failed' : 'waiting',
    attempts: entry.attempts,
    ...(entry.reason !== undefined ? { reason: entry.reason } : {}),
    firstAttemptAt: entry.firstAttemptAt,
    uncertain: entry.uncertain,
    ...(entry.seenUpToId !== undefined ? { seenUpToId: entry.seenUpToId } : {}),
  };
}

function publicEntry(entry: LiveEntry): OutboxEntry {
  return {
    localId: entry.localId,
    destination: entry.destination,
    content: entry.content,
    createdAt: entry.createdAt,
    state: entry.state,
    attempts: entry.attempts,
    mayBeOnServer: entry.uncertain,
    ...(entry.reason !== undefined ? { reason: entry.reason } : {}),
    ...(entry.messageId !== undefined ? { messageId: entry.messageId } : {}),
  };
}

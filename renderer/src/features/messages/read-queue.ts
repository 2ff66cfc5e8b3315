import type { ChatBridge } from '../../../../shared/ipc';
import { onAppliedEvents } from '../../events/taps';
import { bridgeForShownAccount, useAccountScope } from '../../state/account-scope';
import { useConnectionStore } from '../../state/connection';
import { markSeenAsRead } from './mark-seen';

/** At most this many ids are kept after a failure to be marked read again (one request's worth). */
export const READ_QUEUE_MAX_IDS = 1000;
/** Timed tries after a failure; then the ids wait for the connection to come back. */
export const READ_QUEUE_MAX_TRIES = 6;
const BASE_MS = 1000;
const CAP_MS = 30_000;

export interface ReadQueueDeps {
  send(ids: readonly number[]): Promise<void>;
  random?: () => number;
}

/**
 * Sends "read" for the messages the user has seen, and does not forget those whose request failed
 * (a 503, a reset connection), as the real web app keeps them queued: they go again after a
 * bounded, growing wait, with the next ids the feed marks, or at once when the connection comes
 * back. Ids marked read or unread meanwhile (an `update_message_flags` event) are left out.
 */
export class ReadQueue {
  private readonly waiting = new Set<number>();
  /** Settled while a request was on its way: not kept if that request fails. */
  private readonly settledMeanwhile = new Set<number>();
  private allSettledMeanwhile = false;
  private tries = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending = false;

  constructor(private readonly deps: ReadQueueDeps) {}

  /** Ids waiting to be sent again. */
  get pending(): number[] {
    return [...this.waiting];
  }

  /** Marks `ids` read, with whatever failed before. */
  mark(ids: readonly number[]): void {
    for (const id of ids) this.waiting.add(id);
    void this.flush();
  }

  /** Back in touch with the server: what waits goes now, with a new round of tries. */
  connected(): void {
    if (this.waiting.size === 0) return;
    this.tries = 0;
    void this.flush();
  }

  /** Their read state changed meanwhile: already read, or marked unread on purpose. */
  settled(ids: Iterable<number>, all = false): void {
    if (all) this.waiting.clear();
    else for (const id of ids) this.waiting.delete(id);
    if (this.sending) {
      if (all) this.allSettledMeanwhile = true;
      else for (const id of ids) this.settledMeanwhile.add(id);
    }
    if (this.waiting.size === 0) this.cancelTimer();
  }

  /** Another account: its messages are not this one's to mark (not even a request failing now). */
  clear(): void {
    this.waiting.clear();
    if (this.sending) this.allSettledMeanwhile = true;
    this.tries = 0;
    this.cancelTimer();
  }

  /** After a failure: bounded, so an outage that lasts does not pile up requests for later. */
  private keep(ids: readonly number[]): void {
    for (const id of ids) {
      if (this.waiting.size >= READ_QUEUE_MAX_IDS) break;
      this.waiting.add(id);
    }
  }

  private async flush(): Promise<void> {
    if (this.sending || this.waiting.size === 0) return;
    this.cancelTimer();
    this.sending = true;
    this.settledMeanwhile.clear();
    this.allSettledMeanwhile = false;
    const ids = [...this.waiting];
    this.waiting.clear();
    try {
      await this.deps.send(ids);
      this.tries = 0;
    } catch {
      if (!this.allSettledMeanwhile) this.keep(ids.filter((id) => !this.settledMeanwhile.has(id)));
      if (this.waiting.size === 0) return;
      this.tries++;
      if (this.tries < READ_QUEUE_MAX_TRIES) {
        const ceiling = Math.min(CAP_MS, BASE_MS * 2 ** (this.tries - 1));
        const wait = ceiling / 2 + ((this.deps.random ?? Math.random)() * ceiling) / 2;
        this.timer = setTimeout(() => void this.flush(), wait);
      }
      return;
    } finally {
      this.sending = false;
    }
    // Marked while this request was on its way.
    if (this.waiting.size > 0) void this.flush();
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

const queues = new WeakMap<ChatBridge, ReadQueue>();

/** The page's queue for `bridge`, following the connection, the events and the account. */
export function readQueueFor(bridge: ChatBridge): ReadQueue {
  const existing = queues.get(bridge);
  if (existing) return existing;
  const queue = new ReadQueue({
    // For the account whose messages were seen (the queue empties when the window changes
    // account): reaching main after it switched, the request is refused, not sent for another.
    send: (ids) => markSeenAsRead(bridgeForShownAccount(bridge), ids),
  });
  queues.set(bridge, queue);
  useConnectionStore.subscribe((now, before) => {
    if (now.status.state === 'connected' && before.status.state !== 'connected') queue.connected();
  });
  useAccountScope.subscribe((now, before) => {
    if (now.accountId !== before.accountId) queue.clear();
  });
  onAppliedEvents((events) => {
    for (const event of events)
      if (event.kind === 'known' && event.type === 'update_message_flags' && event.flag === 'read')
        queue.settled(event.messages, event.all === true);
  });
  return queue;
}

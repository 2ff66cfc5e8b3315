import { now } from './clock';

/**
 * The bare protocol, straight over fetch: the baselines use nothing but this (no bindings, no
 * validation, no caches), so a ratio against them is the cost of the app itself.
 */

export interface Account {
  email: string;
  api_key: string;
  user_id: number;
  full_name: string;
  role: number;
  is_bot: boolean;
}

export type Fields = Record<string, unknown>;

export class Api {
  private readonly auth: string;
  constructor(
    readonly serverUrl: string,
    readonly account: Account,
  ) {
    this.auth = `Basic ${Buffer.from(`${account.email}:${account.api_key}`).toString('base64')}`;
  }

  async call<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    fields: Fields = {},
    signal?: AbortSignal,
  ): Promise<T> {
    const form = new URLSearchParams(
      Object.entries(fields).map(([k, v]): [string, string] => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    ).toString();
    const query = method === 'GET' || method === 'DELETE';
    const response = await fetch(`${this.serverUrl}/api/v1${path}${query && form ? `?${form}` : ''}`, {
      method,
      headers: {
        Authorization: this.auth,
        ...(query ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
      },
      body: query ? undefined : form,
      signal,
    });
    const body = (await response.json()) as T & { result?: string; msg?: string };
    if (!response.ok || body.result !== 'success')
      throw new Error(`${method} ${path}: ${response.status} ${body.msg ?? ''}`);
    return body;
  }
}

export interface ReceivedEvent {
  event: Record<string, unknown>;
  /** Driver clock, when the long poll's body had been read and parsed. */
  receivedAt: number;
}

/** A protocol-only client: POST /register, then GET /events in a loop, nothing else. */
export class BareClient {
  private queueId = '';
  private lastEventId = -1;
  private abort = new AbortController();
  private running: Promise<void> | null = null;
  private listeners = new Set<(received: ReceivedEvent) => void>();
  /** Why the loop ended early, if it did (the figures then miss samples, which they report). */
  readonly errors: string[] = [];

  constructor(private readonly api: Api) {}

  async register(fields: Fields): Promise<Record<string, unknown>> {
    const state = await this.api.call<Record<string, unknown>>('POST', '/register', fields);
    this.queueId = state.queue_id as string;
    this.lastEventId = state.last_event_id as number;
    return state;
  }

  onEvent(listener: (received: ReceivedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    this.running = this.loop();
  }

  private async loop(): Promise<void> {
    while (!this.abort.signal.aborted) {
      let body: { events: Record<string, unknown>[] };
      try {
        body = await this.api.call(
          'GET',
          '/events',
          { queue_id: this.queueId, last_event_id: this.lastEventId },
          this.abort.signal,
        );
      } catch (error) {
        if (this.abort.signal.aborted) return;
        this.errors.push(error instanceof Error ? error.message : String(error));
        return;
      }
      const receivedAt = now();
      for (const event of body.events) {
        this.lastEventId = Math.max(this.lastEventId, event.id as number);
        for (const listener of this.listeners) listener({ event, receivedAt });
      }
    }
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running?.catch(() => undefined);
    await this.api.call('DELETE', '/events', { queue_id: this.queueId }).catch(() => undefined);
  }
}

export interface FlagLoopResult {
  batches: number;
  processed: number;
  updated: number;
  ms: number;
}

interface FlagsNarrowBody {
  processed_count: number;
  updated_count: number;
  last_processed_id: number | null;
  found_newest: boolean;
}

/** POST /messages/flags/narrow from the oldest message to the newest, `batch` at a time. */
export async function flagLoop(
  api: Api,
  narrow: Fields[],
  op: 'add' | 'remove',
  flag: string,
  batch: number,
): Promise<FlagLoopResult> {
  const started = now();
  let anchor: number | string = 'oldest';
  let includeAnchor = true;
  const result = { batches: 0, processed: 0, updated: 0, ms: 0 };
  for (;;) {
    const res: FlagsNarrowBody = await api.call<FlagsNarrowBody>('POST', '/messages/flags/narrow', {
      anchor,
      include_anchor: includeAnchor,
      num_before: 0,
      num_after: batch,
      narrow,
      op,
      flag,
    });
    result.batches += 1;
    result.processed += res.processed_count;
    result.updated += res.updated_count;
    if (res.found_newest || res.last_processed_id === null || res.processed_count === 0) break;
    anchor = res.last_processed_id;
    includeAnchor = false;
  }
  result.ms = now() - started;
  return result;
}

import type { ChatEvent } from '../../shared/api/events';
import type { ConnectionStatus, SessionStarted } from '../../shared/ipc';
import type { BackoffPolicy, Clock } from '../../electron/core/backoff';
import { EventLoop } from '../../electron/core/event-loop';
import { HttpClient } from '../../electron/core/http-client';
import { queueApiFor } from '../../electron/core/queue-api';

/**
 * An event loop wired to a real HTTP client, with everything a test asserts on recorded: sessions,
 * delivered events, statuses and every backoff wait (waits are scaled down so tests stay fast).
 */

export interface ScaledClock extends Clock {
  waits: number[];
}

export function scaledClock(scale: number): ScaledClock {
  const waits: number[] = [];
  return {
    waits,
    now: () => Date.now(),
    sleep: (ms, signal) => {
      waits.push(ms);
      return new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const timer = setTimeout(resolve, ms * scale);
        signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
    },
  };
}

export interface Delivered {
  generation: number;
  event: ChatEvent;
}

export function loopHarness(options: {
  serverUrl: string;
  email?: string;
  apiKey?: string;
  backoff?: BackoffPolicy;
  scale?: number;
  requestTimeoutMs?: number;
  maxKeptEvents?: number;
}) {
  const clock = scaledClock(options.scale ?? 0.01);
  const sessions: SessionStarted[] = [];
  const delivered: Delivered[] = [];
  const statuses: ConnectionStatus[] = [];
  const client = new HttpClient({
    serverUrl: options.serverUrl,
    credentials: { email: options.email ?? 'iago@example.com', apiKey: options.apiKey ?? 'key-iago' },
    userAgent: 'TeamChat-test/0',
    clock,
  });
  const policy = options.backoff ?? { baseMs: 200, capMs: 2000 };
  const loop = new EventLoop({
    accountId: 'account-1',
    api: queueApiFor(client),
    clock,
    backoff: policy,
    requestTimeoutMs: options.requestTimeoutMs ?? 2000,
    maxKeptEvents: options.maxKeptEvents,
    onSession: (session) => {
      sessions.push(session);
    },
    onEvents: (batch) => {
      for (const event of batch.events) delivered.push({ generation: batch.generation, event });
    },
    onStatus: (status) => statuses.push(status),
  });
  return { loop, clock, sessions, delivered, statuses, policy };
}

export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The ids delivered in one generation, in delivery order. */
export function idsOf(delivered: Delivered[], generation?: number): number[] {
  return delivered
    .filter((item) => generation === undefined || item.generation === generation)
    .map((item) => item.event.id);
}

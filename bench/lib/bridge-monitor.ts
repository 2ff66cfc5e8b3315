import type { Page } from '@playwright/test';
import { now } from './clock';

/**
 * Watches the page's bridge WebSocket (renderer ↔ web host) from the driver, to split a slow
 * figure into "the call took long" (host + server) and "the page took long" (render, scheduling).
 * Times are when Playwright reports the frames to the driver; both ends of a call are seen the
 * same way, so the difference is the call's duration as the page sees it, give or take a ms.
 */

export interface CallTiming {
  name: string;
  sentAt: number;
  receivedAt: number;
  bytes: number;
  /** For getMessages: num_before + num_after, the batch asked for. */
  asked?: number;
  /** For getMessages: the messages in the answer. */
  received?: number;
}

export class BridgeMonitor {
  private pending = new Map<number, { name: string; sentAt: number; asked?: number }>();
  readonly calls: CallTiming[] = [];

  attach(page: Page): void {
    page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        const frame = parse(payload);
        if (frame?.type !== 'request' || frame.method !== 'call') return;
        const [name, params] = frame.args as [
          unknown,
          { num_before?: unknown; num_after?: unknown } | undefined,
        ];
        const asked =
          typeof params?.num_before === 'number' && typeof params.num_after === 'number'
            ? params.num_before + params.num_after
            : undefined;
        this.pending.set(frame.id as number, { name: String(name), sentAt: now(), asked });
      });
      socket.on('framereceived', ({ payload }) => {
        const at = now();
        if (typeof payload !== 'string' || !payload.startsWith('{"type":"response"')) return;
        const frame = parse(payload);
        const sent = frame ? this.pending.get(frame.id as number) : undefined;
        if (!frame || !sent) return;
        this.pending.delete(frame.id as number);
        this.calls.push({ ...sent, receivedAt: at, bytes: payload.length, received: messageCount(frame) });
      });
    });
  }

  /** Calls of `name` that started at or after `from` (driver clock). */
  since(name: string, from: number): CallTiming[] {
    return this.calls.filter((c) => c.name === name && c.sentAt >= from);
  }
}

/** The length of `messages` in a call's answer (the bridge wraps the result twice), if any. */
function messageCount(frame: Record<string, unknown>): number | undefined {
  let value: unknown = frame.value;
  for (let depth = 0; depth < 3 && value && typeof value === 'object'; depth++) {
    const messages = (value as { messages?: unknown }).messages;
    if (Array.isArray(messages)) return messages.length;
    value = (value as { value?: unknown }).value;
  }
  return undefined;
}

function parse(payload: string | Buffer): Record<string, unknown> | null {
  try {
    return JSON.parse(typeof payload === 'string' ? payload : payload.toString()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

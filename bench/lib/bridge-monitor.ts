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
}

export class BridgeMonitor {
  private pending = new Map<number, { name: string; sentAt: number }>();
  readonly calls: CallTiming[] = [];

  attach(page: Page): void {
    page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        const frame = parse(payload);
        if (frame?.type === 'request' && frame.method === 'call')
          this.pending.set(frame.id as number, { name: String((frame.args as unknown[])[0]), sentAt: now() });
      });
      socket.on('framereceived', ({ payload }) => {
        const at = now();
        if (typeof payload !== 'string' || !payload.startsWith('{"type":"response"')) return;
        const frame = parse(payload);
        const sent = frame ? this.pending.get(frame.id as number) : undefined;
        if (!frame || !sent) return;
        this.pending.delete(frame.id as number);
        this.calls.push({ ...sent, receivedAt: at, bytes: payload.length });
      });
    });
  }

  /** Calls of `name` that started at or after `from` (driver clock). */
  since(name: string, from: number): CallTiming[] {
    return this.calls.filter((c) => c.name === name && c.sentAt >= from);
  }
}

function parse(payload: string | Buffer): Record<string, unknown> | null {
  try {
    return JSON.parse(typeof payload === 'string' ? payload : payload.toString()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { HostFrame } from '../../../shared/ipc-wire';
import { startWebHost, type WebHost } from '../../../electron/web-host';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { waitUntil } from '../../support/loop-harness';
import { pickUser, startReferenceServer, type RunningServer } from '../../support/reference-server';

// Cancelling a call end to end, as a page does it through the web host's socket: the cancel frame
// aborts main's HTTP request (the proxy in front of the reference server sees the connection
// closed), the call is answered at once as cancelled, and the bridge goes on working.

let server: RunningServer;
let proxy: FaultProxy;
let host: WebHost;
let dataDir: string;

class Page {
  private nextId = 1;
  private readonly waiting = new Map<number, (frame: HostFrame) => void>();
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as HostFrame;
      if (frame.type === 'response') this.waiting.get(frame.id)?.(frame);
    });
  }
  async value(method: string, ...args: unknown[]): Promise<unknown> {
    const id = this.nextId++;
    const frame = await new Promise<HostFrame>((resolve) => {
      this.waiting.set(id, resolve);
      this.socket.send(JSON.stringify({ type: 'request', id, method, args }));
    });
    if (frame.type !== 'response' || !frame.ok) throw new Error(`request failed: ${JSON.stringify(frame)}`);
    return frame.value;
  }
}

async function openPage(): Promise<Page> {
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${encodeURIComponent(host.token)}`, {
    headers: { Origin: host.origin },
  });
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  return new Page(socket);
}

const getMessages = {
  anchor: 'newest',
  num_before: 20,
  num_after: 0,
  narrow: [],
  apply_markdown: true,
};

beforeAll(async () => {
  server = await startReferenceServer();
  proxy = await startFaultProxy(server.url);
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-cancel-'));
  const iago = pickUser(server, 'admin');
  host = await startWebHost({
    port: 0,
    dataDir,
    rendererDir: join(dataDir, 'no-renderer'),
    demo: {
      serverUrl: proxy.url,
      users: [{ email: iago.email, apiKey: iago.api_key, fullName: 'A', role: 200 }],
    },
    log: () => {},
  });
  const page = await openPage();
  expect(await page.value('accounts.addDemo', iago.email)).toMatchObject({ ok: true });
  page.socket.close();
});

afterAll(async () => {
  await host.close();
  await proxy.down();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('cancelling a bridge call', () => {
  it('aborts the HTTP request, answers the call as cancelled, and the next call works', async () => {
    const page = await openPage();
    proxy.next({ kind: 'hang' }, '/messages');
    const answer = page.value('call', 'getMessages', getMessages, 41);
    await waitUntil(() => proxy.heldCount === 1, 'the request to reach the proxy');
    expect(await page.value('cancelCall', 41)).toBeNull();
    expect(await answer).toEqual({ ok: false, error: { kind: 'cancelled', message: expect.any(String) } });
    await waitUntil(() => proxy.abandoned.some((r) => r.path.endsWith('/messages')), 'main to close it');
    expect(proxy.heldCount).toBe(0);

    const again = (await page.value('call', 'getMessages', getMessages, 42)) as {
      ok: boolean;
      value?: { messages: unknown[] };
    };
    expect(again.ok).toBe(true);
    expect(again.value?.messages.length).toBeGreaterThan(0);
    page.socket.close();
  });

  it('ignores a cancel for an id unknown, answered or malformed, and the call it names runs on', async () => {
    const page = await openPage();
    expect(await page.value('cancelCall', 999)).toBeNull();
    const done = (await page.value('call', 'getMessages', getMessages, 7)) as { ok: boolean };
    expect(done.ok).toBe(true);
    expect(await page.value('cancelCall', 7)).toBeNull();
    await expect(page.value('cancelCall', 'seven')).rejects.toThrow();
    expect(await page.value('call', 'getMessages', getMessages, -1)).toMatchObject({
      ok: false,
      error: { code: 'CLIENT_INVALID_PARAMS' },
    });
    page.socket.close();
  });

  it('aborts the cancellable calls of a page that closes its socket', async () => {
    const page = await openPage();
    const before = proxy.abandoned.length;
    proxy.next({ kind: 'hang' }, '/messages');
    void page.value('call', 'getMessages', getMessages, 1).catch(() => undefined);
    await waitUntil(() => proxy.heldCount === 1, 'the request to reach the proxy');
    page.socket.close();
    await waitUntil(() => proxy.abandoned.length === before + 1, 'main to close it');
  });
});

import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { HostFrame } from '../../../shared/ipc-wire';
import { startWebHost, type WebHost } from '../../../electron/web-host';
import { FakeChatServer } from '../../support/fake-chat-server';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { waitUntil } from '../../support/loop-harness';

// The whole main-process side through the web host's socket, as a renderer sees it: the accounts
// flow, the allowlist, and the rule that no key ever leaves the main process, checked against
// every frame sent and every log line written.

const KEY = 'k3y-THAT-must-never-leak-0123456789';
const EMAIL = 'iago@example.com';
const leakForms = [
  KEY,
  Buffer.from(`${EMAIL}:${KEY}`).toString('base64'),
  Buffer.from(KEY).toString('base64'),
];

let server: FakeChatServer;
let oldServer: FakeChatServer;
let proxy: FaultProxy;
let host: WebHost;
let dataDir: string;
const logs: string[] = [];
const frames: string[] = [];

class BridgeClient {
  private nextId = 1;
  readonly pushes: Extract<HostFrame, { type: 'push' }>['push'][] = [];
  private readonly waiting = new Map<number, (frame: HostFrame) => void>();
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString();
      frames.push(text);
      const frame = JSON.parse(text) as HostFrame;
      if (frame.type === 'push') this.pushes.push(frame.push);
      else this.waiting.get(frame.id)?.(frame);
    });
  }
  request(method: string, ...args: unknown[]): Promise<HostFrame> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.socket.send(JSON.stringify({ type: 'request', id, method, args }));
    });
  }
  async value(method: string, ...args: unknown[]): Promise<unknown> {
    const frame = await this.request(method, ...args);
    if (frame.type !== 'response' || !frame.ok) throw new Error(`request failed: ${JSON.stringify(frame)}`);
    return frame.value;
  }
}

function connect(
  query: string,
  headers: Record<string, string> = {},
): Promise<{ client: BridgeClient } | { refusedWith: number }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge${query}`, {
      headers: { Origin: host.origin, ...headers },
    });
    const client = new BridgeClient(socket);
    socket.on('open', () => resolve({ client }));
    socket.on('unexpected-response', (_, response) => resolve({ refusedWith: response.statusCode ?? 0 }));
    socket.on('error', () => resolve({ refusedWith: -1 }));
  });
}

async function connected(): Promise<BridgeClient> {
  const result = await connect(`?token=${encodeURIComponent(host.token)}`);
  if (!('client' in result)) throw new Error(`refused: ${result.refusedWith}`);
  return result.client;
}

beforeAll(async () => {
  server = await new FakeChatServer({ users: { [EMAIL]: KEY }, heartbeatMs: 200 }).start();
  oldServer = await new FakeChatServer({ users: { [EMAIL]: KEY }, featureLevel: 52 }).start();
  proxy = await startFaultProxy(server.url);
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-bridge-'));
  host = await startWebHost({
    port: 0,
    dataDir,
    rendererDir: join(dataDir, 'no-renderer'),
    demo: { serverUrl: proxy.url, users: [{ email: EMAIL, apiKey: KEY, fullName: 'Iago', role: 200 }] },
    core: { backoff: { baseMs: 50, capMs: 200 }, requestTimeoutMs: 3000 },
    log: (line) => logs.push(line),
  });
});

afterAll(async () => {
  await host.close();
  await proxy.down();
  await server.close();
  await oldServer.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('web host: who may open the bridge', () => {
  it('refuses a missing or wrong secret, a foreign page and a foreign host name', async () => {
    expect(await connect('')).toEqual({ refusedWith: 401 });
    expect(await connect('?token=')).toEqual({ refusedWith: 401 });
    expect(await connect('?token=not-the-secret')).toEqual({ refusedWith: 401 });
    expect(await connect(`?token=${host.token}x`)).toEqual({ refusedWith: 401 });
    expect(await connect(`?token=${host.token}`, { Origin: 'http://evil.example' })).toEqual({
      refusedWith: 403,
    });
    expect(await connect(`?token=${host.token}`, { Host: `attacker.example:${host.port}` })).toEqual({
      refusedWith: 421,
    });
  });

  it('answers whether a secret is its own, for a page whose socket was refused (a browser hides why)', async () => {
    const check = (query: string) => fetch(`${host.origin}/bridge/check${query}`).then((r) => r.status);
    expect(await check(`?token=${encodeURIComponent(host.token)}`)).toBe(204);
    expect(await check('?token=not-the-secret')).toBe(401);
    expect(await check('')).toBe(401);
  });

  it('serves pages only to its own host name, with the CSP header', async () => {
    const own = await fetch(`${host.origin}/`);
    expect(own.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(own.status).toBe(503); // no renderer built in this test's directory
    const traversal = await fetch(`${host.origin}/..%2f..%2fpackage.json`);
    expect(traversal.status).toBe(404);
  });

  it('answers a malformed URL escape with 400, not 500', async () => {
    for (const path of ['/%E0%A4%A', '/%', '/assets/%zz.js']) {
      const answer = await fetch(`${host.origin}${path}`);
      expect(answer.status, path).toBe(400);
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
  });

  it('answers an unknown method, and drops a connection that sends a frame without an id', async () => {
    const client = await connected();
    expect(await client.request('accounts.exportKeys')).toMatchObject({
      type: 'response',
      ok: false,
      message: expect.stringContaining('Unknown bridge method: accounts.exportKeys'),
    });
    const closed = new Promise<number>((resolve) => client.socket.on('close', (code) => resolve(code)));
    client.socket.send('{"type":"request","method":"accounts.list","args":[]}');
    expect(await closed).toBe(1008);
  });
});

describe('web host: accounts and calls', () => {
  it('offers the demo accounts without their keys', async () => {
    const client = await connected();
    expect(await client.value('accounts.demo')).toEqual({
      serverUrl: proxy.url,
      accounts: [{ email: EMAIL, fullName: 'Iago', role: 200 }],
    });
    expect(await client.value('accounts.list')).toEqual([]);
    expect(await client.value('session')).toBeNull();
    expect(await client.value('call', 'getServerSettings', {})).toMatchObject({
      ok: false,
      error: { kind: 'api', code: 'CLIENT_NO_ACCOUNT' },
    });
  });

  it('probes a server for its public settings before asking for credentials', async () => {
    const client = await connected();
    expect(await client.value('accounts.probeServer', proxy.url)).toMatchObject({
      ok: true,
      value: { serverUrl: proxy.url, settings: { realm_name: 'Fake Org', service_feature_level: 400 } },
    });
    const probe = proxy.requests.find((request) => request.path.endsWith('/server_settings'));
    expect(probe?.authorization).toBeUndefined();
    // A page's address pasted from a browser: the server is found at its host.
    for (const page of [`${proxy.url}/#narrow/channel/1-general`, `${proxy.url}/login/?next=x`])
      expect(await client.value('accounts.probeServer', page)).toMatchObject({
        ok: true,
        value: { serverUrl: proxy.url },
      });
    expect(await client.value('accounts.probeServer', 'not a server at all')).toMatchObject({
      ok: false,
      error: { code: 'CLIENT_INVALID_SERVER_URL' },
    });
  });

  it('refuses a server that is too old, and a wrong key, without storing anything', async () => {
    const client = await connected();
    const tooOld = await client.value('accounts.add', {
      serverUrl: oldServer.url,
      email: EMAIL,
      apiKey: KEY,
    });
    expect(tooOld).toMatchObject({ ok: false, error: { code: 'CLIENT_SERVER_TOO_OLD' } });
    expect(JSON.stringify(tooOld)).toContain('feature level 52');
    expect(JSON.stringify(tooOld)).toContain('89 or newer');
    const wrongKey = await client.value('accounts.add', {
      serverUrl: proxy.url,
      email: EMAIL,
      apiKey: 'nope',
    });
    expect(wrongKey).toMatchObject({ ok: false, error: { kind: 'api', status: 401 } });
    const badUrl = await client.value('accounts.add', { serverUrl: 'ftp://x', email: EMAIL, apiKey: KEY });
    expect(badUrl).toMatchObject({ ok: false, error: { code: 'CLIENT_INVALID_SERVER_URL' } });
    expect(await client.value('accounts.list')).toEqual([]);
  });

  it('signs in, starts a session and streams its events', async () => {
    const client = await connected();
    const added = (await client.value('accounts.addDemo', EMAIL)) as { ok: boolean; value: { id: string } };
    expect(added).toMatchObject({
      ok: true,
      value: {
        serverUrl: proxy.url,
        email: EMAIL,
        realmName: 'Fake Org',
        realmIcon: `${proxy.url}/static/icon.png`,
      },
    });
    expect(await client.value('accounts.active')).toBe(added.value.id);
    await waitUntil(() => client.pushes.some((push) => push.channel === 'session'), 'the session push');
    expect(client.pushes.find((push) => push.channel === 'accounts')?.payload).toMatchObject({
      activeId: added.value.id,
    });
    const id = server.emit('typing', { op: 'start' });
    await waitUntil(() => client.pushes.some((push) => push.channel === 'events'), 'an events push');
    const batch = client.pushes.find((push) => push.channel === 'events')?.payload;
    expect(batch).toMatchObject({
      accountId: added.value.id,
      generation: 1,
      events: [{ id, type: 'typing' }],
    });
    expect(await client.value('connectionStatus')).toEqual({ state: 'connected' });
    expect(await client.value('call', 'getServerSettings', {})).toMatchObject({
      ok: true,
      value: { realm_name: 'Fake Org' },
    });
  });

  it('checks the allowlist and the parameters before anything goes on the wire', async () => {
    const client = await connected();
    const before = proxy.requests.length;
    const registrations = server.registrations;
    for (const name of ['register', 'getEvents', 'deleteQueue', 'toString', '__proto__', 'getSecrets', 42]) {
      expect(await client.value('call', name, {})).toMatchObject({
        ok: false,
        error: { kind: 'api', status: 0, code: 'CLIENT_ENDPOINT_NOT_ALLOWED' },
      });
    }
    expect(await client.value('call', 'getStreamById', { stream_id: 'one' })).toMatchObject({
      ok: false,
      error: { code: 'CLIENT_INVALID_PARAMS', msg: expect.stringContaining('stream_id') },
    });
    expect(await client.value('call', 'getServerSettings', 'not an object')).toMatchObject({
      ok: false,
      error: { code: 'CLIENT_INVALID_PARAMS' },
    });
    const sent = proxy.requests.slice(before).filter((request) => !request.path.endsWith('/events'));
    expect(sent).toEqual([]);
    expect(server.registrations).toBe(registrations);
  });

  it('refuses to open anything but http, https and mailto links', async () => {
    const client = await connected();
    expect(await client.request('openExternal', 'https://example.com/')).toMatchObject({ ok: true });
    expect(await client.request('openExternal', 'mailto:a@example.com')).toMatchObject({ ok: true });
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'not a url'])
      expect(await client.request('openExternal', url)).toMatchObject({ ok: false });
  });

  it('keeps the vault file private and removes the key with the account', async () => {
    const client = await connected();
    const file = join(dataDir, 'accounts.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const [account] = (await client.value('accounts.list')) as { id: string }[];
    const queues = server.queueCount;
    await client.value('accounts.remove', account!.id);
    expect(await client.value('accounts.list')).toEqual([]);
    expect(await client.value('accounts.active')).toBeNull();
    expect(server.queueCount).toBe(queues - 1);
    const stored = readFileSync(file, 'utf8');
    for (const form of leakForms) expect(stored).not.toContain(form);
    expect(stored).not.toContain(EMAIL);
  });

  it('never sent a key in any frame or wrote one to the log', () => {
    expect(frames.length).toBeGreaterThan(20);
    for (const text of [...frames, ...logs]) for (const form of leakForms) expect(text).not.toContain(form);
    expect(logs.some((line) => line.includes('account added'))).toBe(true);
  });
});

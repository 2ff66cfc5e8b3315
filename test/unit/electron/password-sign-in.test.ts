import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { HostFrame } from '../../../shared/ipc-wire';
import { startWebHost, type WebHost } from '../../../electron/web-host';
import { demoConfigFrom } from '../../../electron/core/demo-accounts';
import { parseZuliprc } from '../../../electron/core/zuliprc';
import { startServer, type RunningServer } from '../../../server/index';
import { DEMO_PASSWORD } from '../../../server/realm/users';

// Password sign-in and zuliprc import through the web host's socket, against the reference server:
// what the renderer sends, what it gets back, and that neither the password nor the key it buys
// appears in any frame or log line.

let server: RunningServer;
let host: WebHost;
let dataDir: string;
const logs: string[] = [];
const frames: string[] = [];
const sent: string[] = [];

class BridgeClient {
  private nextId = 1;
  private readonly waiting = new Map<number, (frame: HostFrame) => void>();
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString();
      frames.push(text);
      const frame = JSON.parse(text) as HostFrame;
      if (frame.type === 'response') this.waiting.get(frame.id)?.(frame);
    });
  }
  async value(method: string, ...args: unknown[]): Promise<unknown> {
    const id = this.nextId++;
    const frame = await new Promise<HostFrame>((resolve) => {
      this.waiting.set(id, resolve);
      const text = JSON.stringify({ type: 'request', id, method, args });
      sent.push(text);
      this.socket.send(text);
    });
    if (frame.type !== 'response' || !frame.ok) throw new Error(`request failed: ${JSON.stringify(frame)}`);
    return frame.value;
  }
}

async function connected(): Promise<BridgeClient> {
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${encodeURIComponent(host.token)}`, {
    headers: { Origin: host.origin },
  });
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  return new BridgeClient(socket);
}

const user = (email: string) => [...server.realm.users.values()].find((u) => u.email === email)!;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    seed: 'demo',
    quiet: true,
    timings: { heartbeatSeconds: 1, longpollTimeoutSeconds: 3 },
    loginLimits: { failuresPerUsername: 2, failuresPerAddress: 100, windowSeconds: 60 },
  });
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-password-'));
  host = await startWebHost({
    port: 0,
    dataDir,
    rendererDir: join(dataDir, 'no-renderer'),
    demo: demoConfigFrom(server.url, server.credentials.users),
    core: { backoff: { baseMs: 50, capMs: 200 }, requestTimeoutMs: 3000 },
    log: (line) => logs.push(line),
  });
});

afterAll(async () => {
  await host.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('accounts.signInWithPassword', () => {
  it('exchanges email and password for a key in the main process and adds the account', async () => {
    const client = await connected();
    const result = await client.value('accounts.signInWithPassword', {
      serverUrl: server.url,
      username: 'ADA@northwind.example ',
      password: DEMO_PASSWORD,
    });
    expect(result).toMatchObject({
      ok: true,
      value: { email: 'ada@northwind.example', serverUrl: server.url },
    });
    expect(host.core.vault.credentialsOf((result as { value: { id: string } }).value.id)?.apiKey).toBe(
      user('ada@northwind.example').api_key,
    );
  });

  it('signing in again as someone already here says so and keeps their one account', async () => {
    const client = await connected();
    const request = { serverUrl: server.url, username: 'ada@northwind.example', password: DEMO_PASSWORD };
    const first = (await client.value('accounts.signInWithPassword', request)) as { value: { id: string } };
    const again = await client.value('accounts.signInWithPassword', request);
    expect(again).toMatchObject({ ok: true, value: { id: first.value.id, alreadySignedIn: true } });
    expect(host.core.vault.list().filter((a) => a.email === 'ada@northwind.example')).toHaveLength(1);
  });

  it('a wrong password is the server’s AUTHENTICATION_FAILED, and nothing is stored', async () => {
    const client = await connected();
    const before = host.core.vault.list().length;
    const result = await client.value('accounts.signInWithPassword', {
      serverUrl: server.url,
      username: 'ben@northwind.example',
      password: 'not-it',
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'api',
        status: 401,
        code: 'AUTHENTICATION_FAILED',
        msg: 'Your username or password is incorrect',
      },
    });
    expect(host.core.vault.list().length).toBe(before);
  });

  it('the rate limit comes back at once with its retry-after (no silent retry)', async () => {
    const client = await connected();
    const attempt = () =>
      client.value('accounts.signInWithPassword', {
        serverUrl: server.url,
        username: 'elena@northwind.example',
        password: 'guess',
      });
    await attempt();
    await attempt();
    const started = Date.now();
    const limited = await attempt();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(limited).toMatchObject({ ok: false, error: { status: 429, code: 'RATE_LIMIT_HIT' } });
    const retryAfter = (limited as { error: { extra: Record<string, unknown> } }).error.extra['retry-after'];
    expect(retryAfter).toBeGreaterThan(50);
  });

  it('a deactivated account gets USER_DEACTIVATED', async () => {
    const client = await connected();
    const farid = user('farid@northwind.example');
    farid.is_active = false;
    try {
      const result = await client.value('accounts.signInWithPassword', {
        serverUrl: server.url,
        username: farid.email,
        password: DEMO_PASSWORD,
      });
      expect(result).toMatchObject({ ok: false, error: { code: 'USER_DEACTIVATED' } });
    } finally {
      farid.is_active = true;
    }
  });

  it('refuses plain http to another machine before sending the password', async () => {
    const client = await connected();
    const result = await client.value('accounts.signInWithPassword', {
      serverUrl: 'http://chat.example.com',
      username: 'a@chat.example.com',
      password: 'secret-password',
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'CLIENT_INSECURE_SERVER_URL' } });
  });

  it('the renderer cannot call POST /fetch_api_key itself', async () => {
    const client = await connected();
    const result = await client.value('call', 'fetchApiKey', {
      username: 'ada@northwind.example',
      password: DEMO_PASSWORD,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'CLIENT_ENDPOINT_NOT_ALLOWED' } });
  });
});

describe('accounts.importZuliprc', () => {
  it('adds the account of an [api] section', async () => {
    const chloe = user('chloe@northwind.example');
    const client = await connected();
    const text = `# downloaded from the organization\n[api]\nemail=${chloe.email}\nkey=${chloe.api_key}\nsite=${server.url}\n`;
    expect(await client.value('accounts.importZuliprc', text)).toMatchObject({
      ok: true,
      value: { email: chloe.email, serverUrl: server.url },
    });
  });

  it('a file without the section or a field is refused with what is missing', async () => {
    const client = await connected();
    expect(await client.value('accounts.importZuliprc', 'email=a@b\nkey=x\n')).toMatchObject({
      ok: false,
      error: { code: 'CLIENT_INVALID_ZULIPRC', msg: expect.stringContaining('[api]') },
    });
    expect(await client.value('accounts.importZuliprc', '[api]\nemail=a@b\n')).toMatchObject({
      ok: false,
      error: { code: 'CLIENT_INVALID_ZULIPRC', msg: expect.stringContaining('key, site') },
    });
  });

  it('a wrong key in the file is the server’s refusal, and nothing is stored', async () => {
    const client = await connected();
    const before = host.core.vault.list().length;
    const result = await client.value(
      'accounts.importZuliprc',
      `[api]\nemail=dmitri@northwind.example\nkey=wrong\nsite=${server.url}\n`,
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_API_KEY' } });
    expect(host.core.vault.list().length).toBe(before);
  });
});

describe('parseZuliprc', () => {
  it('reads spaces around =, other sections and comments', () => {
    expect(
      parseZuliprc(
        '; a comment\n[api]\nemail = a@b.example\nkey = abc\nsite = https://chat.example.com\n[other]\nx=1\n',
      ),
    ).toEqual({ ok: true, value: { email: 'a@b.example', apiKey: 'abc', site: 'https://chat.example.com' } });
  });
});

describe('secrets', () => {
  it('the demo list carries the demo passwords (printed for the user), never a key', async () => {
    const client = await connected();
    const demo = (await client.value('accounts.demo')) as { accounts: Record<string, unknown>[] };
    expect(demo.accounts.find((a) => a.email === 'ada@northwind.example')).toEqual({
      email: 'ada@northwind.example',
      fullName: 'Ada Park',
      role: 100,
      password: DEMO_PASSWORD,
    });
    for (const account of demo.accounts) expect(Object.keys(account)).not.toContain('apiKey');
  });

  it('no frame to the renderer and no log line carries a key or a password sent for sign-in', () => {
    const keys = [...server.realm.users.values()].map((u) => u.api_key);
    // Frames to the renderer: the demo list shows the demo password on purpose, so only keys here.
    for (const text of frames) for (const key of keys) expect(text).not.toContain(key);
    for (const line of logs) {
      for (const key of keys) expect(line).not.toContain(key);
      for (const password of [DEMO_PASSWORD, 'not-it', 'guess', 'secret-password'])
        expect(line).not.toContain(password);
    }
    // Sanity: the passwords were sent by this test, and sign-ins were logged.
    expect(sent.some((text) => text.includes('not-it'))).toBe(true);
    expect(logs.some((line) => line.includes('account added'))).toBe(true);
  });

  it('the password is stored nowhere in the data folder', () => {
    // Every file, those in folders too (each account's outbox).
    for (const name of readdirSync(dataDir, { recursive: true, encoding: 'utf8' })) {
      if (name.startsWith('no-renderer') || statSync(join(dataDir, name)).isDirectory()) continue;
      const text = readFileSync(join(dataDir, name), 'utf8');
      expect(text).not.toContain(DEMO_PASSWORD);
      expect(text).not.toContain('not-it');
    }
  });
});

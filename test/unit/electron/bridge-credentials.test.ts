import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { HostFrame } from '../../../shared/ipc-wire';
import { demoConfigFrom } from '../../../electron/core/demo-accounts';
import { startWebHost, type WebHost } from '../../../electron/web-host';
import { waitUntil } from '../../support/loop-harness';
import { pickUser, startReferenceServer, type RunningServer } from '../../support/reference-server';

// The demo organization through the web host's socket: POST /register's `realm_bots` carries the
// key of every bot the user owns (Ben owns Deploy Bot), and the server's events may carry keys too.
// None of it may reach a frame, except the answer to an explicit "show this bot's key".

let server: RunningServer;
let host: WebHost;
let dataDir: string;
const frames: string[] = [];
const logs: string[] = [];

/** Every key of the organization: each person's, Deploy Bot's and the internal Notification Bot's. */
const allKeys = () => [...server.realm.users.values()].map((user) => user.api_key);

class Client {
  private nextId = 1;
  readonly pushes: Extract<HostFrame, { type: 'push' }>['push'][] = [];
  readonly answers = new Map<number, HostFrame>();
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const text = data.toString();
      frames.push(text);
      const frame = JSON.parse(text) as HostFrame;
      if (frame.type === 'push') this.pushes.push(frame.push);
      else this.answers.set(frame.id, frame);
    });
  }
  send(frame: object): void {
    this.socket.send(JSON.stringify(frame));
  }
  async request(method: string, ...args: unknown[]): Promise<HostFrame & { type: 'response' }> {
    const id = this.nextId++;
    this.send({ type: 'request', id, method, args });
    await waitUntil(() => this.answers.has(id), `the answer to ${method}`);
    return this.answers.get(id) as HostFrame & { type: 'response' };
  }
}

async function connect(): Promise<Client> {
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${encodeURIComponent(host.token)}`, {
    headers: { Origin: host.origin },
  });
  const client = new Client(socket);
  await new Promise((resolve, reject) => {
    socket.on('open', resolve);
    socket.on('error', reject);
  });
  return client;
}

beforeAll(async () => {
  server = await startReferenceServer();
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-keys-'));
  host = await startWebHost({
    port: 0,
    dataDir,
    rendererDir: join(dataDir, 'no-renderer'),
    demo: demoConfigFrom(server.url, server.credentials.users),
    log: (line) => logs.push(line),
  });
});

afterAll(async () => {
  await host.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const deployBot = () => [...server.realm.users.values()].find((user) => user.email.startsWith('deploy-bot'))!;

describe('no key crosses the bridge, a bot’s included', () => {
  let client: Client;

  it('sends the register state without the owned bot’s key', async () => {
    const ben = pickUser(server, 'admin');
    expect(deployBot().bot_owner_id).toBe(ben.user_id);
    client = await connect();
    expect((await client.request('accounts.addDemo', ben.email)).ok).toBe(true);
    await waitUntil(() => client.pushes.some((push) => push.channel === 'session'), 'the session');
    const session = client.pushes.find((push) => push.channel === 'session')!.payload as {
      initialState: { realm_bots?: Record<string, unknown>[] };
    };
    const bots = session.initialState.realm_bots ?? [];
    expect(bots.map((bot) => bot.user_id)).toContain(deployBot().user_id);
    for (const bot of bots) expect(bot).not.toHaveProperty('api_key');
  });

  it('strips keys from events and endpoint answers too', async () => {
    const bot = deployBot();
    const before = client.pushes.length;
    // What the real service sends when an owner regenerates a bot's key.
    bot.api_key = 'regenerated-bot-key-0123456789abcdef';
    server.context.events.sink.publish([pickUser(server, 'admin').user_id], {
      type: 'realm_bot',
      op: 'update',
      bot: { user_id: bot.user_id, api_key: bot.api_key },
    });
    await waitUntil(
      () =>
        client.pushes
          .slice(before)
          .some(
            (push) =>
              push.channel === 'events' &&
              (push.payload as { events: { type: string }[] }).events.some((e) => e.type === 'realm_bot'),
          ),
      'the realm_bot event',
    );
    // Other events (someone's presence) may come first.
    const batch = client.pushes
      .slice(before)
      .map((push) =>
        push.channel === 'events' ? (push.payload as { events: Record<string, unknown>[] }) : null,
      )
      .find((payload) => payload?.events.some((event) => event.type === 'realm_bot'))!;
    expect(batch.events.find((event) => event.type === 'realm_bot')).toMatchObject({
      bot: { user_id: bot.user_id },
    });
    expect(JSON.stringify(batch)).not.toContain('api_key');
    const users = await client.request('call', 'getUsers', {});
    expect(users.ok).toBe(true);
  });

  it('gives a bot’s key only when its owner asks for it, and the current one', async () => {
    const bot = deployBot();
    const asked = await client.request('bots.revealApiKey', bot.user_id);
    expect(asked).toMatchObject({
      ok: true,
      value: { ok: true, value: { bot_user_id: bot.user_id, api_key: bot.api_key } },
    });
    const notABot = await client.request('bots.revealApiKey', pickUser(server, 'member').user_id);
    expect(notABot).toMatchObject({
      ok: true,
      value: { ok: false, error: { code: 'CLIENT_BOT_KEY_UNAVAILABLE' } },
    });
    expect(await client.request('bots.revealApiKey', 'all')).toMatchObject({ ok: false });
  });

  it('refuses a bot’s key to an administrator who does not own it', async () => {
    const owner = pickUser(server, 'owner');
    expect((await client.request('accounts.addDemo', owner.email)).ok).toBe(true);
    await waitUntil(() => host.core.session()?.initialState.email === owner.email, 'the owner’s session');
    const asked = await client.request('bots.revealApiKey', deployBot().user_id);
    expect(asked).toMatchObject({
      ok: true,
      value: { ok: false, error: { code: 'CLIENT_BOT_KEY_UNAVAILABLE' } },
    });
  });

  it('never sent any key of the organization in any other frame, nor logged one', () => {
    const revealed = deployBot().api_key;
    const others = frames.filter((text) => !text.includes('"bot_user_id"'));
    expect(frames.length - others.length).toBe(1);
    expect(others.length).toBeGreaterThan(5);
    for (const key of [...allKeys(), 'regenerated-bot-key-0123456789abcdef'])
      for (const text of [...others, ...logs]) expect(text).not.toContain(key);
    expect(revealed).toBe('regenerated-bot-key-0123456789abcdef');
  });
});

describe('the bridge answers every request', () => {
  it('answers an unknown method with a clear error and keeps the connection', async () => {
    const client = await connect();
    const unknown = await client.request('accounts.exportKeys');
    expect(unknown).toMatchObject({
      ok: false,
      message: expect.stringContaining('Unknown bridge method: accounts.exportKeys'),
    });
    const notAString = await client.request(42 as unknown as string);
    expect(notAString).toMatchObject({
      ok: false,
      message: expect.stringContaining('Unknown bridge method: 42'),
    });
    client.send({ type: 'request', id: 99, method: 'session', args: 'not a list' });
    await waitUntil(() => client.answers.has(99), 'the answer to bad arguments');
    expect(client.answers.get(99)).toMatchObject({
      ok: false,
      message: expect.stringContaining('Bad arguments'),
    });
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    expect((await client.request('connectionStatus')).ok).toBe(true);
  });

  it('still drops a connection that sends a frame with nothing to answer', async () => {
    const client = await connect();
    const closed = new Promise<number>((resolve) => client.socket.on('close', (code) => resolve(code)));
    client.socket.send('not json at all');
    expect(await closed).toBe(1008);
  });
});

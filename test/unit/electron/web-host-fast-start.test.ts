import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { HostFrame } from '../../../shared/ipc-wire';
import { CORE_WAIT_MS, listenWebHost, type ListeningWebHost } from '../../../electron/web-host';
import { parseDemoConfig } from '../../../electron/core/demo-accounts';

// The web host listens and serves the page before its core is loaded (a faster launch): the core
// loads once the page has its files, in pieces; a bridge that connects earlier waits for it.

let dir: string;
let rendererDir: string;
let host: ListeningWebHost | null = null;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-fast-start-'));
  rendererDir = join(dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(
    join(rendererDir, 'index.html'),
    '<!doctype html><script type="module" src="./assets/index.js"></script>' +
      '<link rel="modulepreload" href="./assets/react.js"><link rel="stylesheet" href="./assets/index.css">',
  );
  for (const name of ['index.js', 'react.js', 'index.css'])
    writeFileSync(join(rendererDir, 'assets', name), '');
});

afterEach(async () => {
  await host?.close();
  host = null;
  rmSync(dir, { recursive: true, force: true });
});

function openBridge(listening: ListeningWebHost): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${listening.port}/bridge?token=${listening.token}`, {
      headers: { Origin: listening.origin },
    });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function request(socket: WebSocket, method: string): Promise<HostFrame> {
  return new Promise((resolve) => {
    socket.on('message', (data) => resolve(JSON.parse(data.toString()) as HostFrame));
    socket.send(JSON.stringify({ type: 'request', id: 1, method, args: [] }));
  });
}

describe('web host: listening before the core is loaded', () => {
  it('serves the page while the core loads, and the core then starts', async () => {
    host = await listenWebHost({ dataDir: join(dir, 'data'), rendererDir, log: () => {} });
    // Asked for at once: answered whether or not the core is loaded by then.
    const [page, script] = await Promise.all([
      fetch(`${host.origin}/?token=${host.token}`),
      fetch(`${host.origin}/assets/index.js`),
    ]);
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toMatch(/^teamchat_files_\d+=/);
    expect(script.status).toBe(200);
    const ready = await host.ready;
    expect(ready.core.vault.list()).toEqual([]);
    expect(ready.url).toBe(host.url);
  });

  it('lets a bridge that connects before the core is loaded wait for it, then answers it', async () => {
    host = await listenWebHost({ dataDir: join(dir, 'data'), rendererDir, log: () => {} });
    const socket = await openBridge(host);
    try {
      expect(await request(socket, 'accounts.list')).toMatchObject({ type: 'response', ok: true, value: [] });
    } finally {
      socket.close();
    }
  });

  it('accepts the bridge socket at once, with the files cookie, and answers what it sent before the core took it', async () => {
    host = await listenWebHost({ dataDir: join(dir, 'data'), rendererDir, log: () => {} });
    const cookie = new Promise<string | undefined>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${host!.port}/bridge?token=${host!.token}`, {
        headers: { Origin: host!.origin },
      });
      socket.once('upgrade', (response) => resolve(String(response.headers['set-cookie'] ?? '')));
      socket.once('open', () => {
        const answers: HostFrame[] = [];
        socket.on('message', (data) => {
          answers.push(JSON.parse(data.toString()) as HostFrame);
          if (answers.filter((frame) => frame.type === 'response').length === 3) {
            socket.close();
            resolveAnswers(answers);
          }
        });
        // Sent the moment the socket opens, before the core can have taken it: held, not lost.
        for (const [id, method] of [
          [1, 'accounts.list'],
          [2, 'accounts.active'],
          [3, 'outbox.list'],
        ] as const)
          socket.send(JSON.stringify({ type: 'request', id, method, args: [] }));
      });
    });
    let resolveAnswers: (frames: HostFrame[]) => void = () => undefined;
    const answers = new Promise<HostFrame[]>((resolve) => (resolveAnswers = resolve));
    expect(await cookie).toMatch(/^teamchat_files_\d+=/);
    const responses = (await answers).filter((frame) => frame.type === 'response');
    expect(responses.map((frame) => (frame.type === 'response' ? [frame.id, frame.ok] : null))).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
  });

  it('starts loading the core only once the page has its files', async () => {
    host = await listenWebHost({ dataDir: join(dir, 'data'), rendererDir, log: () => {} });
    let loaded = false;
    void host.ready.then(() => (loaded = true));
    await fetch(`${host.origin}/?token=${host.token}`);
    await fetch(`${host.origin}/assets/index.js`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Well inside CORE_WAIT_MS, with a file of the page still to come: the core waits.
    expect(loaded).toBe(false);
    await Promise.all(['react.js', 'index.css'].map((name) => fetch(`${host!.origin}/assets/${name}`)));
    await host.ready;
  });

  it('accepts a bridge socket the page opened early only once its files are out, and loads nothing before', async () => {
    host = await listenWebHost({ dataDir: join(dir, 'data'), rendererDir, log: () => {} });
    let loaded = false;
    void host.ready.then(() => (loaded = true));
    await fetch(`${host.origin}/?token=${host.token}`);
    // The page's first script opens the socket before the bundle and the stylesheet are asked for.
    let opened = false;
    const socket = openBridge(host).then((open) => {
      opened = true;
      return open;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Well inside CORE_WAIT_MS, with files of the page still to come: neither ws nor the core loads.
    expect(opened).toBe(false);
    expect(loaded).toBe(false);
    await Promise.all(
      ['index.js', 'react.js', 'index.css'].map((name) => fetch(`${host!.origin}/assets/${name}`)),
    );
    const open = await socket;
    try {
      expect(await request(open, 'accounts.list')).toMatchObject({ type: 'response', ok: true, value: [] });
    } finally {
      open.close();
    }
  });

  it('loads the core anyway when no page comes', async () => {
    const started = performance.now();
    host = await listenWebHost({ dataDir: join(dir, 'data'), rendererDir, log: () => {} });
    await host.ready;
    expect(performance.now() - started).toBeGreaterThanOrEqual(CORE_WAIT_MS - 5);
  });

  it('closes cleanly while the core is still loading', async () => {
    const listening = await listenWebHost({ dataDir: join(dir, 'data'), rendererDir, log: () => {} });
    await listening.close();
    await expect(fetch(`${listening.origin}/`)).rejects.toThrow();
  });
});

describe('web host program: the demo file', () => {
  const user = { email: 'a@example.com', apiKey: 'k', fullName: 'A', role: 400 };

  it('keeps the server and each person’s four fields', () => {
    expect(
      parseDemoConfig({ serverUrl: 'http://127.0.0.1:9', users: [{ ...user, password: 'p', extra: 1 }] }),
    ).toEqual({ serverUrl: 'http://127.0.0.1:9', users: [user] });
  });

  it('reads the reference server’s credentials file as it is written, bots left out', () => {
    expect(
      parseDemoConfig({
        url: 'http://127.0.0.1:9',
        realm_name: 'R',
        users: [
          { user_id: 1, email: 'a@example.com', api_key: 'k', full_name: 'A', role: 400, is_bot: false },
          { user_id: 2, email: 'bot@example.com', api_key: 'b', full_name: 'Bot', role: 400, is_bot: true },
        ],
      }),
    ).toEqual({ serverUrl: 'http://127.0.0.1:9', users: [user] });
    expect(() => parseDemoConfig({ url: 'x', users: [{ email: 'a@example.com' }] })).toThrow(/api_key/);
  });

  it('refuses a file that is not one', () => {
    expect(() => parseDemoConfig(null)).toThrow(/Not a demo file/);
    expect(() => parseDemoConfig({ serverUrl: 1, users: [] })).toThrow(/serverUrl/);
    expect(() => parseDemoConfig({ serverUrl: 'x', users: {} })).toThrow(/users/);
    expect(() => parseDemoConfig({ serverUrl: 'x', users: [{ ...user, role: '400' }] })).toThrow(
      /users\[0\]/,
    );
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { HostFrame } from '../../../shared/ipc-wire';
import { CORE_FALLBACK_MS, listenWebHost, type ListeningWebHost } from '../../../electron/web-host';
import { parseDemoConfig } from '../../../electron/core/demo-accounts';
import { pageScripts } from '../../../electron/web-host-page-load';

// The web host listens and serves the page before its core is loaded (a faster launch): the core
// follows once the page's script has gone out, a bridge that connects earlier waits for it.

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

const settled = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 50))]);

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

describe('web host: serving the page before the core is loaded', () => {
  it('serves the page at once and loads the core once the page’s scripts have been sent', async () => {
    host = await listenWebHost({
      dataDir: join(dir, 'data'),
      rendererDir,
      loadCore: 'after-page',
      coreFallbackMs: 60_000,
      log: () => {},
    });
    const page = await fetch(`${host.origin}/?token=${host.token}`);
    expect(page.status).toBe(200);
    expect(await settled(host.ready)).toBe(false);
    expect((await fetch(`${host.origin}/assets/index.js`)).status).toBe(200);
    expect((await fetch(`${host.origin}/assets/index.css`)).status).toBe(200);
    expect(await settled(host.ready)).toBe(false);
    expect((await fetch(`${host.origin}/assets/react.js`)).status).toBe(200);
    const ready = await host.ready;
    expect(ready.core.vault.list()).toEqual([]);
  });

  it('lets a bridge that connects before the core is loaded wait for it, then answers it', async () => {
    host = await listenWebHost({
      dataDir: join(dir, 'data'),
      rendererDir,
      loadCore: 'after-page',
      log: () => {},
    });
    const socket = await openBridge(host);
    try {
      expect(await request(socket, 'accounts.list')).toMatchObject({ type: 'response', ok: true, value: [] });
    } finally {
      socket.close();
    }
  });

  it('loads the core by itself when no page comes', async () => {
    host = await listenWebHost({
      dataDir: join(dir, 'data'),
      rendererDir,
      loadCore: 'after-page',
      log: () => {},
    });
    const started = Date.now();
    await host.ready;
    expect(Date.now() - started).toBeGreaterThanOrEqual(CORE_FALLBACK_MS - 50);
  });
});

describe('web host program: the demo file', () => {
  const user = { email: 'a@example.com', apiKey: 'k', fullName: 'A', role: 400 };

  it('keeps the server and each person’s four fields', () => {
    expect(
      parseDemoConfig({ serverUrl: 'http://127.0.0.1:9', users: [{ ...user, password: 'p', extra: 1 }] }),
    ).toEqual({ serverUrl: 'http://127.0.0.1:9', users: [user] });
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

describe('web host: the page’s first download', () => {
  it('is the scripts the page names: its entry and its module preloads, not styles or other sites', () => {
    expect(
      pageScripts(
        '<script type="module" crossorigin src="./assets/index-A.js"></script>' +
          '<link rel="modulepreload" crossorigin href="./assets/react-B.js">' +
          '<link rel="stylesheet" href="./assets/index.css"><link rel="icon" href="data:,">' +
          '<script src="https://cdn.example/x.js"></script><script>inline()</script>',
      ),
    ).toEqual(['/assets/index-A.js', '/assets/react-B.js']);
  });
});

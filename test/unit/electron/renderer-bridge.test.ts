import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import WebSocket from 'ws';
import type { AccountsState, ConnectionStatus, SessionStarted } from '../../../shared/ipc';
import { createBridgeClient } from '../../../shared/ipc-wire';
import {
  connectWebSocketTransport,
  NOT_THIS_LAUNCH,
  SECRET_REFUSED,
} from '../../../renderer/src/bridge/websocket-transport';
import { startWebHost, type WebHost } from '../../../electron/web-host';
import { FakeChatServer } from '../../support/fake-chat-server';
import { waitUntil } from '../../support/loop-harness';

// The renderer's side of the web-host bridge (renderer/src/bridge) against a real web host. Node 20
// has no global WebSocket, so the `ws` client stands in for the browser's.
const KEY = 'renderer-bridge-key';
let server: FakeChatServer;
let host: WebHost;
let dataDir: string;

beforeAll(async () => {
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  server = await new FakeChatServer({ users: { 'iago@example.com': KEY }, heartbeatMs: 200 }).start();
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-rbridge-'));
  host = await startWebHost({
    port: 0,
    dataDir,
    rendererDir: dataDir,
    demo: {
      serverUrl: server.url,
      users: [{ email: 'iago@example.com', apiKey: KEY, fullName: 'Iago', role: 200 }],
    },
    log: () => {},
  });
});

afterAll(async () => {
  await host.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const socketUrl = () => `ws://127.0.0.1:${host.port}/bridge?token=${encodeURIComponent(host.token)}`;

describe('renderer bridge over the web host', () => {
  it('answers calls made before the socket opened, and delivers pushes in order', async () => {
    const bridge = createBridgeClient(connectWebSocketTransport(socketUrl()));
    const accounts: AccountsState[] = [];
    const sessions: SessionStarted[] = [];
    const statuses: ConnectionStatus[] = [];
    bridge.onAccountsChanged((state) => accounts.push(state));
    bridge.onSession((session) => sessions.push(session));
    const stopStatus = bridge.onConnectionStatus((status) => statuses.push(status));

    const [list, demo] = await Promise.all([bridge.accounts.list(), bridge.accounts.demo()]);
    expect(list).toEqual([]);
    expect(demo?.accounts.map((account) => account.email)).toEqual(['iago@example.com']);

    const added = await bridge.accounts.addDemo('iago@example.com');
    expect(added.ok).toBe(true);
    await waitUntil(() => sessions.length === 1, 'the session');
    expect(accounts.at(-1)?.accounts).toHaveLength(1);
    expect(await bridge.session()).toEqual(sessions[0]);
    await waitUntil(() => statuses.at(-1)?.state === 'connected', 'connected');

    stopStatus();
    const seen = statuses.length;
    await bridge.accounts.switchTo(added.ok ? added.value.id : '');
    expect(statuses.length).toBe(seen);
  });

  it('rejects a refused call with the host’s reason', async () => {
    const bridge = createBridgeClient(connectWebSocketTransport(socketUrl()));
    await expect(bridge.accounts.switchTo('no-such-account')).rejects.toThrow('No such account');
  });

  it('reports itself offline when the host goes away, and the host’s status once it is back', async () => {
    const bridge = createBridgeClient(connectWebSocketTransport(socketUrl()));
    const statuses: ConnectionStatus[] = [];
    bridge.onConnectionStatus((status) => statuses.push(status));
    await bridge.accounts.list();
    const pending = bridge.accounts.probeServer('http://10.255.255.1:9'); // never answers in time
    const { port, token } = host;
    const closing = host.close();
    await expect(pending).rejects.toThrow('Lost the connection');
    await closing;
    await waitUntil(() => statuses.some((status) => status.state === 'offline'), 'the offline status');
    expect(statuses.find((status) => status.state === 'offline')).toMatchObject({
      reason: expect.stringContaining('Reconnecting'),
    });

    // The same host comes back (same port, same secret, same data): the stored account reconnects.
    host = await startWebHost({ port, token, dataDir, rendererDir: dataDir, log: () => {} });
    await waitUntil(() => statuses.at(-1)?.state === 'connected', 'connected again', 8000);
    expect(await bridge.accounts.list()).toHaveLength(1);
  });

  it('takes over a socket opened before it (the early socket), with the frames it received meanwhile', async () => {
    const url = `${socketUrl()}&test=takeover`;
    const early = new WebSocket(url);
    await new Promise((resolve) => early.once('open', resolve));
    const made = countSockets(url);
    try {
      // A push the host sent before the bundle's transport existed, kept by the early script.
      const kept = JSON.stringify({
        type: 'push',
        push: { channel: 'status', payload: { state: 'connecting' } },
      });
      const bridge = createBridgeClient(
        connectWebSocketTransport(url, {
          socket: early as unknown as globalThis.WebSocket,
          received: [kept],
        }),
      );
      const statuses: ConnectionStatus[] = [];
      bridge.onConnectionStatus((status) => statuses.push(status));
      // Already open: the call goes out at once over the same socket.
      await expect(bridge.accounts.list()).resolves.toEqual(expect.any(Array));
      expect(made()).toBe(0);
      // The replayed push reached a listener that subscribed in the same task as the takeover.
      await waitUntil(() => statuses.length > 0, 'the kept push');
      expect(statuses[0]).toEqual({ state: 'connecting' });
    } finally {
      early.close();
    }
  });

  it('reconnects when the socket it takes over has already closed', async () => {
    const url = `${socketUrl()}&test=closed`;
    const early = new WebSocket(url);
    await new Promise((resolve) => early.once('open', resolve));
    early.close();
    await new Promise((resolve) => early.once('close', resolve));
    const made = countSockets(url);
    const bridge = createBridgeClient(
      connectWebSocketTransport(url, { socket: early as unknown as globalThis.WebSocket, received: [] }),
    );
    const statuses: ConnectionStatus[] = [];
    bridge.onConnectionStatus((status) => statuses.push(status));
    await waitUntil(() => statuses.some((status) => status.state === 'offline'), 'offline');
    // The call waits for the new socket (the first retry comes after half a second).
    await expect(bridge.accounts.list()).resolves.toEqual(expect.any(Array));
    expect(made()).toBe(1);
  });

  it('takes the session again after its socket dropped, with the events pushed meanwhile', async () => {
    const url = `${socketUrl()}&test=dropped`;
    const early = new WebSocket(url);
    await new Promise((resolve) => early.once('open', resolve));
    const bridge = createBridgeClient(
      connectWebSocketTransport(url, { socket: early as unknown as globalThis.WebSocket, received: [] }),
    );
    const sessions: SessionStarted[] = [];
    bridge.onSession((session) => sessions.push(session));
    const held = await bridge.session();
    expect(held).not.toBeNull();

    early.close();
    await new Promise((resolve) => early.once('close', resolve));
    // Pushed to no one: the page's socket is down.
    const missed = server.emit('user_status', { user_id: 1, status_text: 'missed' });
    await waitUntil(() => sessions.length > 0, 'the session offered again', 8000);
    expect(sessions[0]!.generation).toBe(held!.generation);
    expect(sessions[0]!.eventsSince?.map((event) => event.id)).toContain(missed);
  });

  it('stops for good when the host refuses its secret (a page kept open across a restart), and says so', async () => {
    const url = `ws://127.0.0.1:${host.port}/bridge?token=an-old-secret`;
    const made = countSockets(url);
    const checked: string[] = [];
    const bridge = createBridgeClient(
      connectWebSocketTransport(url, null, async () => {
        // What the page asks: the host's own check of the secret.
        const status = (await fetch(`${host.origin}/bridge/check?token=an-old-secret`)).status;
        checked.push(String(status));
        return status === 401;
      }),
    );
    const statuses: ConnectionStatus[] = [];
    bridge.onConnectionStatus((status) => statuses.push(status));
    await expect(bridge.accounts.list()).rejects.toThrow(NOT_THIS_LAUNCH);
    expect(statuses.at(-1)).toEqual({ state: 'fatal', reason: NOT_THIS_LAUNCH, code: SECRET_REFUSED });
    expect(checked).toEqual(['401']);
    // Later calls fail at once, and no socket is opened again.
    await expect(bridge.accounts.active()).rejects.toThrow(NOT_THIS_LAUNCH);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(made()).toBe(1);
  });

  it('keeps retrying a refused socket while the host cannot say (not answering its check)', async () => {
    const url = `ws://127.0.0.1:${host.port}/bridge?token=retry-me`;
    const made = countSockets(url);
    const bridge = createBridgeClient(
      connectWebSocketTransport(url, null, async () => {
        throw new Error('the host did not answer');
      }),
    );
    const statuses: ConnectionStatus[] = [];
    bridge.onConnectionStatus((status) => statuses.push(status));
    await expect(bridge.accounts.list()).rejects.toThrow('Lost the connection');
    await waitUntil(() => made() >= 2, 'a second attempt', 3000);
    expect(statuses.every((status) => status.state === 'offline')).toBe(true);
  });

  it('says the app may be running elsewhere once its address has not answered for several attempts', async () => {
    // An address nothing listens at: the host was stopped, or started again on another port.
    const vacant = createServer();
    await new Promise<void>((resolve) => vacant.listen(0, '127.0.0.1', resolve));
    const { port } = vacant.address() as AddressInfo;
    await new Promise((resolve) => vacant.close(resolve));
    const bridge = createBridgeClient(
      connectWebSocketTransport(
        `ws://127.0.0.1:${port}/bridge?token=t`,
        null,
        async () => {
          throw new Error('the host did not answer');
        },
        10,
      ),
    );
    const reasons: string[] = [];
    bridge.onConnectionStatus((status) => {
      if (status.state === 'offline') reasons.push(status.reason);
    });
    await waitUntil(() => reasons.length >= 5, 'five failed attempts', 5000);
    expect(reasons[0]).toContain('Reconnecting');
    expect(reasons.at(-1)).toContain('If you started it again, open the address it printed');
  });
});

/** From now on, how many sockets to `url` are opened (other tests' transports may be reconnecting). */
function countSockets(url: string): () => number {
  const Original = globalThis.WebSocket as unknown as typeof WebSocket;
  let made = 0;
  class Counted extends Original {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      if (String(args[0]) === url) made++;
    }
  }
  (globalThis as { WebSocket?: unknown }).WebSocket = Counted;
  onTestFinished(() => {
    (globalThis as { WebSocket?: unknown }).WebSocket = Original;
  });
  return () => made;
}

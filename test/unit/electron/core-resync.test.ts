import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionStarted } from '../../../shared/ipc';
import type { BridgePush } from '../../../shared/ipc-wire';
import { ChatCore } from '../../../electron/core/app-core';
import { fileModeProtector } from '../../../electron/core/vault';
import { FakeChatServer } from '../../support/fake-chat-server';
import { FaultProxy, startFaultProxy } from '../../support/fault-proxy';
import { waitUntil } from '../../support/loop-harness';

// A window that reloads just as the network dies, after more events than the loop keeps for it: the
// core withholds the stale session for the resync, the resync cannot reach the server, and the
// waiting renderer must not be left with nothing until the server is back.
let server: FakeChatServer;
let proxy: FaultProxy;
let dataDir: string;
let core: ChatCore;
let pushes: BridgePush[];

beforeEach(async () => {
  server = await new FakeChatServer({ users: { 'a@one.example': 'key-a' }, heartbeatMs: 200 }).start();
  proxy = await startFaultProxy(server.url);
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-core-resync-'));
  core = new ChatCore({
    dataDir,
    protector: fileModeProtector,
    userAgent: 'test',
    log: () => {},
    backoff: { baseMs: 50, capMs: 200 },
    requestTimeoutMs: 1000,
    maxKeptEvents: 0,
  });
  pushes = [];
  core.subscribe((push) => pushes.push(push));
  const added = await core.addAccount({ serverUrl: proxy.url, email: 'a@one.example', apiKey: 'key-a' });
  if (!added.ok) throw new Error('account not added');
  await waitUntil(() => sessions().length === 1, 'the first session');
  server.emit('user_status', { user_id: 1, status_text: 'away' });
  await waitUntil(() => pushes.some((push) => push.channel === 'events'), 'an event delivered');
});

afterEach(async () => {
  await core.stop();
  await proxy.down();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sessions = () =>
  pushes.flatMap((push) => (push.channel === 'session' ? [push.payload as SessionStarted] : []));

describe('ChatCore: a renderer attaching while the server becomes unreachable', () => {
  it('gets the last session once the resync fails, and the fresh one when the server is back', async () => {
    const first = sessions()[0]!;
    proxy.setRule(() => ({ kind: 'reset' }));
    core.rendererAttached();
    // Still "connected" as far as the loop knows: the fresh session is expected in moments.
    expect(core.session()).toBeNull();
    await waitUntil(() => sessions().length === 2, 'the last session offered');
    // Marked as not current: the renderer says how old what it shows is.
    expect(sessions()[1]).toEqual({ ...first, stale: true });
    expect(core.session()).toEqual({ ...first, stale: true });
    expect(first.registeredAt).toBeGreaterThan(0);
    const status = pushes.findLast((push) => push.channel === 'status')?.payload;
    expect(status).toMatchObject({ state: 'reconnecting' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sessions()).toHaveLength(2);

    proxy.setRule(null);
    core.wake();
    await waitUntil(() => sessions().length === 3, 'the fresh session');
    expect(sessions()[2]).toMatchObject({ generation: 2 });
    expect(sessions()[2]!.initialState.queue_id).not.toBe(first.initialState.queue_id);
  });

  it('offers nothing extra when the renderer got the session it asked for', async () => {
    proxy.setRule(() => ({ kind: 'reset' }));
    await waitUntil(
      () => pushes.some((push) => push.channel === 'status' && push.payload.state === 'reconnecting'),
      'the failure',
    );
    expect(core.session()).toMatchObject({ generation: 1 });
    core.rendererAttached();
    expect(core.session()).toMatchObject({ generation: 1 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sessions()).toHaveLength(1);
  });
});

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionStarted } from '../../../shared/ipc';
import type { BridgePush } from '../../../shared/ipc-wire';
import { ChatCore } from '../../../electron/core/app-core';
import { KeptSessionFile } from '../../../electron/core/session-kept';
import { fileModeProtector } from '../../../electron/core/vault';
import { FakeChatServer } from '../../support/fake-chat-server';
import { FaultProxy, startFaultProxy } from '../../support/fault-proxy';
import { waitUntil } from '../../support/loop-harness';

// The register state kept for the next launch: written after a registration, offered to a window
// of the next launch until its own registration answers, never offered once it has.
let server: FakeChatServer;
let proxy: FaultProxy;
let dataDir: string;
let cores: ChatCore[];

beforeEach(async () => {
  server = await new FakeChatServer({ users: { 'a@one.example': 'key-a' }, heartbeatMs: 200 }).start();
  proxy = await startFaultProxy(server.url);
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-session-kept-'));
  cores = [];
});

afterEach(async () => {
  for (const core of cores) await core.stop();
  proxy.setRule(null);
  proxy.releaseAnswers();
  await proxy.down();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function launch(): { core: ChatCore; pushes: BridgePush[] } {
  const core = new ChatCore({
    dataDir,
    protector: fileModeProtector,
    userAgent: 'test',
    log: () => {},
    backoff: { baseMs: 50, capMs: 200 },
    requestTimeoutMs: 5000,
  });
  cores.push(core);
  const pushes: BridgePush[] = [];
  core.subscribe((push) => pushes.push(push));
  return { core, pushes };
}

const sessionsIn = (pushes: BridgePush[]) =>
  pushes.flatMap((push) => (push.channel === 'session' ? [push.payload as SessionStarted] : []));

async function firstLaunch(): Promise<{ accountId: string; live: SessionStarted; file: string }> {
  const { core, pushes } = launch();
  const added = await core.addAccount({ serverUrl: proxy.url, email: 'a@one.example', apiKey: 'key-a' });
  if (!added.ok) throw new Error('account not added');
  await waitUntil(() => sessionsIn(pushes).length === 1, 'the first session');
  const file = join(dataDir, 'session-kept', `${added.value.id}.json`);
  await waitUntil(() => existsSync(file), 'the session kept on disk');
  await core.stop();
  cores.splice(cores.indexOf(core), 1);
  return { accountId: added.value.id, live: sessionsIn(pushes)[0]!, file };
}

describe('ChatCore: the state kept from the last launch', () => {
  it('is offered while the next registration is under way, then the live session replaces it', async () => {
    const { accountId, live, file } = await firstLaunch();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain('key-a');

    proxy.setRule((request) => (request.path.endsWith('/register') ? { kind: 'holdAnswer' } : null));
    const { core, pushes } = launch();
    core.start();
    await waitUntil(() => proxy.requests.some((r) => r.fault === 'holdAnswer'), 'the registration held');
    const kept = core.sessionForWindow();
    expect(kept).toMatchObject({ accountId, generation: 0, stale: true, keptFromLastLaunch: true });
    expect(kept!.initialState).toEqual(live.initialState);
    expect(kept!.registeredAt).toBeGreaterThanOrEqual(live.registeredAt! - 5000);
    // Never pushed as if it were a session of this launch.
    expect(sessionsIn(pushes)).toEqual([]);

    // A registration whose held answer came after its timeout (a busy machine) is asked again: that
    // one is answered too.
    proxy.setRule(null);
    proxy.releaseAnswers();
    await waitUntil(() => sessionsIn(pushes).length === 1, 'the live session', 20_000);
    const fresh = core.sessionForWindow();
    expect(fresh?.keptFromLastLaunch).toBeUndefined();
    expect(fresh?.generation).toBe(1);
    expect(fresh?.initialState.queue_id).not.toBe(live.initialState.queue_id);
  });

  it('is offered before the accounts’ loops have started (the web host answers its page first), and kept once they do', async () => {
    const { accountId, live } = await firstLaunch();
    proxy.setRule((request) => (request.path.endsWith('/register') ? { kind: 'holdAnswer' } : null));
    const { core } = launch();
    const kept = core.sessionForWindow();
    expect(kept).toMatchObject({ accountId, keptFromLastLaunch: true });
    expect(kept!.initialState).toEqual(live.initialState);
    core.start();
    await waitUntil(() => proxy.requests.some((r) => r.fault === 'holdAnswer'), 'the registration held');
    expect(core.sessionForWindow()).toMatchObject({ accountId, keptFromLastLaunch: true });
    proxy.releaseAnswers();
  });

  it('is not offered for an account signed out, and its file goes with the account', async () => {
    const { accountId, file } = await firstLaunch();
    const { core } = launch();
    core.start();
    await core.remove(accountId);
    expect(existsSync(file)).toBe(false);
    expect(core.sessionForWindow()).toBeNull();
  });
});

describe('KeptSessionFile', () => {
  const state = () => ({ ...JSON.parse(readFileSync(keptFile(), 'utf8')).initialState });
  let accountId = '';
  const keptFile = () => join(dataDir, 'session-kept', `${accountId}.json`);

  beforeEach(async () => {
    accountId = (await firstLaunch()).accountId;
  });

  it('reads back what it wrote, through the register schema', async () => {
    const file = new KeptSessionFile(dataDir, accountId);
    const initialState = state();
    await file.save(initialState, 1234);
    expect(file.load()).toEqual({ initialState, savedAt: 1234 });
  });

  it('drops a file of another format, an unreadable one and one the schema refuses', async () => {
    const file = new KeptSessionFile(dataDir, accountId);
    const initialState = state();
    for (const text of [
      JSON.stringify({ format: 999, savedAt: 1, initialState }),
      '{"format": 1, "savedAt": 1, "initial',
      JSON.stringify({ format: 1, savedAt: 1, initialState: { ...initialState, realm_users: 'nobody' } }),
    ]) {
      writeFileSync(keptFile(), text);
      expect(file.load()).toBeNull();
      await waitUntil(() => !existsSync(keptFile()), 'the file removed');
    }
  });

  it('keeps nothing when the state is larger than its bound', async () => {
    const initialState = state();
    await new KeptSessionFile(dataDir, accountId, 100).save(initialState);
    expect(existsSync(keptFile())).toBe(false);
    expect(new KeptSessionFile(dataDir, accountId).load()).toBeNull();
  });
});

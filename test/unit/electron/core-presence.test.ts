import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionStarted } from '../../../shared/ipc';
import type { BridgePush } from '../../../shared/ipc-wire';
import { ChatCore } from '../../../electron/core/app-core';
import { fileModeProtector } from '../../../electron/core/vault';
import { waitUntil } from '../../support/loop-harness';
import { recordingFetch, SteppableClock } from '../../support/main-process-time';
import {
  pickUser,
  serverApi,
  startReferenceServer,
  type RunningServer,
} from '../../support/reference-server';

// The core's presence reports against the reference server: the account shows as present to others,
// active once the user used the window, and what the reports learn reaches the window.
let server: RunningServer;
let dataDir: string;
let core: ChatCore;
let pushes: BridgePush[];

beforeEach(async () => {
  server = await startReferenceServer();
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-core-presence-'));
  core = new ChatCore({ dataDir, protector: fileModeProtector, userAgent: 'test', log: () => {} });
  pushes = [];
  core.subscribe((push) => pushes.push(push));
});

afterEach(async () => {
  await core.stop();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('ChatCore: presence', () => {
  it('reports the user present, active after input, and pushes the presences it learns', async () => {
    const me = pickUser(server, 'member');
    const colleague = pickUser(server, 'admin');
    await serverApi(server, colleague).post('/users/me/presence', { status: 'active' });

    const added = await core.addAccount({ serverUrl: server.url, email: me.email, apiKey: me.api_key });
    if (!added.ok) throw new Error('account not added');
    await waitUntil(() => pushes.some((push) => push.channel === 'session'), 'the session');
    const session = pushes.find((push) => push.channel === 'session')!.payload as SessionStarted;
    // The modern form (slim_presence): keyed by user id, with times.
    expect(session.initialState.presences?.[String(colleague.user_id)]).toMatchObject({
      active_timestamp: expect.any(Number),
    });

    // Reported at once, as idle: nobody used the window yet.
    await waitUntil(() => server.realm.presences.has(me.user_id), 'the first report');
    expect(server.realm.presences.get(me.user_id)!.activeTimestamp).toBeNull();

    await serverApi(server, colleague).post('/users/me/presence', { status: 'idle' });
    const changed = server.realm.presences.get(colleague.user_id)!;
    core.userInput();
    // Back from idle: reported at once, not a minute later.
    await waitUntil(
      () => server.realm.presences.get(me.user_id)!.activeTimestamp !== null,
      'an active report',
    );
    type Update = { accountId: string; presences: Record<string, unknown> };
    const updates = () =>
      pushes.flatMap((push) => (push.channel === 'presences' ? [push.payload as Update] : []));
    const key = String(colleague.user_id);
    await waitUntil(() => updates().some((u) => key in u.presences), 'the colleague’s presence pushed');
    const update = updates().find((u) => key in u.presences)!;
    expect(update.accountId).toBe(added.value.id);
    expect(update.presences[key]).toEqual({
      active_timestamp: changed.activeTimestamp,
      idle_timestamp: changed.idleTimestamp,
    });
    // Only what changed since the registration: the colleague was not in the first answer.
    expect(key in updates()[0]!.presences && updates()[0] !== update).toBe(false);
    // A window that attaches now starts from them too.
    expect(core.session()?.initialState.presences?.[key]).toEqual(update.presences[key]);
  });

  it('sends nothing more once the account is refused for good (a revoked key)', async () => {
    await core.stop();
    const clock = new SteppableClock();
    const recorder = recordingFetch();
    core = new ChatCore({
      dataDir,
      protector: fileModeProtector,
      userAgent: 'test',
      log: () => {},
      clock,
      fetch: recorder.fetch,
    });
    core.subscribe((push) => pushes.push(push));
    const me = pickUser(server, 'member');
    const added = await core.addAccount({ serverUrl: server.url, email: me.email, apiKey: me.api_key });
    if (!added.ok) throw new Error('account not added');
    const reports = () => recorder.started.filter((r) => r === 'POST /api/v1/users/me/presence').length;
    // Its answer (the user's own presence, new since the registration) is in: the loop now waits.
    await waitUntil(() => pushes.some((push) => push.channel === 'presences'), 'the first answer');
    expect(reports()).toBe(1);
    const user = server.realm.users.get(me.user_id)!;
    user.api_key = 'revoked-by-an-administrator';
    await waitUntil(
      () => pushes.some((push) => push.channel === 'status' && push.payload.state === 'fatal'),
      'the refusal',
    );
    const settled = recorder.started.length;
    await clock.fastForward(60 * 60_000);
    await clock.fastForward(60 * 60_000);
    expect(recorder.started.slice(settled)).toEqual([]);
  });
});

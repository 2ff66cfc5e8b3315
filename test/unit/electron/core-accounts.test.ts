import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionStarted } from '../../../shared/ipc';
import type { BridgePush } from '../../../shared/ipc-wire';
import { ChatCore } from '../../../electron/core/app-core';
import { createBridgeRouter } from '../../../electron/core/ipc-router';
import { fileModeProtector } from '../../../electron/core/vault';
import { ConversationCacheFile, OpenConversationFile } from '../../../electron/core/conversation-cache';
import { FakeChatServer } from '../../support/fake-chat-server';
import { waitUntil } from '../../support/loop-harness';

// Two accounts on two servers: each has its own loop; only the active one reaches the renderer,
// switching pushes the other's session, and a restarted core picks the stored accounts up again.
let one: FakeChatServer;
let two: FakeChatServer;
let dataDir: string;
let core: ChatCore;
const pushes: BridgePush[] = [];

beforeAll(async () => {
  one = await new FakeChatServer({ users: { 'a@one.example': 'key-a' }, heartbeatMs: 200 }).start();
  two = await new FakeChatServer({ users: { 'b@two.example': 'key-b' }, heartbeatMs: 200 }).start();
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-core-'));
  core = new ChatCore({ dataDir, protector: fileModeProtector, userAgent: 'test', log: () => {} });
  core.subscribe((push) => pushes.push(push));
  core.start();
});

afterAll(async () => {
  await core.stop();
  await one.close();
  await two.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sessionsFor = (accountId: string) =>
  pushes.filter((push) => push.channel === 'session' && push.payload.accountId === accountId);
const eventsFor = (accountId: string) =>
  pushes.filter((push) => push.channel === 'events' && push.payload.accountId === accountId);

describe('ChatCore refusing insecure servers', () => {
  it('will not send an API key over plain http to another machine', async () => {
    const result = await core.addAccount({
      serverUrl: 'http://chat.example.com',
      email: 'a@chat.example.com',
      apiKey: 'never-sent',
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'api', code: 'CLIENT_INSECURE_SERVER_URL' } });
    expect(core.vault.list()).toEqual([]);
  });
});

describe('ChatCore with two accounts', () => {
  let a = '';
  let b = '';

  it('runs a loop per account and pushes only the active one', async () => {
    const addedA = await core.addAccount({ serverUrl: one.url, email: 'a@one.example', apiKey: 'key-a' });
    const addedB = await core.addAccount({ serverUrl: two.url, email: 'b@two.example', apiKey: 'key-b' });
    if (!addedA.ok || !addedB.ok) throw new Error('accounts not added');
    a = addedA.value.id;
    b = addedB.value.id;
    expect(core.vault.activeId).toBe(b);
    await waitUntil(() => one.queueCount === 1 && two.queueCount === 1, 'both queues');
    await waitUntil(() => sessionsFor(b).length === 1, 'the active session');

    one.emit('typing', { op: 'start' });
    const idB = two.emit('typing', { op: 'start' });
    await waitUntil(() => eventsFor(b).length === 1, 'the active account’s event');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(eventsFor(a)).toEqual([]);
    expect(eventsFor(b)[0]?.payload).toMatchObject({ events: [{ id: idB }] });
  });

  it('switching pushes the accounts, then the other account’s session with the events since, and its status', async () => {
    const before = pushes.length;
    const sessionsBefore = sessionsFor(a).length;
    const queuesBefore = one.registrations;
    // While b is shown, a's loop hears of a status change (typing notices are not kept).
    const idStatus = one.emit('user_status', { user_id: 1, status_text: 'away' });
    // Its long poll is open: the event is delivered at once (it is pushed to no window).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await core.switchTo(a);
    // The registration a's loop holds, with what it delivered since: no new registration.
    await waitUntil(() => sessionsFor(a).length === sessionsBefore + 1, 'a’s session');
    const after = pushes.slice(before);
    expect(after[0]).toMatchObject({ channel: 'accounts', payload: { activeId: a } });
    const session = sessionsFor(a).at(-1)?.payload as SessionStarted;
    expect(session).toMatchObject({ accountId: a, generation: 1 });
    expect(session).not.toHaveProperty('stale');
    expect(session.eventsSince?.map((event) => event.id)).toContain(idStatus);
    expect(one.registrations).toBe(queuesBefore);
    expect(after.map((push) => push.channel)).toContain('status');

    // Switching away and back keeps the registration as it is.
    const sessionsOfB = sessionsFor(b).length;
    await core.switchTo(b);
    await waitUntil(() => sessionsFor(b).length === sessionsOfB + 1, 'b’s fresh session');
    await core.switchTo(a);
    expect(sessionsFor(a).at(-1)?.payload).toMatchObject({ generation: 1 });
    expect(one.registrations).toBe(queuesBefore);
    const idA = one.emit('typing', { op: 'stop' });
    await waitUntil(() => eventsFor(a).length === 1, 'the newly active account’s event');
    expect(eventsFor(a)[0]?.payload).toMatchObject({ events: [{ id: idA }] });
  });

  it('a call made for an account no longer active is not sent to the one now active', async () => {
    expect(core.vault.activeId).toBe(a);
    const router = createBridgeRouter(core, { openExternal: async () => {} });
    await expect(router.handle('call', ['getDrafts', {}, null, b])).resolves.toMatchObject({
      ok: false,
      error: { kind: 'api', code: 'CLIENT_OTHER_ACCOUNT' },
    });
    // For the active account, or for none in particular, it goes to the server as before.
    for (const args of [
      ['getDrafts', {}, null, a],
      ['getDrafts', {}],
    ])
      expect(await router.handle('call', args)).not.toMatchObject({
        error: { code: 'CLIENT_OTHER_ACCOUNT' },
      });
  });

  it('a conversation kept for an account no longer active is not kept as the active one’s', async () => {
    expect(core.vault.activeId).toBe(a);
    const router = createBridgeRouter(core, { openExternal: async () => {} });
    // b's window, a moment after main switched to a: its timers fire before it follows.
    await router.handle('conversationCache.save', [{ narrow: { kind: 'all' }, messages: [{ id: 3 }] }, b]);
    await router.handle('conversationCache.setOpen', [{ kind: 'starred' }, b]);
    expect(core.lastConversation()).toBeNull();
    expect(core.lastOpenConversation()).toBeNull();
    // Named for the active account, it is kept.
    await router.handle('conversationCache.save', [{ narrow: { kind: 'all' }, messages: [{ id: 4 }] }, a]);
    await router.handle('conversationCache.setOpen', [{ kind: 'all' }, a]);
    expect(core.lastConversation()?.messages).toEqual([{ id: 4 }]);
    expect(core.lastOpenConversation()).toEqual({ kind: 'all' });
  });

  it('a restarted core resumes the stored accounts', async () => {
    await core.stop();
    expect(one.queueCount + two.queueCount).toBe(0);
    core = new ChatCore({ dataDir, protector: fileModeProtector, userAgent: 'test', log: () => {} });
    core.start();
    expect(core.vault.activeId).toBe(a);
    await waitUntil(() => core.session() !== null, 'a session for the active account');
    await waitUntil(() => one.queueCount === 1 && two.queueCount === 1, 'both queues again');
  });

  it('removing the active account deletes its queue, its kept conversation, and activates the other', async () => {
    core.saveConversation({ narrow: { kind: 'all' }, messages: [{ id: 7 }] });
    core.setOpenConversation({ kind: 'starred' });
    expect(core.lastConversation()?.messages).toEqual([{ id: 7 }]);
    expect(core.lastOpenConversation()).toEqual({ kind: 'starred' });
    await core.remove(a);
    expect(core.vault.activeId).toBe(b);
    expect(one.queueCount).toBe(0);
    expect(core.vault.credentialsOf(a)).toBeNull();
    // The other account keeps nothing of it; signing in again would find nothing either.
    expect(core.lastConversation()).toBeNull();
    expect(core.lastOpenConversation()).toBeNull();
    expect(new ConversationCacheFile(dataDir, a).load()).toBeNull();
    expect(new OpenConversationFile(dataDir, a).load()).toBeNull();
  });
});

describe('ChatCore removing an account with an upload in progress', () => {
  it('cancels the upload in main: no more of the file goes to its server', async () => {
    const b = core.vault.activeId;
    if (!b) throw new Error('no active account');
    const begun = core.beginUpload({ name: 'notes.txt', type: 'text/plain', size: 10 });
    if (!begun.ok) throw new Error('upload not begun');
    const { uploadId } = begun.value;
    await core.sendUploadChunk(uploadId, new Uint8Array(5));
    await core.remove(b);
    await expect(core.sendUploadChunk(uploadId, new Uint8Array(5))).rejects.toThrow('No such upload');
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatCore } from '../../../electron/core/app-core';
import { withoutCredentials } from '../../../electron/core/credential-guard';
import { createBridgeRouter, type BridgeRouter } from '../../../electron/core/ipc-router';
import { fileModeProtector } from '../../../electron/core/vault';

// The router is what Electron's ipcMain handler calls (electron/main.ts) as well as the web host:
// it must answer what it does not know, and strip keys from whatever it answers.

let dataDir: string;
let core: ChatCore;
let router: BridgeRouter;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-router-'));
  core = new ChatCore({ dataDir, protector: fileModeProtector, userAgent: 'test', log: () => {} });
  router = createBridgeRouter(core, { openExternal: async () => {} });
});

afterAll(async () => {
  await core.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('bridge router', () => {
  it('rejects an unknown method with a message naming it, at once', async () => {
    for (const method of ['accounts.exportKeys', 'toString', '__proto__', 'constructor', ''])
      await expect(router.handle(method, [])).rejects.toThrow(`Unknown bridge method: ${method}.`);
  });

  it('answers the methods it knows', async () => {
    await expect(router.handle('accounts.list', [])).resolves.toEqual([]);
    await expect(router.handle('bots.revealApiKey', [7])).resolves.toMatchObject({
      ok: false,
      error: { code: 'CLIENT_NO_ACCOUNT' },
    });
    await expect(router.handle('bots.revealApiKey', ['7'])).rejects.toThrow();
    // The conversation to reopen: an object naming its kind, or null; nothing else is stored.
    await expect(router.handle('conversationCache.lastOpen', [])).resolves.toBeNull();
    await expect(router.handle('conversationCache.setOpen', ['all'])).rejects.toThrow();
    await expect(router.handle('conversationCache.setOpen', [{ streamId: 1 }])).rejects.toThrow();
    await expect(router.handle('conversationCache.setOpen', [null])).resolves.toBeUndefined();
  });
});

describe('window actions', () => {
  it('hands focus and the badge count to the shell, checking the count', async () => {
    const calls: string[] = [];
    const shellRouter = createBridgeRouter(core, {
      openExternal: async () => {},
      focusWindow: () => void calls.push('focus'),
      setUnreadCount: (count) => void calls.push(`badge ${count}`),
    });
    await shellRouter.handle('focusWindow', []);
    await shellRouter.handle('setUnreadCount', [12]);
    await expect(shellRouter.handle('setUnreadCount', [-1])).rejects.toThrow();
    await expect(shellRouter.handle('setUnreadCount', ['12'])).rejects.toThrow();
    expect(calls).toEqual(['focus', 'badge 12']);
    // A shell without a window (the web host) accepts both and does nothing.
    await expect(router.handle('focusWindow', [])).resolves.toBeUndefined();
    await expect(router.handle('setUnreadCount', [3])).resolves.toBeUndefined();
  });
});

describe('withoutCredentials', () => {
  it('removes api_key and apiKey at any depth, in objects and lists', () => {
    const state = {
      realm_bots: [{ user_id: 5, api_key: 'secret-1', services: [] }],
      nested: { deeper: [{ raw: { bot: { apiKey: 'secret-2', name: 'x' } } }] },
      giphy_api_key: 'public',
    };
    const stripped = withoutCredentials(state);
    expect(stripped).toEqual({
      realm_bots: [{ user_id: 5, services: [] }],
      nested: { deeper: [{ raw: { bot: { name: 'x' } } }] },
      giphy_api_key: 'public',
    });
    expect(JSON.stringify(stripped)).not.toContain('secret');
    // The input is left as it was: main keeps its own copy of the state.
    expect(state.realm_bots[0]).toHaveProperty('api_key', 'secret-1');
  });

  it('returns the very same objects when there is nothing to strip', () => {
    const messages = { messages: [{ id: 1, content: '<p>api_key</p>', reactions: [] }], found_newest: true };
    expect(withoutCredentials(messages)).toBe(messages);
    expect(withoutCredentials(null)).toBeNull();
    expect(withoutCredentials('api_key')).toBe('api_key');
    const partly = { a: { b: 1 }, c: { api_key: 'k' } };
    const out = withoutCredentials(partly);
    expect(out.a).toBe(partly.a);
    expect(out.c).toEqual({});
  });
});

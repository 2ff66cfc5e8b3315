import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConversationCacheFile,
  MAX_BYTES,
  OPEN_MAX_BYTES,
  OpenConversationFile,
} from '../../../electron/core/conversation-cache';
import { CACHED_MESSAGES_MAX } from '../../../shared/ipc';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-conversation-cache-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const messages = (n: number, extra = '') =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, content: `<p>message ${i + 1}${extra}</p>` }));
const fileOf = (accountId: string) => join(dataDir, 'conversation-cache', `${accountId}.json`);

describe('ConversationCacheFile', () => {
  it('keeps the newest messages of the last conversation, readable only by the user', () => {
    const cache = new ConversationCacheFile(dataDir, 'acc-1');
    expect(cache.load()).toBeNull();
    cache.save({ narrow: { kind: 'topic', streamId: 3, topic: 'deploy' }, messages: messages(80) }, 1234);
    const loaded = cache.load();
    expect(loaded?.narrow).toEqual({ kind: 'topic', streamId: 3, topic: 'deploy' });
    expect(loaded?.savedAt).toBe(1234);
    expect(loaded?.messages).toHaveLength(CACHED_MESSAGES_MAX);
    expect(loaded?.messages[0]?.id).toBe(80 - CACHED_MESSAGES_MAX + 1);
    expect(loaded?.messages.at(-1)?.id).toBe(80);
    expect(statSync(fileOf('acc-1')).mode & 0o777).toBe(0o600);
    // One file per account.
    expect(new ConversationCacheFile(dataDir, 'acc-2').load()).toBeNull();
  });

  it('keeps nothing when the messages are too large, and drops an unreadable file', () => {
    const cache = new ConversationCacheFile(dataDir, 'acc-1');
    cache.save({ narrow: { kind: 'all' }, messages: messages(3) });
    cache.save({ narrow: { kind: 'all' }, messages: messages(3, 'x'.repeat(MAX_BYTES)) });
    expect(cache.load()).toBeNull();
    writeFileSync(fileOf('acc-1'), '{ not json');
    expect(cache.load()).toBeNull();
    expect(() => readFileSync(fileOf('acc-1'))).toThrow();
  });

  it('refuses an account id that could leave its folder', () => {
    expect(() => new ConversationCacheFile(dataDir, '../elsewhere')).toThrow();
  });
});

describe('OpenConversationFile', () => {
  const openFileOf = (accountId: string) => join(dataDir, 'conversation-cache', `${accountId}.open.json`);

  it('keeps which conversation was open per account, and forgets it for none', () => {
    const open = new OpenConversationFile(dataDir, 'acc-1');
    expect(open.load()).toBeNull();
    open.save({ kind: 'topic', streamId: 3, topic: 'deploy' });
    expect(open.load()).toEqual({ kind: 'topic', streamId: 3, topic: 'deploy' });
    expect(statSync(openFileOf('acc-1')).mode & 0o777).toBe(0o600);
    expect(new OpenConversationFile(dataDir, 'acc-2').load()).toBeNull();
    open.save(null);
    expect(open.load()).toBeNull();
    expect(() => readFileSync(openFileOf('acc-1'))).toThrow();
  });

  it('keeps nothing too long to be a conversation, and drops an unreadable file', () => {
    const open = new OpenConversationFile(dataDir, 'acc-1');
    open.save({ kind: 'all' });
    open.save({ kind: 'topic', streamId: 3, topic: 'x'.repeat(OPEN_MAX_BYTES) });
    expect(open.load()).toBeNull();
    writeFileSync(openFileOf('acc-1'), '{ not json');
    expect(open.load()).toBeNull();
    expect(() => readFileSync(openFileOf('acc-1'))).toThrow();
    expect(() => new OpenConversationFile(dataDir, '../elsewhere')).toThrow();
  });
});

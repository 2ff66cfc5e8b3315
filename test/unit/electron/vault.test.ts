import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Vault, type KeyProtector } from '../../../electron/core/vault';
import {
  mayCarryCredentials,
  normalizeServerUrl,
  serverUrlCandidates,
} from '../../../electron/core/server-url';

// A protector that visibly transforms the key, standing in for safeStorage.
const reversing: KeyProtector = {
  description: 'test',
  seal: (plain) => `sealed:${[...plain].reverse().join('')}`,
  unseal: (sealed) => [...sealed.replace(/^sealed:/, '')].reverse().join(''),
};

const summary = (email: string) => ({
  serverUrl: 'https://chat.example.com',
  email,
  realmName: 'Example',
  realmIcon: null,
  featureLevel: 400,
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamchat-vault-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('Vault', () => {
  it('stores only sealed keys, in a file only the user can read', () => {
    const vault = new Vault(dir, reversing);
    const account = vault.save(summary('a@example.com'), 'plain-key-1');
    const text = readFileSync(join(dir, 'accounts.json'), 'utf8');
    expect(text).not.toContain('plain-key-1');
    expect(text).toContain('sealed:');
    expect(statSync(join(dir, 'accounts.json')).mode & 0o777).toBe(0o600);
    expect(new Vault(dir, reversing).credentialsOf(account.id)).toEqual({
      serverUrl: 'https://chat.example.com',
      email: 'a@example.com',
      apiKey: 'plain-key-1',
    });
    expect(JSON.stringify(vault.list())).not.toContain('sealed');
  });

  it('adds, switches, replaces the same login, and removes with the key', () => {
    const vault = new Vault(dir, reversing);
    const a = vault.save(summary('a@example.com'), 'key-a');
    const b = vault.save(summary('b@example.com'), 'key-b');
    expect(vault.activeId).toBe(b.id);
    vault.setActive(a.id);
    expect(vault.activeId).toBe(a.id);
    const again = vault.save(summary('A@example.com'), 'key-a2');
    expect(again.id).toBe(a.id);
    expect(vault.list()).toHaveLength(2);
    expect(vault.credentialsOf(a.id)?.apiKey).toBe('key-a2');
    vault.remove(a.id);
    expect(vault.list().map((account) => account.id)).toEqual([b.id]);
    expect(vault.activeId).toBe(b.id);
    expect(vault.credentialsOf(a.id)).toBeNull();
    expect(readFileSync(join(dir, 'accounts.json'), 'utf8')).not.toContain([...'key-a2'].reverse().join(''));
    expect(() => vault.setActive(a.id)).toThrow();
  });

  it('starts empty rather than crashing on an unreadable file', () => {
    writeFileSync(join(dir, 'accounts.json'), '{not json');
    expect(new Vault(dir, reversing).list()).toEqual([]);
  });
});

describe('normalizeServerUrl', () => {
  it('accepts what people type and refuses what cannot be a server', () => {
    expect(normalizeServerUrl(' chat.example.com ')).toBe('https://chat.example.com');
    expect(normalizeServerUrl('http://127.0.0.1:9991/')).toBe('http://127.0.0.1:9991');
    expect(normalizeServerUrl('https://example.com/chat/')).toBe('https://example.com/chat');
    for (const bad of [
      '',
      'ftp://x.example',
      'htp://x.example',
      'javascript:alert(1)',
      'https://u:p@x.example',
    ])
      expect(normalizeServerUrl(bad)).toBeNull();
  });

  it('tries a page’s address at its path, then at its host; this machine typed bare also over http', () => {
    expect(serverUrlCandidates('https://chat.example.com/#narrow/channel/1-general')).toEqual([
      'https://chat.example.com',
    ]);
    expect(serverUrlCandidates('https://x.example/?a=1')).toEqual(['https://x.example']);
    expect(serverUrlCandidates('http://127.0.0.1:9991/login/')).toEqual([
      'http://127.0.0.1:9991/login',
      'http://127.0.0.1:9991',
    ]);
    expect(serverUrlCandidates('localhost:9991')).toEqual([
      'https://localhost:9991',
      'http://localhost:9991',
    ]);
    // Another machine typed bare: https only (its key must not cross the network in the clear).
    expect(serverUrlCandidates('chat.example.com:8080')).toEqual(['https://chat.example.com:8080']);
  });

  it('reads a scheme typed with one slash too few or too many as the scheme, as browsers do', () => {
    expect(normalizeServerUrl('https:/chat.example.com')).toBe('https://chat.example.com');
    expect(normalizeServerUrl('https:///chat.example.com/')).toBe('https://chat.example.com');
    expect(serverUrlCandidates('http:/127.0.0.1:9991')).toEqual(['http://127.0.0.1:9991']);
  });
});

describe('mayCarryCredentials', () => {
  it('allows https anywhere and plain http only to this machine', () => {
    for (const ok of [
      'https://chat.example.com',
      'http://127.0.0.1:9991',
      'http://localhost:8080',
      'http://[::1]:9991',
    ])
      expect(mayCarryCredentials(ok), ok).toBe(true);
    for (const bad of [
      'http://chat.example.com',
      'http://192.168.1.10:9991',
      'http://127.0.0.1.example.com',
      'ftp://x',
    ])
      expect(mayCarryCredentials(bad), bad).toBe(false);
  });
});

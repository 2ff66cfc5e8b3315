// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createLocalDraftStore,
  readLocalDrafts,
  STORAGE_PREFIX,
  type LocalDraft,
} from '../../../../renderer/src/features/drafts/local-drafts';

// Two tabs of the web host, one account: both keep their drafts in the same browser storage.
const draft = (key: string, content: string): LocalDraft => ({
  key,
  draft: { type: 'stream', to: [1], topic: key, content, timestamp: 1 },
  synced: false,
});

/** Delivers what the browser tells other pages after a write (jsdom does not, within one page). */
function storageEventFor(accountId: string) {
  const key = STORAGE_PREFIX + accountId;
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: localStorage.getItem(key) }));
}

beforeEach(() => localStorage.clear());

describe('drafts of two pages sharing the browser storage', () => {
  it('keeps both pages’ drafts: each write adds its own change to what is stored', () => {
    const tabA = createLocalDraftStore();
    const tabB = createLocalDraftStore();
    tabA.getState().load('acc');
    tabB.getState().load('acc');
    tabA.getState().put(draft('topic:1:welcome', 'Alpha local only'));
    tabB.getState().put(draft('topic:2:incident 42', 'Bravo local only'));
    tabB.getState().put(draft('topic:2:incident 42', 'Bravo local only, more'));
    const stored = readLocalDrafts('acc');
    expect(stored['topic:1:welcome']?.draft.content).toBe('Alpha local only');
    expect(stored['topic:2:incident 42']?.draft.content).toBe('Bravo local only, more');

    // Emptying a box in one tab removes only that draft.
    tabA.getState().remove('topic:1:welcome');
    expect(Object.keys(readLocalDrafts('acc'))).toEqual(['topic:2:incident 42']);
  });

  it('takes in another page’s write, so its own list and later writes include it', () => {
    const tabA = createLocalDraftStore();
    const tabB = createLocalDraftStore();
    tabA.getState().load('acc');
    tabB.getState().load('acc');
    tabB.getState().put(draft('topic:3:plans', 'from B'));
    storageEventFor('acc');
    expect(tabA.getState().drafts['topic:3:plans']?.draft.content).toBe('from B');
    // Another account's storage is not this store's.
    tabB.getState().load('other');
    tabB.getState().put(draft('topic:4:x', 'other account'));
    storageEventFor('other');
    expect(tabA.getState().drafts['topic:4:x']).toBeUndefined();
  });
});

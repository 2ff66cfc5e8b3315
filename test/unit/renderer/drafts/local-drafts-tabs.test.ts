// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createLocalDraftStore,
  DRAFT_PREFIX,
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
function storageEventFor(accountId: string, conversation: string) {
  const key = `${DRAFT_PREFIX}${accountId}/${conversation}`;
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: localStorage.getItem(key) }));
}

/**
 * A page's view of the shared storage as Chromium gives it: its writes reach the shared storage at
 * once, but it reads from its own copy, which takes in other pages' writes only when `catchUp` is
 * called (a moment later, in the browser).
 */
function laggingView(shared: Storage) {
  let copy = new Map<string, string>();
  const catchUp = () => {
    copy = new Map();
    for (let i = 0; i < shared.length; i++) {
      const key = shared.key(i)!;
      copy.set(key, shared.getItem(key)!);
    }
  };
  catchUp();
  const view = {
    get length() {
      return copy.size;
    },
    key: (i: number) => [...copy.keys()][i] ?? null,
    getItem: (key: string) => copy.get(key) ?? null,
    setItem: (key: string, value: string) => {
      copy.set(key, value);
      shared.setItem(key, value);
    },
    removeItem: (key: string) => {
      copy.delete(key);
      shared.removeItem(key);
    },
    clear: () => {
      copy.clear();
      shared.clear();
    },
  } as Storage;
  return { view, catchUp };
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
    storageEventFor('acc', 'topic:3:plans');
    expect(tabA.getState().drafts['topic:3:plans']?.draft.content).toBe('from B');
    // Another account's storage is not this store's.
    tabB.getState().load('other');
    tabB.getState().put(draft('topic:4:x', 'other account'));
    storageEventFor('other', 'topic:4:x');
    expect(tabA.getState().drafts['topic:4:x']).toBeUndefined();
    // A draft emptied in the other page goes here too.
    tabB.getState().load('acc');
    tabB.getState().remove('topic:3:plans');
    storageEventFor('acc', 'topic:3:plans');
    expect(tabA.getState().drafts['topic:3:plans']).toBeUndefined();
  });

  it('keeps a draft another page wrote a moment ago, before this page saw it', () => {
    const b = laggingView(localStorage);
    const tabA = createLocalDraftStore();
    const tabB = createLocalDraftStore(() => b.view);
    tabA.getState().load('acc');
    tabB.getState().load('acc');
    tabA.getState().put(draft('topic:1:welcome', 'typed in A'));
    // B has not caught up with A's write when it saves its own draft.
    tabB.getState().put(draft('topic:2:incident 42', 'typed in B'));
    tabB.getState().remove('topic:9:gone');
    b.catchUp();
    const stored = readLocalDrafts('acc');
    expect(stored['topic:1:welcome']?.draft.content).toBe('typed in A');
    expect(stored['topic:2:incident 42']?.draft.content).toBe('typed in B');
  });

  it('moves drafts kept by an older version as one object to keys of their own', () => {
    localStorage.setItem(
      STORAGE_PREFIX + 'acc',
      JSON.stringify({
        'topic:1:welcome': draft('topic:1:welcome', 'kept by the old version'),
        'topic:2:incident 42': draft('topic:2:incident 42', 'older copy'),
        broken: { nope: true },
      }),
    );
    // A draft already stored on its own is newer than the old object's copy.
    localStorage.setItem(
      `${DRAFT_PREFIX}acc/topic:2:incident 42`,
      JSON.stringify(draft('topic:2:incident 42', 'newer copy')),
    );
    const tab = createLocalDraftStore();
    tab.getState().load('acc');
    expect(tab.getState().drafts['topic:1:welcome']?.draft.content).toBe('kept by the old version');
    expect(tab.getState().drafts['topic:2:incident 42']?.draft.content).toBe('newer copy');
    expect(tab.getState().drafts.broken).toBeUndefined();
    expect(localStorage.getItem(STORAGE_PREFIX + 'acc')).toBeNull();
    expect(JSON.parse(localStorage.getItem(`${DRAFT_PREFIX}acc/topic:1:welcome`)!).draft.content).toBe(
      'kept by the old version',
    );
  });
});

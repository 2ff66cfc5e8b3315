// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createLocalDraftStore,
  readLocalDrafts,
  readRetiredDrafts,
  type LocalDraft,
} from '../../../../renderer/src/features/drafts/local-drafts';

// A call or an upload that ends after the person switched accounts changes the drafts of the
// account it was for, kept on disk while the store holds another's.
const draft = (key: string, content: string, serverId?: number): LocalDraft => ({
  key,
  draft: { type: 'stream', to: [1], topic: key, content, timestamp: 1 },
  synced: true,
  ...(serverId !== undefined ? { serverId } : {}),
});

describe('drafts of an account the store does not hold', () => {
  beforeEach(() => localStorage.clear());

  it('are read, changed and retired on disk, and the account on screen keeps its own', () => {
    const store = createLocalDraftStore();
    store.getState().load('a');
    store.getState().put(draft('topic:1:plans', 'A writes [Uploading x.txt…]()', 7));
    store.getState().put(draft('topic:1:notes', 'A’s notes', 8));
    store.getState().load('b');
    store.getState().put(draft('topic:1:plans', 'B’s own text'));

    expect(store.getState().draftOf('a', 'topic:1:plans')?.draft.content).toBe(
      'A writes [Uploading x.txt…]()',
    );
    store.getState().patchOf('a', 'topic:1:plans', {
      synced: false,
      draft: { ...draft('', '').draft, content: 'A writes [x.txt](/u)' },
    });
    expect(readLocalDrafts('a')['topic:1:plans']).toMatchObject({
      serverId: 7,
      synced: false,
      draft: { content: 'A writes [x.txt](/u)' },
    });

    const retired = store.getState().retireOf('a', 'topic:1:notes');
    expect(readLocalDrafts('a')['topic:1:notes']).toBeUndefined();
    expect(retired && readRetiredDrafts('a')[retired]).toMatchObject({ serverId: 8 });
    expect(store.getState().retiredOf('a', retired!)).toMatchObject({ serverId: 8 });
    store.getState().forgetRetiredOf('a', retired!);
    expect(readRetiredDrafts('a')).toEqual({});

    // The store still holds B, untouched.
    expect(store.getState().accountId).toBe('b');
    expect(Object.values(store.getState().drafts).map((d) => d.draft.content)).toEqual(['B’s own text']);
    expect(store.getState().retired).toEqual({});
  });
});

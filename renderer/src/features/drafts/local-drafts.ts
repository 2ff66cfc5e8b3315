import { create } from 'zustand';
import type { Draft } from '../../api/model';
import { conversationKey } from '../../api/narrow';
import { sameDraft, type DraftFields, type DraftInput } from './draft-model';
import { StoredEntries } from './stored-entries';

/**
 * Every compose box's draft, kept in localStorage per account whatever the sync setting says, so a
 * draft survives a crash, an unreachable server and a restart. `serverId` links it to its copy on
 * the server; `synced` says whether that copy has the latest text.
 */
export interface LocalDraft {
  /** The compose box's key (`conversationKey`). */
  key: string;
  draft: DraftInput;
  serverId?: number;
  synced: boolean;
  /**
   * Creates whose answer never came (the connection died or timed out): the server may hold any of
   * them. Before creating again, and when listing, a server draft equal to one of these is this
   * draft's copy, not another draft.
   */
  unconfirmed?: DraftInput[];
}

export type LocalDrafts = Record<string, LocalDraft>;

/** Where drafts were kept before each had a key of its own: one JSON object per account. */
export const STORAGE_PREFIX = 'teamchat.drafts.';
/** Each draft's own key: `teamchat.draft.<accountId>/<conversation key>`. */
export const DRAFT_PREFIX = 'teamchat.draft.';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A key stored before topics were case-folded (`topic:<id>:<Name>`) as `conversationKey` makes it now. */
function currentKey(stored: string): string {
  const topic = /^topic:(\d+):([\s\S]*)$/.exec(stored);
  if (!topic) return stored;
  return conversationKey({ kind: 'topic', streamId: Number(topic[1]), topic: topic[2] ?? '' }, undefined);
}

/** A stored draft as this version keeps it, or null (not a draft). */
function acceptDraft(value: unknown): Omit<LocalDraft, 'key'> | null {
  const d = value as Partial<LocalDraft> | null;
  if (!d || typeof d !== 'object' || !d.draft || typeof d.draft.content !== 'string') return null;
  return {
    draft: d.draft,
    serverId: d.serverId,
    synced: d.synced === true,
    ...(Array.isArray(d.unconfirmed) && d.unconfirmed.length > 0 ? { unconfirmed: d.unconfirmed } : {}),
  };
}

function draftEntries(area: () => Storage | null = storage) {
  return new StoredEntries(DRAFT_PREFIX, STORAGE_PREFIX, acceptDraft, area);
}

/** The account's drafts as stored, by conversation key. */
export function readLocalDrafts(accountId: string, area: () => Storage | null = storage): LocalDrafts {
  const out: LocalDrafts = {};
  for (const [stored, d] of Object.entries(draftEntries(area).readAll(accountId))) {
    const key = currentKey(stored);
    // Two boxes of one topic saved before keys were case-folded: the newer draft is the box's.
    const other = out[key];
    if (other && (other.draft.timestamp ?? 0) > (d.draft.timestamp ?? 0)) continue;
    out[key] = { key, ...d };
  }
  return out;
}

/** Drafts no longer wanted whose server copies are still to be deleted (see `retire`), as one object. */
export const RETIRED_STORAGE_PREFIX = 'teamchat.drafts-retired.';
/** Each of them under its own key: `teamchat.draft-retired.<accountId>/<retire id>`. */
const RETIRED_PREFIX = 'teamchat.draft-retired.';
/** How many such drafts are kept at most. */
const MAX_RETIRED = 200;

function acceptRetired(value: unknown): LocalDraft | null {
  const d = acceptDraft(value);
  const key = (value as { key?: unknown }).key;
  return d && typeof key === 'string' ? { key, ...d } : null;
}

function retiredEntries(area: () => Storage | null = storage) {
  return new StoredEntries(RETIRED_PREFIX, RETIRED_STORAGE_PREFIX, acceptRetired, area);
}

/** The account's retired drafts as stored, by retire id. */
export function readRetiredDrafts(accountId: string, area: () => Storage | null = storage): LocalDrafts {
  return retiredEntries(area).readAll(accountId);
}

/** Removes every draft the account kept on this computer, retired ones included (the account is signed out here). */
export function forgetLocalDrafts(accountId: string, area: () => Storage | null = storage): void {
  draftEntries(area).removeAll(accountId);
  retiredEntries(area).removeAll(accountId);
}

function newRetireId(key: string): string {
  return `${key}@${Date.now()}.${Math.random().toString(36).slice(2, 8)}`;
}

/** When a draft was retired, from its retire id (`<key>@<ms>.<random>`). */
function retiredAt(id: string): number {
  return Number(/@(\d+)\.[a-z0-9]*$/.exec(id)?.[1] ?? 0);
}

/** Whether the server may hold a copy of this draft. */
function mayBeOnServer(draft: LocalDraft): boolean {
  return draft.serverId !== undefined || (draft.unconfirmed?.length ?? 0) > 0;
}

interface LocalDraftState {
  accountId: string | null;
  drafts: LocalDrafts;
  /**
   * Drafts sent or emptied whose server copies are not deleted yet, by `retire`'s id: kept on disk
   * until the deletion has gone through, so a draft sent during an outage does not stay on the
   * server (and in the Drafts list) for good.
   */
  retired: LocalDrafts;
  /** Loads the account's drafts (a no-op when it is already loaded). */
  load(accountId: string): void;
  put(draft: LocalDraft): void;
  patch(key: string, change: Partial<LocalDraft>): void;
  remove(key: string): void;
  /**
   * Removes the box's draft; when the server may hold a copy, keeps it among `retired` until that
   * copy is deleted (`forgetRetired`). Returns its id there, or null.
   */
  retire(key: string): string | null;
  forgetRetired(id: string): void;
  /**
   * An account's draft and retired draft, and changes to them, wherever they are kept now: in this
   * store while it holds that account, else on disk (a call that ends after the person switched).
   */
  draftOf(accountId: string, key: string): LocalDraft | undefined;
  patchOf(accountId: string, key: string, change: Partial<LocalDraft>): void;
  retireOf(accountId: string, key: string): string | null;
  retiredOf(accountId: string, id: string): LocalDraft | undefined;
  forgetRetiredOf(accountId: string, id: string): void;
}

/**
 * The store of one page. Several pages of one account share the browser's storage (tabs of the web
 * host): each draft is stored under its own key, so a page's write replaces only the drafts it
 * changed, and another page's write (the `storage` event) is taken in.
 */
export function createLocalDraftStore(area: () => Storage | null = storage) {
  const drafts = draftEntries(area);
  const retiredStore = retiredEntries(area);
  return create<LocalDraftState>((set, get) => {
    const setDraft = (key: string, value: LocalDraft | null) => {
      const { accountId } = get();
      if (accountId) drafts.write(accountId, key, value);
      const next = { ...get().drafts };
      if (value) next[key] = value;
      else delete next[key];
      set({ drafts: next });
    };
    const setRetired = (id: string, value: LocalDraft | null) => {
      const { accountId } = get();
      if (accountId) retiredStore.write(accountId, id, value);
      const next = { ...get().retired };
      if (value) next[id] = value;
      else delete next[id];
      set({ retired: next });
    };
    const otherPageWrote = (event: StorageEvent) => {
      const { accountId } = get();
      if (!accountId) return;
      const draft = drafts.changeOf(event, accountId);
      if (draft?.kind === 'all') {
        set({ drafts: readLocalDrafts(accountId, area), retired: readRetiredDrafts(accountId, area) });
        return;
      }
      if (draft) {
        const next = { ...get().drafts };
        if (draft.value) next[draft.key] = { key: draft.key, ...draft.value };
        else delete next[draft.key];
        set({ drafts: next });
        return;
      }
      const retired = retiredStore.changeOf(event, accountId);
      if (retired?.kind === 'one') {
        const next = { ...get().retired };
        if (retired.value) next[retired.key] = retired.value;
        else delete next[retired.key];
        set({ retired: next });
      }
    };
    if (typeof window !== 'undefined') window.addEventListener('storage', otherPageWrote);
    return {
      accountId: null,
      drafts: {},
      retired: {},
      load: (accountId) => {
        if (get().accountId === accountId) return;
        set({
          accountId,
          drafts: readLocalDrafts(accountId, area),
          retired: readRetiredDrafts(accountId, area),
        });
      },
      put: (draft) => setDraft(draft.key, draft),
      patch: (key, change) => {
        const current = get().drafts[key];
        if (current) setDraft(key, { ...current, ...change });
      },
      remove: (key) => {
        if (key in get().drafts) setDraft(key, null);
      },
      retire: (key) => {
        const draft = get().drafts[key];
        if (!draft) return null;
        let id: string | null = null;
        if (mayBeOnServer(draft)) {
          id = newRetireId(key);
          setRetired(id, draft);
          // Bounded: past the cap the oldest are given up (their copies stay on the server, listed there).
          const ids = Object.keys(get().retired);
          if (ids.length > MAX_RETIRED)
            for (const old of ids
              .sort((a, b) => retiredAt(a) - retiredAt(b))
              .slice(0, ids.length - MAX_RETIRED))
              setRetired(old, null);
        }
        get().remove(key);
        return id;
      },
      forgetRetired: (id) => {
        if (id in get().retired) setRetired(id, null);
      },
      draftOf: (accountId, key) =>
        get().accountId === accountId ? get().drafts[key] : readLocalDrafts(accountId, area)[key],
      patchOf: (accountId, key, change) => {
        if (get().accountId === accountId) return get().patch(key, change);
        const current = readLocalDrafts(accountId, area)[key];
        if (current) drafts.write(accountId, key, { ...current, ...change });
      },
      retireOf: (accountId, key) => {
        if (get().accountId === accountId) return get().retire(key);
        const draft = readLocalDrafts(accountId, area)[key];
        if (!draft) return null;
        drafts.write(accountId, key, null);
        if (!mayBeOnServer(draft)) return null;
        const id = newRetireId(key);
        retiredStore.write(accountId, id, draft);
        return id;
      },
      retiredOf: (accountId, id) =>
        get().accountId === accountId ? get().retired[id] : readRetiredDrafts(accountId, area)[id],
      forgetRetiredOf: (accountId, id) => {
        if (get().accountId === accountId) get().forgetRetired(id);
        else retiredStore.write(accountId, id, null);
      },
    };
  });
}

export const useLocalDrafts = createLocalDraftStore();

/** The local draft linked to a server draft, if any. */
export function localByServerId(drafts: LocalDrafts, serverId: number): LocalDraft | undefined {
  return Object.values(drafts).find((d) => d.serverId === serverId);
}

/** Whether `server` is what one of this draft's unanswered creates left on the server. */
export function isUnconfirmedCopy(local: LocalDraft, server: DraftFields): boolean {
  return (
    local.serverId === undefined &&
    (local.unconfirmed ?? []).some(
      (attempt) => sameDraft(attempt, server) && attempt.timestamp === server.timestamp,
    )
  );
}

/** The local draft a server draft belongs to: linked by id, or the copy of an unanswered create. */
export function localOfServerDraft(drafts: LocalDrafts, server: Draft): LocalDraft | undefined {
  return (
    localByServerId(drafts, server.id) ?? Object.values(drafts).find((d) => isUnconfirmedCopy(d, server))
  );
}

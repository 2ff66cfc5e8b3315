import { create } from 'zustand';
import type { Draft } from '../../api/model';
import { conversationKey } from '../../api/narrow';
import { sameDraft, type DraftFields, type DraftInput } from './draft-model';

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

export const STORAGE_PREFIX = 'teamchat.drafts.';

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

export function readLocalDrafts(accountId: string): LocalDrafts {
  const raw = storage()?.getItem(STORAGE_PREFIX + accountId);
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    const out: LocalDrafts = {};
    for (const [stored, value] of Object.entries(parsed as Record<string, unknown>)) {
      const d = value as Partial<LocalDraft>;
      if (!d || typeof d !== 'object' || !d.draft || typeof d.draft.content !== 'string') continue;
      const key = currentKey(stored);
      // Two boxes of one topic saved before keys were case-folded: the newer draft is the box's.
      const other = out[key];
      if (other && (other.draft.timestamp ?? 0) > (d.draft.timestamp ?? 0)) continue;
      out[key] = {
        key,
        draft: d.draft,
        serverId: d.serverId,
        synced: d.synced === true,
        ...(Array.isArray(d.unconfirmed) && d.unconfirmed.length > 0 ? { unconfirmed: d.unconfirmed } : {}),
      };
    }
    return out;
  } catch {
    return {};
  }
}

function writeLocalDrafts(accountId: string, drafts: LocalDrafts, prefix = STORAGE_PREFIX): void {
  try {
    storage()?.setItem(prefix + accountId, JSON.stringify(drafts));
  } catch {
    // Storage full or unavailable: the server copy (if any) is all there is.
  }
}

/** Drafts no longer wanted whose server copies are still to be deleted (see `retire`). */
export const RETIRED_STORAGE_PREFIX = 'teamchat.drafts-retired.';
/** How many such drafts are kept at most. */
const MAX_RETIRED = 200;

function readRetired(accountId: string): LocalDrafts {
  try {
    const parsed = JSON.parse(storage()?.getItem(RETIRED_STORAGE_PREFIX + accountId) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed as LocalDrafts).filter(([, d]) => typeof d?.draft?.content === 'string'),
    );
  } catch {
    return {};
  }
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
}

/** Keys set to a draft, or to null (removed). */
type Changes = Record<string, LocalDraft | null>;

function applied(base: LocalDrafts, changes: Changes): LocalDrafts {
  const out = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    if (value) out[key] = value;
    else delete out[key];
  }
  return out;
}

/**
 * The store of one page. Several pages of one account share the browser's storage (tabs of the web
 * host): each write applies only this page's changes to what is stored now, so one tab does not
 * undo another's drafts, and a write by another tab (the `storage` event) is taken in.
 */
export function createLocalDraftStore() {
  return create<LocalDraftState>((set, get) => {
    /** What is stored now for `prefix`, or this page's copy when the browser keeps nothing. */
    const stored = (prefix: string, accountId: string, own: LocalDrafts): LocalDrafts => {
      if (!storage()) return own;
      return prefix === STORAGE_PREFIX ? readLocalDrafts(accountId) : readRetired(accountId);
    };
    const commit = (changes: Changes) => {
      const { accountId } = get();
      if (!accountId) {
        set({ drafts: applied(get().drafts, changes) });
        return;
      }
      const drafts = applied(stored(STORAGE_PREFIX, accountId, get().drafts), changes);
      writeLocalDrafts(accountId, drafts);
      set({ drafts });
    };
    const commitRetired = (changes: Changes, cap = Infinity) => {
      const { accountId } = get();
      const base = accountId ? stored(RETIRED_STORAGE_PREFIX, accountId, get().retired) : get().retired;
      // Bounded: past the cap the oldest are given up (their copies stay on the server, listed there).
      const retired = Object.fromEntries(Object.entries(applied(base, changes)).slice(-cap));
      if (accountId) writeLocalDrafts(accountId, retired, RETIRED_STORAGE_PREFIX);
      set({ retired });
    };
    const otherPageWrote = (event: StorageEvent) => {
      const { accountId } = get();
      if (!accountId) return;
      if (event.key === STORAGE_PREFIX + accountId) set({ drafts: readLocalDrafts(accountId) });
      if (event.key === RETIRED_STORAGE_PREFIX + accountId) set({ retired: readRetired(accountId) });
    };
    if (typeof window !== 'undefined') window.addEventListener('storage', otherPageWrote);
    return {
      accountId: null,
      drafts: {},
      retired: {},
      load: (accountId) => {
        if (get().accountId === accountId) return;
        set({ accountId, drafts: readLocalDrafts(accountId), retired: readRetired(accountId) });
      },
      put: (draft) => commit({ [draft.key]: draft }),
      patch: (key, change) => {
        const current = get().drafts[key];
        if (current) commit({ [key]: { ...current, ...change } });
      },
      remove: (key) => {
        if (key in get().drafts) commit({ [key]: null });
      },
      retire: (key) => {
        const draft = get().drafts[key];
        if (!draft) return null;
        let id: string | null = null;
        if (mayBeOnServer(draft)) {
          id = `${key}@${Date.now()}.${Math.random().toString(36).slice(2, 8)}`;
          commitRetired({ [id]: draft }, MAX_RETIRED);
        }
        get().remove(key);
        return id;
      },
      forgetRetired: (id) => {
        if (id in get().retired) commitRetired({ [id]: null });
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

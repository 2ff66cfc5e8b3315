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

export const useLocalDrafts = create<LocalDraftState>((set, get) => {
  const commit = (drafts: LocalDrafts) => {
    const { accountId } = get();
    if (accountId) writeLocalDrafts(accountId, drafts);
    set({ drafts });
  };
  const commitRetired = (retired: LocalDrafts) => {
    const { accountId } = get();
    if (accountId) writeLocalDrafts(accountId, retired, RETIRED_STORAGE_PREFIX);
    set({ retired });
  };
  return {
    accountId: null,
    drafts: {},
    retired: {},
    load: (accountId) => {
      if (get().accountId === accountId) return;
      set({ accountId, drafts: readLocalDrafts(accountId), retired: readRetired(accountId) });
    },
    put: (draft) => commit({ ...get().drafts, [draft.key]: draft }),
    patch: (key, change) => {
      const current = get().drafts[key];
      if (current) commit({ ...get().drafts, [key]: { ...current, ...change } });
    },
    remove: (key) => {
      if (!(key in get().drafts)) return;
      const drafts = { ...get().drafts };
      delete drafts[key];
      commit(drafts);
    },
    retire: (key) => {
      const draft = get().drafts[key];
      if (!draft) return null;
      let id: string | null = null;
      if (mayBeOnServer(draft)) {
        id = `${key}@${Date.now()}.${Object.keys(get().retired).length}`;
        // Bounded: past the cap the oldest is given up (its copy stays on the server, listed there).
        const kept = Object.entries(get().retired).slice(-(MAX_RETIRED - 1));
        commitRetired({ ...Object.fromEntries(kept), [id]: draft });
      }
      get().remove(key);
      return id;
    },
    forgetRetired: (id) => {
      if (!(id in get().retired)) return;
      const retired = { ...get().retired };
      delete retired[id];
      commitRetired(retired);
    },
  };
});

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

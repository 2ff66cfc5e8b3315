import type { Draft } from '../../api/model';
import type { DraftFields } from './draft-model';
import { localOfServerDraft, type LocalDraft, type LocalDrafts } from './local-drafts';

/** One line of the drafts screen: a server draft, or a draft only this computer holds. */
export interface DraftRow {
  rowKey: string;
  draft: DraftFields;
  serverId?: number;
  local?: LocalDraft;
  /** True when the newest text has not reached the server (offline, sync off, or not yet sent). */
  localOnly: boolean;
}

/** How the lists compare: whether the server's is current (not kept from the last launch). */
export interface DraftListing {
  syncOn: boolean;
  /** False while the server's list is the one kept from the last launch (offline). */
  serverListCurrent: boolean;
  /** Drafts sent or emptied whose server copies are still to be deleted: not listed. */
  retired: LocalDrafts;
}

/**
 * Server drafts (kept current by drafts events) merged with local ones: a local draft linked to a
 * server draft shows its newer text while the push is pending; a local draft the server does not
 * hold is listed on its own, unless it had been synced and is gone from a current list (deleted by
 * another client). A server draft whose local draft was sent or emptied is not listed.
 * Newest first.
 */
export function draftRows(server: readonly Draft[], local: LocalDrafts, listing: DraftListing): DraftRow[] {
  const rows: DraftRow[] = [];
  const serverIds = new Set(server.map((d) => d.id));
  // Local drafts shown with their server copy, whether linked by id or found by an unanswered create.
  const shown = new Set<LocalDraft>();
  for (const s of server) {
    if (localOfServerDraft(listing.retired, s)) continue;
    const linked = localOfServerDraft(local, s);
    if (linked) shown.add(linked);
    const pendingNewer = linked && !linked.synced && (linked.draft.timestamp ?? 0) >= (s.timestamp ?? 0);
    rows.push({
      rowKey: `server:${s.id}`,
      draft: pendingNewer ? linked.draft : s,
      serverId: s.id,
      local: linked,
      localOnly: Boolean(pendingNewer),
    });
  }
  for (const l of Object.values(local)) {
    if (shown.has(l) || (l.serverId !== undefined && serverIds.has(l.serverId))) continue;
    // Synced, yet gone from the server: another client deleted it.
    if (listing.syncOn && listing.serverListCurrent && l.serverId !== undefined && l.synced) continue;
    rows.push({ rowKey: `local:${l.key}`, draft: l.draft, local: l, localOnly: true });
  }
  return rows.sort((a, b) => (b.draft.timestamp ?? 0) - (a.draft.timestamp ?? 0));
}

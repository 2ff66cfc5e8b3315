import { focusComposeSoon } from '../compose/focus-compose';
import type { ChatBridge } from '../../../../shared/ipc';
import { callApi } from '../../api/call';
import { conversationKey, type ComposeNarrow } from '../../api/narrow';
import { useComposeStore } from '../../state/compose';
import { useNarrowStore } from '../../state/narrow';
import { useSettingsScreen } from '../settings/screen-store';
import { draftInput, nowSeconds, type DraftInput } from './draft-model';
import type { DraftRow } from './draft-rows';
import { discardServerCopies, discardServerDraft, syncDraft } from './draft-sync';
import { useLocalDrafts } from './local-drafts';

/**
 * What the Drafts screen does to one draft, wherever its copies are (the server, this computer,
 * or both); the row's component only shows them and their outcome.
 */

export interface DraftContext {
  bridge: ChatBridge;
  row: DraftRow;
  /** The conversation the draft is for, or null when it has no recipient yet. */
  narrow: ComposeNarrow | null;
  selfId: number | undefined;
  syncOn: boolean;
}

/** Saves new text; `missing`: the server copy is gone (sent or deleted elsewhere), so it becomes a new draft. */
export async function saveDraftText(context: DraftContext, content: string, missing: boolean): Promise<void> {
  const { bridge, row, narrow, selfId, syncOn } = context;
  const draft: DraftInput = { ...draftInput(row.draft), content, timestamp: nowSeconds() };
  const store = useLocalDrafts.getState();
  if (row.serverId !== undefined && !missing) {
    await callApi(bridge, 'updateDraft', { draft_id: row.serverId, draft });
    if (row.local) store.put({ ...row.local, draft, synced: true });
  } else if (row.local) {
    store.put({ ...row.local, draft, synced: !syncOn });
    if (syncOn) await syncDraft(bridge, row.local.key);
  } else {
    // A server draft deleted elsewhere while being edited: keep the text as a new draft.
    const key = narrow ? conversationKey(narrow, selfId) : `draft:${Date.now()}`;
    store.put({ key, draft, synced: !syncOn });
    if (syncOn) await syncDraft(bridge, key);
  }
}

export async function deleteDraft({ bridge, row }: DraftContext): Promise<void> {
  if (row.serverId !== undefined) await discardServerDraft(bridge, row.serverId);
  if (row.local?.unconfirmed?.length) await discardServerCopies(bridge, row.local);
  if (row.local) {
    useLocalDrafts.getState().remove(row.local.key);
    const compose = useComposeStore.getState();
    if (compose.drafts[row.local.key] === row.draft.content) compose.clear(row.local.key);
  }
}

/** Opens the draft's conversation with its text in the compose box. */
export function restoreDraft({ bridge, row, narrow, selfId, syncOn }: DraftContext): void {
  if (!narrow) return;
  const key = conversationKey(narrow, selfId);
  const store = useLocalDrafts.getState();
  const compose = useComposeStore.getState();
  if (row.local && row.local.key !== key) {
    const from = row.local.key;
    store.remove(from);
    // The text moves to its conversation's own box. Left in the box it was typed in (a channel's,
    // with its topic), it came back there once sent, and was sent a second time from there.
    if (compose.drafts[from] === row.draft.content) compose.clear(from);
    if (compose.topics[from] === row.draft.topic) compose.setTopic(from, '');
  }
  // Text already in that compose box stays: the draft goes after it rather than over it.
  const existing = compose.drafts[key] ?? '';
  const merged = existing.trim() !== '' && existing !== row.draft.content;
  const text = merged ? `${existing}\n\n${row.draft.content}` : row.draft.content;
  const boxDraft = store.drafts[key];
  // The restored draft stays the same draft: its server copy (or what an unanswered create may
  // have left there) is what the next edit updates, never a second one.
  store.put({
    key,
    draft: { ...draftInput(row.draft), content: text },
    serverId: row.serverId,
    synced: merged ? !syncOn : row.serverId !== undefined && !row.localOnly,
    ...(row.serverId === undefined && row.local?.unconfirmed ? { unconfirmed: row.local.unconfirmed } : {}),
  });
  if (merged && syncOn) {
    // The box's own draft is now part of this one: its server copy would outlive the send.
    if (boxDraft?.serverId !== undefined && boxDraft.serverId !== row.serverId)
      void discardServerDraft(bridge, boxDraft.serverId).catch(() => undefined);
    void syncDraft(bridge, key).catch(() => undefined);
  }
  compose.setText(key, text);
  useNarrowStore.getState().select(narrow);
  useSettingsScreen.getState().close();
  // Restored to be finished: the typing goes on where the text ends.
  focusComposeSoon();
}

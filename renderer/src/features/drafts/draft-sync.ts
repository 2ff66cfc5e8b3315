import { ApiCallError } from '../../../../shared/errors';
import type { ChatBridge } from '../../../../shared/ipc';
import { callApi } from '../../api/call';
import { draftInput, sameDraft } from './draft-model';
import { useLocalDrafts, type LocalDraft } from './local-drafts';

/** Spec part 7: PATCH /drafts/{draft_id} on a draft the server no longer has. */
export function isDraftMissing(error: unknown): boolean {
  return (
    error instanceof ApiCallError &&
    error.failure.kind === 'api' &&
    /draft does not exist/i.test(error.failure.msg)
  );
}

/**
 * Puts a local draft on the server: an edit of its server copy when it has one, else a new draft.
 * A copy deleted meanwhile (elsewhere, or by turning sync off and on) is created again.
 */
export async function pushDraft(bridge: ChatBridge, local: LocalDraft): Promise<number> {
  const draft = draftInput(local.draft);
  if (local.serverId !== undefined) {
    try {
      await callApi(bridge, 'updateDraft', { draft_id: local.serverId, draft });
      return local.serverId;
    } catch (error) {
      if (!isDraftMissing(error)) throw error;
    }
  }
  const { ids } = await callApi<{ ids: number[] }>(bridge, 'createDrafts', { drafts: [draft] });
  const id = ids[0];
  if (id === undefined) throw new Error('The server did not return the new draft’s id.');
  return id;
}

/** Deletes a server draft; one that is already gone is fine. */
export async function discardServerDraft(bridge: ChatBridge, id: number): Promise<void> {
  try {
    await callApi(bridge, 'deleteDraft', { draft_id: id });
  } catch (error) {
    if (!isDraftMissing(error)) throw error;
  }
}

// One chain of server calls per compose box, so a create never races its own edit or delete.
const chains = new Map<string, Promise<void>>();

/** Runs `task` after the box's earlier calls; the returned promise fails if the task does. */
export function enqueue(key: string, task: () => Promise<void>): Promise<void> {
  const run = (chains.get(key) ?? Promise.resolve()).then(task);
  // The chain itself goes on after a failure.
  const settled = run.catch(() => undefined);
  chains.set(key, settled);
  void settled.then(() => {
    if (chains.get(key) === settled) chains.delete(key);
  });
  return run;
}

/** For background saves: a failure leaves the draft unsynced, to be retried; nobody is waiting. */
export function inBackground(promise: Promise<void>): void {
  promise.catch(() => undefined);
}

/**
 * Sends the box's local draft to the server if it changed since the last push. A failure (offline,
 * server error) leaves it marked unsynced for the next attempt (and rejects the returned promise);
 * the local copy is never dropped.
 */
export function syncDraft(bridge: ChatBridge, key: string): Promise<void> {
  return enqueue(key, async () => {
    const local = useLocalDrafts.getState().drafts[key];
    if (!local || local.synced) return;
    const id = await pushDraft(bridge, local);
    const current = useLocalDrafts.getState().drafts[key];
    if (!current) {
      // Sent or emptied while the call was under way: the server copy is not wanted either.
      await discardServerDraft(bridge, id);
      return;
    }
    useLocalDrafts.getState().patch(key, { serverId: id, synced: sameDraft(current.draft, local.draft) });
  });
}

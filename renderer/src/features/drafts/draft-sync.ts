import { ApiCallError } from '../../../../shared/failures';
import { clientFailureCodes, type ChatBridge } from '../../../../shared/ipc';
import { bridgeForAccount, callApi, outcomeUnknown } from '../../api/call';
import { draftInput, sameDraft, type DraftInput } from './draft-model';
import { isUnconfirmedCopy, useLocalDrafts, type LocalDraft } from './local-drafts';

/** Spec part 7: PATCH /drafts/{draft_id} on a draft the server no longer has. */
export function isDraftMissing(error: unknown): boolean {
  return (
    error instanceof ApiCallError &&
    error.failure.kind === 'api' &&
    /draft does not exist/i.test(error.failure.msg)
  );
}

/** A create that may have reached the server: the draft it sent, for `LocalDraft.unconfirmed`. */
export class UnconfirmedCreate extends Error {
  constructor(
    readonly attempt: DraftInput,
    failure: unknown,
  ) {
    super(failure instanceof Error ? failure.message : 'The draft may not have been saved.', {
      cause: failure,
    });
    this.name = 'UnconfirmedCreate';
  }
}

/**
 * The server drafts an earlier, unanswered create of this draft left behind (normally none or one).
 * Read fresh from the server: the events that would tell may not have arrived yet.
 */
async function copiesOfUnconfirmed(bridge: ChatBridge, local: LocalDraft): Promise<number[]> {
  if (!local.unconfirmed?.length) return [];
  const { drafts } = await callApi(bridge, 'getDrafts', {});
  return drafts.filter((server) => isUnconfirmedCopy(local, server)).map((server) => server.id);
}

/**
 * Puts a local draft on the server: an edit of its server copy when it has one, else a new draft.
 * A copy deleted meanwhile (elsewhere, or by turning sync off and on) is created again. A create
 * whose answer was lost may have made a copy anyway: that copy is found and edited rather than a
 * second one created (and any further copies of it deleted).
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
  const [adopted, ...extra] = await copiesOfUnconfirmed(bridge, local);
  if (adopted !== undefined) {
    for (const id of extra) await discardServerDraft(bridge, id);
    await callApi(bridge, 'updateDraft', { draft_id: adopted, draft });
    return adopted;
  }
  let ids: number[];
  try {
    ({ ids } = await callApi(bridge, 'createDrafts', { drafts: [draft] }));
  } catch (error) {
    throw outcomeUnknown(error) ? new UnconfirmedCreate(draft, error) : error;
  }
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

/**
 * Deletes every server copy of a local draft that is no longer wanted (sent, emptied, deleted): its
 * linked draft, and whatever its unanswered creates left behind.
 */
export async function discardServerCopies(bridge: ChatBridge, local: LocalDraft): Promise<void> {
  if (local.serverId !== undefined) await discardServerDraft(bridge, local.serverId);
  for (const id of await copiesOfUnconfirmed(bridge, local)) await discardServerDraft(bridge, id);
}

/**
 * Deletes the server copies of a retired draft (`useLocalDrafts.retire`) and forgets it; one that
 * found no server stays retired, to be tried again when the connection comes back or the app starts.
 */
export async function discardRetired(bridge: ChatBridge, id: string): Promise<void> {
  const accountId = useLocalDrafts.getState().accountId;
  const retired = accountId ? useLocalDrafts.getState().retiredOf(accountId, id) : undefined;
  if (!accountId || !retired) return;
  try {
    await discardServerCopies(bridgeForAccount(bridge, accountId), retired);
  } catch (error) {
    // Only a deletion that may yet go through (or that waits for its account to be open again) is
    // kept to try again; one the server refuses is not.
    if (!outcomeUnknown(error) && !isForOtherAccount(error))
      useLocalDrafts.getState().forgetRetiredOf(accountId, id);
    throw error;
  }
  useLocalDrafts.getState().forgetRetiredOf(accountId, id);
}

/** A call main did not send: the account it was for is no longer the one open. */
function isForOtherAccount(error: unknown): boolean {
  return (
    error instanceof ApiCallError &&
    error.failure.kind === 'api' &&
    error.failure.code === clientFailureCodes.otherAccount
  );
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
  // The account whose box this is, also when its window has gone on to another account since (a
  // box left by switching accounts sends its draft as it goes): its calls are for that account
  // only, and wait for it to be open again rather than reach the other one.
  const accountId = useLocalDrafts.getState().accountId;
  if (!accountId) return Promise.resolve();
  const account = bridgeForAccount(bridge, accountId);
  const drafts = () => useLocalDrafts.getState();
  return enqueue(key, async () => {
    const local = drafts().draftOf(accountId, key);
    if (!local || local.synced) return;
    let id: number;
    try {
      id = await pushDraft(account, local);
    } catch (error) {
      if (error instanceof UnconfirmedCreate) rememberUnconfirmed(accountId, key, local, error.attempt);
      throw error;
    }
    const current = drafts().draftOf(accountId, key);
    if (!current) {
      // Sent or emptied while the call was under way: the server copy is not wanted either.
      await discardServerDraft(account, id);
      return;
    }
    drafts().patchOf(accountId, key, {
      serverId: id,
      synced: sameDraft(current.draft, local.draft),
      unconfirmed: undefined,
    });
  });
}

/**
 * Sends every draft of this computer the server lacks or holds an older text of, and deletes the
 * server copies of drafts sent or emptied meanwhile: once the connection is back, at start, and
 * when sync is turned on again.
 */
export function pushUnsyncedDrafts(bridge: ChatBridge): void {
  const { drafts, retired } = useLocalDrafts.getState();
  for (const local of Object.values(drafts)) if (!local.synced) inBackground(syncDraft(bridge, local.key));
  for (const [id, local] of Object.entries(retired))
    inBackground(enqueue(local.key, () => discardRetired(bridge, id)));
}

/** At most this many unanswered creates are remembered per draft (each is one lost answer). */
const MAX_UNCONFIRMED = 10;

function rememberUnconfirmed(accountId: string, key: string, pushed: LocalDraft, attempt: DraftInput): void {
  const store = useLocalDrafts.getState();
  const current = store.draftOf(accountId, key);
  // Emptied or sent meanwhile: nothing to attach it to (the copy, if any, stays listed on its own).
  if (!current || current.serverId !== undefined) return;
  const unconfirmed = [...(current.unconfirmed ?? pushed.unconfirmed ?? []), attempt].slice(-MAX_UNCONFIRMED);
  store.patchOf(accountId, key, { unconfirmed });
}

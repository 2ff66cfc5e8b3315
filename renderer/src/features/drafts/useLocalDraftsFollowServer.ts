import { useEffect, useRef } from 'react';
import type { ChatEvent } from '../../../../shared/api/events';
import { settingChangeOf } from '../../../../shared/api/setting-change';
import { useBridge } from '../../app/bridge-context';
import { useSession } from '../../app/session';
import { pushUnsyncedDrafts } from './draft-sync';
import { useLocalDrafts, type LocalDraft } from './local-drafts';

/**
 * This computer's draft, no longer linked to a server copy: sent again when sync allows. Its synced
 * text counts as an unanswered create, so a copy the server does hold (listed later) is matched
 * instead of duplicated.
 */
function unlinked(local: LocalDraft): Partial<LocalDraft> {
  return {
    serverId: undefined,
    synced: false,
    unconfirmed: local.synced ? [...(local.unconfirmed ?? []), local.draft] : local.unconfirmed,
  };
}

/** What one event means for this computer's drafts; true when it turns sync on. */
function followEvent(event: ChatEvent): boolean {
  const store = useLocalDrafts.getState();
  const linked = () => Object.values(store.drafts).filter((d) => d.serverId !== undefined);
  if (event.kind === 'known' && event.type === 'drafts' && event.op === 'remove') {
    const local = linked().find((d) => d.serverId === event.draft_id);
    // Deleted on another client: here too, unless this computer has newer text than it had.
    if (local?.synced) store.remove(local.key);
    else if (local) store.patch(local.key, unlinked(local));
    return false;
  }
  const change = settingChangeOf(event);
  if (change?.property !== 'enable_drafts_synchronization') return false;
  // Sync turned off: the server deletes its copies (with no event for each); the drafts stay here.
  if (change.value === false) for (const local of linked()) store.patch(local.key, unlinked(local));
  return change.value === true;
}

/**
 * Keeps this computer's drafts in step with the server's, so the Drafts screen and the compose
 * boxes agree on which drafts exist: a draft deleted on another client is deleted here; sync
 * turned off leaves every draft on this computer, sent anew when it is turned on. A draft whose
 * server copy a fresh list (a new session) no longer has is kept as this computer's, never
 * dropped: whether another client deleted it or sync was turned off and on while the app was
 * closed cannot be told apart, and the text is worth more than a second deletion.
 */
export function useLocalDraftsFollowServer(): void {
  const bridge = useBridge();
  const session = useSession().data;
  const loadedFor = useLocalDrafts((s) => s.accountId);
  const checkedGeneration = useRef<number | null>(null);

  useEffect(
    () =>
      bridge.onEvents((batch) => {
        if (batch.accountId !== useLocalDrafts.getState().accountId) return;
        let turnedOn = false;
        for (const event of batch.events) turnedOn = followEvent(event) || turnedOn;
        // Sent again at once: turned off and on within one batch, the setting the compose boxes
        // read never changes, and nothing else would send them.
        if (turnedOn) pushUnsyncedDrafts(bridge);
      }),
    [bridge],
  );

  useEffect(() => {
    if (!session || session.keptFromLastLaunch || loadedFor !== session.accountId) return;
    if (checkedGeneration.current === session.generation) return;
    checkedGeneration.current = session.generation;
    const onServer = new Set((session.initialState.drafts ?? []).map((d) => d.id));
    const store = useLocalDrafts.getState();
    for (const local of Object.values(store.drafts))
      if (local.serverId !== undefined && !onServer.has(local.serverId))
        store.patch(local.key, unlinked(local));
  }, [session, loadedFor]);
}

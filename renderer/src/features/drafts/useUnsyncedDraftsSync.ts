import { useEffect } from 'react';
import { useBridge } from '../../app/bridge-context';
import { useUserSetting } from '../../app/realm';
import { useSession } from '../../app/session';
import { useConnectionStore } from '../../state/connection';
import { pushUnsyncedDrafts } from './draft-sync';
import { useLocalDrafts } from './local-drafts';

/**
 * Sends every draft that could not reach the server (typed during an outage) once the connection
 * is back, and when the app starts: also those whose compose box is closed by then, which would
 * otherwise stay "on this computer" until the box opens again. Deletes, too, the server copies of
 * drafts sent or emptied while the server could not be reached.
 */
export function useUnsyncedDraftsSync(): void {
  const bridge = useBridge();
  const accountId = useSession().data?.accountId;
  const syncOn = useUserSetting<boolean>('enable_drafts_synchronization', true);
  const loadedFor = useLocalDrafts((s) => s.accountId);
  const ready = accountId !== undefined && loadedFor === accountId;

  useEffect(() => {
    if (accountId) useLocalDrafts.getState().load(accountId);
  }, [accountId]);

  useEffect(() => {
    if (!ready || !syncOn) return;
    const pushAll = () => pushUnsyncedDrafts(bridge);
    if (useConnectionStore.getState().status.state === 'connected') pushAll();
    return useConnectionStore.subscribe((state, prev) => {
      if (state.status.state === 'connected' && prev.status.state !== 'connected') pushAll();
    });
  }, [ready, syncOn, bridge]);
}

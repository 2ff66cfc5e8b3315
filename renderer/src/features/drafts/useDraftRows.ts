import { useEffect, useMemo } from 'react';
import { useUserSetting } from '../../app/realm';
import { useInitialState, useSession } from '../../app/session';
import { draftRows, type DraftRow } from './draft-rows';
import { useLocalDrafts } from './local-drafts';

/**
 * The account's drafts as the Drafts screen lists them (the server's and this computer's, merged),
 * or null until this computer's copies of that account are loaded.
 */
export function useDraftRows(): { rows: DraftRow[] | null; syncOn: boolean } {
  const session = useSession().data;
  const accountId = session?.accountId;
  const serverListCurrent = session?.keptFromLastLaunch !== true;
  const serverDrafts = useInitialState((s) => s.drafts);
  const syncOn = useUserSetting<boolean>('enable_drafts_synchronization', true);
  const local = useLocalDrafts((s) => s.drafts);
  const retired = useLocalDrafts((s) => s.retired);
  const loadedFor = useLocalDrafts((s) => s.accountId);
  useEffect(() => {
    if (accountId) useLocalDrafts.getState().load(accountId);
  }, [accountId]);
  const rows = useMemo(
    () =>
      loadedFor === accountId
        ? draftRows(serverDrafts ?? [], local, { syncOn, serverListCurrent, retired })
        : null,
    [serverDrafts, local, retired, syncOn, serverListCurrent, loadedFor, accountId],
  );
  return { rows, syncOn };
}

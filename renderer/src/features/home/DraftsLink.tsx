import { useEffect, useMemo } from 'react';
import { useUserSetting } from '../../app/realm';
import { useInitialState, useSession } from '../../app/session';
import { draftRows } from '../drafts/draft-rows';
import { useLocalDrafts } from '../drafts/local-drafts';
import { useSettingsScreen } from '../settings/screen-store';

/** How many drafts the Drafts screen lists: the server's and this computer's, merged as there. */
export function useDraftCount(): number | null {
  const accountId = useSession().data?.accountId;
  const serverDrafts = useInitialState((s) => s.drafts);
  const syncOn = useUserSetting<boolean>('enable_drafts_synchronization', true);
  const local = useLocalDrafts((s) => s.drafts);
  const loadedFor = useLocalDrafts((s) => s.accountId);
  useEffect(() => {
    if (accountId) useLocalDrafts.getState().load(accountId);
  }, [accountId]);
  return useMemo(
    () => (loadedFor === accountId ? draftRows(serverDrafts ?? [], local, syncOn).length : null),
    [serverDrafts, local, syncOn, loadedFor, accountId],
  );
}

/** "Drafts" in the left sidebar, with the number of drafts when there are any; opens the Drafts screen. */
export function DraftsLink() {
  const count = useDraftCount();
  const selected = useSettingsScreen((s) => s.section === 'drafts');
  return (
    <button
      type="button"
      className={`row-main${selected ? ' selected' : ''}`}
      data-testid="home-drafts"
      onClick={() => useSettingsScreen.getState().open('drafts')}
    >
      Drafts
      {count !== null && count > 0 && (
        <span className="drafts-count" data-testid="drafts-count">
          {count}
        </span>
      )}
    </button>
  );
}

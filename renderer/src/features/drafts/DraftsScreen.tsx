import { useEffect, useMemo } from 'react';
import { useUserSetting } from '../../app/realm';
import { useInitialState, useSession } from '../../app/session';
import { Empty, Loading } from '../../components/states';
import { draftRows } from './draft-rows';
import { DraftItem } from './DraftItem';
import { useLocalDrafts } from './local-drafts';

/** Spec 4.12: every draft, newest first; edit, restore into its compose box, or delete. */
export function DraftsScreen() {
  const accountId = useSession().data?.accountId;
  const serverDrafts = useInitialState((s) => s.drafts);
  const syncOn = useUserSetting<boolean>('enable_drafts_synchronization', true);
  const local = useLocalDrafts((s) => s.drafts);
  const loadedFor = useLocalDrafts((s) => s.accountId);
  useEffect(() => {
    if (accountId) useLocalDrafts.getState().load(accountId);
  }, [accountId]);
  const rows = useMemo(() => draftRows(serverDrafts ?? [], local, syncOn), [serverDrafts, local, syncOn]);

  return (
    <div className="settings-page" data-testid="drafts-screen">
      <h2>Drafts</h2>
      <p className="muted small">
        {syncOn
          ? 'Drafts are saved on the server and on this computer.'
          : 'Drafts are saved on this computer only (server sync is off in your settings).'}
      </p>
      {loadedFor !== accountId ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty>No drafts. What you type in a compose box is kept here until you send it.</Empty>
      ) : (
        <ul className="card-list" aria-label="Drafts" data-testid="drafts-list">
          {rows.map((row) => (
            <DraftItem key={row.rowKey} row={row} syncOn={syncOn} />
          ))}
        </ul>
      )}
    </div>
  );
}

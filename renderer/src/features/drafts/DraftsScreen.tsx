import { Empty, Loading } from '../../components/states';
import { DraftItem } from './DraftItem';
import { useDraftRows } from './useDraftRows';
import { usePreviewLookup } from '../compose/preview/ComposePreview';

/** Spec 4.12: every draft, newest first; edit, restore into its compose box, or delete. */
export function DraftsScreen() {
  const { rows, syncOn } = useDraftRows();
  // Each draft shows as its message will look once sent, as in the real service (one lookup of
  // people, channels and emoji for the whole list).
  const lookup = usePreviewLookup();

  return (
    <div className="settings-page" data-testid="drafts-screen">
      <h2>Drafts</h2>
      <p className="muted small">
        {syncOn
          ? 'Drafts are saved on the server and on this computer.'
          : 'Drafts are saved on this computer only (server sync is off in your settings).'}
      </p>
      {rows === null ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty>No drafts. What you type in a compose box is kept here until you send it.</Empty>
      ) : (
        <ul className="card-list" aria-label="Drafts" data-testid="drafts-list">
          {rows.map((row, index) => (
            <DraftItem key={row.rowKey} row={row} syncOn={syncOn} lookup={lookup} first={index === 0} />
          ))}
        </ul>
      )}
    </div>
  );
}

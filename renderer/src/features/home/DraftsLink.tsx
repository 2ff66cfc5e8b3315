import { useDraftRows } from '../drafts/useDraftRows';
import { useSettingsScreen } from '../settings/screen-store';

/** How many drafts the Drafts screen lists, or null while they load. */
export function useDraftCount(): number | null {
  return useDraftRows().rows?.length ?? null;
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

import { useInitialState } from '../../app/session';
import { useSettingsScreen } from '../settings/screen-store';
import { useSchedulingSupported } from '../scheduled/scheduling-support';

/** "Scheduled messages" in the left sidebar, with how many wait to be sent; opens their screen. */
export function ScheduledLink() {
  const count = useInitialState((s) => s.scheduled_messages?.length) ?? 0;
  const selected = useSettingsScreen((s) => s.section === 'scheduled');
  const supported = useSchedulingSupported();
  if (!supported) return null;
  return (
    <button
      type="button"
      className={`row-main${selected ? ' selected' : ''}`}
      data-testid="home-scheduled"
      onClick={() => useSettingsScreen.getState().open('scheduled')}
    >
      Scheduled messages
      {count > 0 && (
        <span className="drafts-count" data-testid="scheduled-count">
          {count}
        </span>
      )}
    </button>
  );
}

import { formatDateTime, useTwentyFourHourTime } from '../../app/time-format';
import { useComposeStore } from '../../state/compose';
import { useSettingsScreen } from '../settings/screen-store';
import { useScheduledEditing, type EditingScheduled } from './scheduled-editing';

/** Above a compose box holding a scheduled message to edit: which one, and a way to stop. */
export function ScheduledEditBar({ composeKey, editing }: { composeKey: string; editing: EditingScheduled }) {
  const twentyFour = useTwentyFourHourTime();
  return (
    <div className="compose-scheduled-edit small" data-testid="compose-scheduled-edit">
      <span>
        Editing a message scheduled for <strong>{formatDateTime(editing.at, twentyFour)}</strong>. Save keeps
        that time; ▾ picks another.
      </span>
      <button
        type="button"
        className="btn btn-small"
        data-testid="compose-scheduled-cancel"
        onClick={() => {
          // The scheduled message stays as it was; the box lets go of its copy.
          useScheduledEditing.getState().stop(composeKey);
          useComposeStore.getState().clear(composeKey);
        }}
      >
        Cancel
      </button>
    </div>
  );
}

/**
 * Where the edit bar was, once the scheduled message being edited has left the list: it went out
 * (or was deleted) as it was, and the box's text is now an ordinary message.
 */
export function ScheduledLapsedBar({ composeKey, lapsed }: { composeKey: string; lapsed: EditingScheduled }) {
  const twentyFour = useTwentyFourHourTime();
  return (
    <div className="compose-scheduled-edit small" role="status" data-testid="compose-scheduled-lapsed">
      <span>
        The message scheduled for <strong>{formatDateTime(lapsed.at, twentyFour)}</strong> was sent or deleted
        meanwhile, without these changes. Send sends this text as a new message.
      </span>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => useScheduledEditing.getState().stop(composeKey)}
      >
        Dismiss
      </button>
    </div>
  );
}

/** "Scheduled for …" after a box scheduled its text, with the way to the list. */
export function ScheduledNotice({ at }: { at: number }) {
  const twentyFour = useTwentyFourHourTime();
  return (
    <span className="small" role="status" data-testid="compose-scheduled">
      Scheduled for {formatDateTime(at, twentyFour)}.{' '}
      <button
        type="button"
        className="btn-link"
        onClick={() => useSettingsScreen.getState().open('scheduled')}
      >
        View scheduled messages
      </button>
    </span>
  );
}

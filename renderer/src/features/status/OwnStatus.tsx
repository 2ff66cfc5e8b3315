import { useSelfId } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { useSettingsScreen } from '../settings/screen-store';
import { hasStatus, StatusBadge } from '../users/StatusBadge';

/** The user's own status in the top bar; a click opens the status editor, in its text field. */
export function OwnStatus() {
  const selfId = useSelfId();
  const status = useInitialState((s) => (selfId === undefined ? undefined : s.user_status?.[String(selfId)]));
  const open = useSettingsScreen((s) => s.open);
  return (
    <button
      type="button"
      className="btn btn-small own-status"
      data-testid="own-status"
      aria-label={hasStatus(status) ? `Your status: ${status.status_text ?? ''}` : 'Set a status'}
      onClick={() => open('status', { focus: 'section' })}
    >
      {hasStatus(status) ? <StatusBadge status={status} /> : <span>Set status</span>}
    </button>
  );
}

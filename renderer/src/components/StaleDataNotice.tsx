import { useSession } from '../app/session';
import { formatTime, useTwentyFourHourTime } from '../app/time-format';

/**
 * The app could not get fresh data (reloaded during an outage) and shows what it had: say how old
 * it is, so nobody takes its unread counts and names for current. Gone with the next session.
 */
export function StaleDataNotice() {
  const session = useSession().data;
  const twentyFour = useTwentyFourHourTime();
  if (!session?.stale) return null;
  const when = session.registeredAt ? formatTime(Math.floor(session.registeredAt / 1000), twentyFour) : null;
  return (
    <div className="stale-notice" role="status" data-testid="stale-notice">
      {when ? `Showing data from ${when}` : 'Showing older data'} — reconnecting; unread counts and names may
      have changed since.
    </div>
  );
}

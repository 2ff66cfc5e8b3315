import { useEffect, useState } from 'react';
import type { SessionStarted } from '../../../shared/ipc';
import { useSession } from '../app/session';
import { formatTime, useTwentyFourHourTime } from '../app/time-format';
import { useConnectionStore } from '../state/connection';

/** A launch drawn from the last launch's state says so only when the live one is slow to come. */
export const KEPT_STATE_NOTICE_AFTER_MS = 2000;

/**
 * The app could not get fresh data yet (reloaded during an outage, or launched and still
 * registering) and shows what it had: say how old it is, so nobody takes its unread counts and
 * names for current. Gone with the next session.
 */
export function StaleDataNotice() {
  const session = useSession().data;
  const twentyFour = useTwentyFourHourTime();
  // Stopped for good (a revoked key): no connection is on its way, and the notice must not promise one.
  const stopped = useConnectionStore((s) => s.status.state === 'fatal');
  const kept = session?.stale && session.keptFromLastLaunch ? session : null;
  // The kept session that has been shown for KEPT_STATE_NOTICE_AFTER_MS.
  const [keptTooLong, setKeptTooLong] = useState<SessionStarted | null>(null);
  useEffect(() => {
    if (!kept) return;
    const timer = setTimeout(() => setKeptTooLong(kept), KEPT_STATE_NOTICE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [kept]);
  if (!session?.stale || (kept && keptTooLong !== kept)) return null;
  const when = session.registeredAt ? formatTime(Math.floor(session.registeredAt / 1000), twentyFour) : null;
  return (
    <div className="stale-notice" role="status" data-testid="stale-notice">
      {when ? `Showing data from ${when}` : 'Showing older data'} —{' '}
      {stopped
        ? `not connected to ${session.initialState.realm_name ?? 'the organization'}`
        : kept
          ? 'connecting'
          : 'reconnecting'}
      ; unread counts and names may have changed since.
    </div>
  );
}

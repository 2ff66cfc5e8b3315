import { useEffect, useState } from 'react';
import { useBridge } from '../app/bridge-context';
import { accountCanFix, bannerText, canRetryNow, useConnectionStore } from '../state/connection';
import { useDialogStore } from '../state/dialogs';
import { useOutboxStore } from '../features/outbox/outbox-store';

/** How long until the shown whole-second count changes: just past the next boundary of what is left. */
export function msToNextSecond(remainingMs: number): number {
  const intoSecond = remainingMs % 1000;
  return (intoSecond === 0 ? 1000 : intoSecond) + 15;
}

/**
 * Re-renders each time the whole seconds left change, and returns what is left. The next tick is
 * aimed just past the boundary (not on a free-running 1 s interval, whose phase is arbitrary), so a
 * late timer on a busy machine still shows every second instead of skipping one.
 */
function useRemaining(retryAt: number | null, receivedAt: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (retryAt === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const left = retryAt - current;
      if (left > 0) timer = setTimeout(tick, msToNextSecond(left));
    };
    timer = setTimeout(tick, 0);
    return () => clearTimeout(timer);
  }, [retryAt]);
  // Until the first tick, `now` may predate the status.
  return retryAt === null ? null : Math.max(0, retryAt - Math.max(now, receivedAt));
}

/** Shown only after several failures in a row (or when offline, not responding or stopped for good). */
export function ConnectionBanner() {
  const bridge = useBridge();
  const status = useConnectionStore((s) => s.status);
  const retryAt = useConnectionStore((s) => s.retryAt);
  const receivedAt = useConnectionStore((s) => s.receivedAt);
  const remaining = useRemaining(retryAt, receivedAt);
  const open = useDialogStore((s) => s.open);
  // The status the click was made under: a new status answers it, and the button comes back.
  const [askedUnder, setAskedUnder] = useState<typeof status | null>(null);
  const asked = askedUnder === status;
  const text = bannerText(status, remaining);
  const waiting = useOutboxStore((s) => s.entries.filter((e) => e.state !== 'sent').length);
  if (!text) return null;
  const kind = status.state === 'unresponsive' ? 'reconnecting unresponsive' : status.state;
  return (
    <div className={`connection-banner ${kind}`} role="status" data-testid="connection-banner">
      <span data-testid="connection-banner-text">{text}</span>
      {/* Wherever the person is: their unsent messages are kept, and go once the server is back. */}
      {waiting > 0 && (
        <span className="connection-banner-outbox" data-testid="connection-banner-outbox">
          {waiting === 1 ? '1 message is' : `${waiting} messages are`} waiting to be sent.
        </span>
      )}
      {canRetryNow(status) && (
        <button
          type="button"
          className="btn btn-small"
          data-testid="retry-now"
          disabled={asked}
          onClick={() => {
            setAskedUnder(status);
            void bridge.retryNow().catch(() => setAskedUnder(null));
          }}
        >
          Retry now
        </button>
      )}
      {accountCanFix(status) && (
        <button type="button" className="btn btn-small" onClick={() => open({ kind: 'accounts' })}>
          Accounts
        </button>
      )}
    </div>
  );
}

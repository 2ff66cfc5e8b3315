import { bannerText, useConnectionStore } from '../state/connection';
import { useDialogStore } from '../state/dialogs';

/** Shown only after several failures in a row (or when offline or stopped for good). */
export function ConnectionBanner() {
  const status = useConnectionStore((s) => s.status);
  const open = useDialogStore((s) => s.open);
  const text = bannerText(status);
  if (!text) return null;
  return (
    <div className={`connection-banner ${status.state}`} role="status" data-testid="connection-banner">
      {text}
      {status.state === 'fatal' && (
        <button type="button" className="btn btn-small" onClick={() => open({ kind: 'accounts' })}>
          Accounts
        </button>
      )}
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { BridgeNotice } from '../../../shared/ipc';
import { useBridge } from '../app/bridge-context';

/** How long a notice from the main process stays up unless dismissed. */
const SHOW_MS = 15_000;

/** What the main process tells this window's user (e.g. that it refused a flood of calls). */
export function MainNotice() {
  const bridge = useBridge();
  const [notice, setNotice] = useState<BridgeNotice | null>(null);
  useEffect(() => bridge.onNotice(setNotice), [bridge]);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), SHOW_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  if (!notice) return null;
  return (
    <div className="main-notice" role="alert" data-testid="main-notice">
      <span>{notice.message}</span>
      <button type="button" className="btn btn-small" onClick={() => setNotice(null)}>
        Dismiss
      </button>
    </div>
  );
}

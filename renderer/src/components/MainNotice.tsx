import { useEffect } from 'react';
import { useBridge } from '../app/bridge-context';
import { showNotice, useNoticeStore } from '../state/notice';

/** How long a notice stays up unless dismissed. */
const SHOW_MS = 15_000;

/**
 * The window's notice line: what the main process tells this window's user (e.g. that it refused a
 * flood of calls), and what an action with no place of its own on screen could not do.
 */
export function MainNotice() {
  const bridge = useBridge();
  const message = useNoticeStore((s) => s.message);
  const serial = useNoticeStore((s) => s.serial);
  const dismiss = useNoticeStore((s) => s.dismiss);
  useEffect(() => bridge.onNotice((notice) => showNotice(notice.message)), [bridge]);
  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(dismiss, SHOW_MS);
    return () => clearTimeout(timer);
  }, [message, serial, dismiss]);
  if (message === null) return null;
  return (
    <div className="main-notice" role="alert" data-testid="main-notice">
      <span>{message}</span>
      <button type="button" className="btn btn-small" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}

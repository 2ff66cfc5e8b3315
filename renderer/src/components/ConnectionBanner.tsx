import { bannerText, useConnectionStore } from '../state/connection';

/** Shown only after several failures in a row (or when offline or stopped for good). */
export function ConnectionBanner() {
  const status = useConnectionStore((s) => s.status);
  const text = bannerText(status);
  if (!text) return null;
  return (
    <div className={`connection-banner ${status.state}`} role="status" data-testid="connection-banner">
      {text}
    </div>
  );
}

import { useEffect, useState } from 'react';

/** Seconds since the epoch, refreshed every `everyMs` while `ticking` (for countdowns and "active now"). */
export function useNowSeconds(ticking: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now() / 1000), everyMs);
    return () => clearInterval(timer);
  }, [ticking, everyMs]);
  return now;
}

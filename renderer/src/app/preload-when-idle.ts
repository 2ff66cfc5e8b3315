import { useEffect } from 'react';
import { preloadAll } from '../components/lazy';

/** How long after the first screen the lazy parts start loading: after its first messages, not with them. */
export const PRELOAD_DELAY_MS = 1500;

/** Once `ready` (the first screen is shown), loads every lazy screen and dialog in the background. */
export function usePreloadWhenIdle(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => void preloadAll(), PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready]);
}

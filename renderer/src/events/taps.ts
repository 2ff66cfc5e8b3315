import type { ChatEvent } from '../../../shared/api/events';

/**
 * Lets features react to events after the cache has taken them in (e.g. desktop notifications),
 * without becoming reducers: they read, they never change the cache.
 */
type AppliedListener = (events: readonly ChatEvent[]) => void;

const listeners = new Set<AppliedListener>();

export function onAppliedEvents(listener: AppliedListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function announceApplied(events: readonly ChatEvent[]): void {
  for (const listener of listeners) {
    try {
      listener(events);
    } catch (error) {
      // One feature's bug must not stop the others, nor the event flow.
      console.error('An event listener failed', error);
    }
  }
}

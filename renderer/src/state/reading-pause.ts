import { create } from 'zustand';

/**
 * Views (by `narrowKey`) where reading marks nothing read for now: the reader has just marked
 * messages there unread, and they must not turn read again because they are still on screen.
 * Reading resumes when that view is left.
 */
interface ReadingPauseState {
  paused: ReadonlySet<string>;
  pause(narrowKey: string): void;
  resume(narrowKey: string): void;
}

export const useReadingPause = create<ReadingPauseState>((set) => ({
  paused: new Set(),
  pause: (key) => set((s) => (s.paused.has(key) ? s : { paused: new Set([...s.paused, key]) })),
  resume: (key) =>
    set((s) => {
      if (!s.paused.has(key)) return s;
      const paused = new Set(s.paused);
      paused.delete(key);
      return { paused };
    }),
}));

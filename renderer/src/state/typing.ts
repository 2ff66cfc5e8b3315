import { create } from 'zustand';

/**
 * Who is typing where. A conversation key is `topic:<stream>:<topic>` or `dm:<sorted ids>`.
 * Each entry expires at `expiresAt` unless a new start event renews it (spec part 3, typing expiry).
 */
export interface Typist {
  userId: number;
  expiresAt: number;
}

interface TypingState {
  typists: Record<string, Typist[]>;
  start(key: string, userId: number, expiresAt: number): void;
  stop(key: string, userId: number): void;
  expire(now: number): void;
  reset(): void;
}

export const useTypingStore = create<TypingState>((set) => ({
  typists: {},
  start: (key, userId, expiresAt) =>
    set((s) => {
      const others = (s.typists[key] ?? []).filter((t) => t.userId !== userId);
      return { typists: { ...s.typists, [key]: [...others, { userId, expiresAt }] } };
    }),
  stop: (key, userId) =>
    set((s) => {
      const list = s.typists[key];
      if (!list) return s;
      return { typists: { ...s.typists, [key]: list.filter((t) => t.userId !== userId) } };
    }),
  expire: (now) =>
    set((s) => {
      let changed = false;
      const typists: Record<string, Typist[]> = {};
      for (const [key, list] of Object.entries(s.typists)) {
        const kept = list.filter((t) => t.expiresAt > now);
        if (kept.length !== list.length) changed = true;
        if (kept.length > 0) typists[key] = kept;
      }
      return changed ? { typists } : s;
    }),
  reset: () => set({ typists: {} }),
}));

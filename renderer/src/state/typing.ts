import { create } from 'zustand';

/**
 * Who is typing where, by conversation key (`conversationKey` in api/narrow.ts). Each entry expires
 * at `expiresAt` unless a new start event renews it (spec part 3, typing expiry).
 */
export interface Typist {
  userId: number;
  expiresAt: number;
}

/** One change a typing event makes: a start renews the typist's expiry, a stop removes them. */
export type TypingChange =
  | { op: 'start'; key: string; userId: number; expiresAt: number }
  | { op: 'stop'; key: string; userId: number };

interface TypingState {
  typists: Record<string, Typist[]>;
  /** Applies the changes of one batch of events, in order, as one update. */
  apply(changes: readonly TypingChange[]): void;
  expire(now: number): void;
  reset(): void;
}

function applyChange(typists: Record<string, Typist[]>, change: TypingChange): Record<string, Typist[]> {
  const list = typists[change.key];
  if (change.op === 'stop') {
    if (!list) return typists;
    return { ...typists, [change.key]: list.filter((t) => t.userId !== change.userId) };
  }
  const others = (list ?? []).filter((t) => t.userId !== change.userId);
  return { ...typists, [change.key]: [...others, { userId: change.userId, expiresAt: change.expiresAt }] };
}

export const useTypingStore = create<TypingState>((set) => ({
  typists: {},
  apply: (changes) =>
    set((s) => {
      const typists = changes.reduce(applyChange, s.typists);
      return typists === s.typists ? s : { typists };
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

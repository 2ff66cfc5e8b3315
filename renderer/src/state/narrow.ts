import { create } from 'zustand';
import type { Narrow } from '../api/narrow';

/** The selected conversation and the message the feed should open at. */
interface NarrowState {
  narrow: Narrow | null;
  /** Message id to scroll to when the narrow opens (e.g. a search hit); null = first unread. */
  anchor: number | null;
  select(narrow: Narrow, anchor?: number | null): void;
  clear(): void;
}

export const useNarrowStore = create<NarrowState>((set) => ({
  narrow: null,
  anchor: null,
  select: (narrow, anchor = null) => set({ narrow, anchor }),
  clear: () => set({ narrow: null, anchor: null }),
}));

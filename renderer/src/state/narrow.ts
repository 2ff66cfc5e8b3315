import { create } from 'zustand';
import type { FeedAnchor, Narrow } from '../api/narrow';

/** The views that show many conversations at once rather than one feed (issue 13's home views). */
export type HomeView = 'inbox' | 'recent';

/** The selected conversation (or home view) and the message the feed should open at. */
interface NarrowState {
  narrow: Narrow | null;
  /** Message id to scroll to when the narrow opens (e.g. a search hit), 'newest', or null = first unread. */
  anchor: FeedAnchor;
  /** Shown when no narrow is selected; null = the user's home view (`web_home_view`). */
  view: HomeView | null;
  /**
   * Whether anything (a conversation or a home view) has been shown in this window yet: the shell
   * is drawn once something is, so its first render already holds what the launch opens.
   */
  shown: boolean;
  select(narrow: Narrow, anchor?: FeedAnchor): void;
  showView(view: HomeView): void;
  /** Back to the home view. */
  clear(): void;
}

export const useNarrowStore = create<NarrowState>((set) => ({
  narrow: null,
  anchor: null,
  view: null,
  shown: false,
  select: (narrow, anchor = null) => set({ narrow, anchor, view: null, shown: true }),
  showView: (view) => set({ narrow: null, anchor: null, view, shown: true }),
  clear: () => set({ narrow: null, anchor: null, view: null }),
}));

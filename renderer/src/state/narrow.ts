import { create } from 'zustand';
import { narrowKey, type FeedAnchor, type Narrow } from '../api/narrow';
import { useMessageSelection } from './message-selection';
import {
  NO_HISTORY,
  renamePlace,
  step,
  visit,
  type HomeView,
  type Place,
  type PlaceHistory,
} from './place-history';

export type { HomeView } from './place-history';

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
  /** The places Back and Forward (Alt+← and Alt+→) go to. */
  history: PlaceHistory;
  select(narrow: Narrow, anchor?: FeedAnchor): void;
  showView(view: HomeView): void;
  /** Back to the home view. */
  clear(): void;
  /**
   * The open conversation has moved (its topic renamed or moved): shows it at its new place, which
   * replaces the old one in the history too. Without `anchor`, it opens at the message the person
   * had selected, as the real service's web app does, not at the first unread.
   */
  follow(moved: Narrow, anchor?: FeedAnchor): void;
  /** One step back or forward in the history; false when there is none that way. */
  go(direction: 'back' | 'forward'): boolean;
}

/**
 * Where the window is, as the history remembers it: a conversation at its selected message, so
 * that Back returns to where the person was reading, not to its first unread as it is now.
 */
function leaving(state: NarrowState): Place {
  const selected = state.narrow
    ? useMessageSelection.getState().byNarrow[narrowKey(state.narrow)]
    : undefined;
  return { narrow: state.narrow, anchor: selected ?? state.anchor, view: state.view };
}

function goTo(state: NarrowState, to: Place): Partial<NarrowState> {
  // The launch's first place is where the history starts, not a step in it.
  const history = state.shown ? visit(state.history, leaving(state), to) : state.history;
  return { ...to, shown: true, history };
}

export const useNarrowStore = create<NarrowState>((set, get) => ({
  narrow: null,
  anchor: null,
  view: null,
  shown: false,
  history: NO_HISTORY,
  select: (narrow, anchor = null) => set((s) => goTo(s, { narrow, anchor, view: null })),
  showView: (view) => set((s) => goTo(s, { narrow: null, anchor: null, view })),
  clear: () => set((s) => ({ ...goTo(s, { narrow: null, anchor: null, view: null }), shown: s.shown })),
  follow: (moved, anchor) =>
    set((s) => ({
      narrow: moved,
      anchor: anchor === undefined ? leaving(s).anchor : anchor,
      history: s.narrow ? renamePlace(s.history, s.narrow, moved) : s.history,
    })),
  go: (direction) => {
    const state = get();
    const next = step(state.history, leaving(state), direction);
    if (!next) return false;
    set({ ...next.place, shown: true, history: next.history });
    return true;
  },
}));

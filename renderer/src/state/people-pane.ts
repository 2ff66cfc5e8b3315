import { create } from 'zustand';
import type { Narrow } from '../api/narrow';

/**
 * The people list shown in the right pane of a conversation (whose pane shows the channel or the
 * conversation's people otherwise) for `w`, as the real service reveals its user list: held for
 * the conversation it was asked in, so opening another brings that one's details back.
 */
interface PeoplePaneState {
  shownFor: Narrow | null;
  show(narrow: Narrow): void;
  hide(): void;
}

export const usePeoplePane = create<PeoplePaneState>((set) => ({
  shownFor: null,
  show: (narrow) => set({ shownFor: narrow }),
  hide: () => set({ shownFor: null }),
}));

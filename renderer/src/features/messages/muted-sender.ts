import { create } from 'zustand';
import { toggled } from '../../state/toggle-set';
import { MUTED_USER_NAME } from '../users/muted-users';

/**
 * Messages of muted senders that the reader chose to see (as the real web app's "Click here to
 * reveal"): kept while their rows scroll out and back, until hidden again.
 */
interface RevealedMessages {
  ids: ReadonlySet<number>;
  toggle(messageId: number): void;
}

export const useRevealedMessages = create<RevealedMessages>((set) => ({
  ids: new Set(),
  toggle: (messageId) => set((s) => ({ ids: toggled(s.ids, messageId) })),
}));

/** What a hidden message shows in place of its sender's name, as in the real web app. */
export const MUTED_SENDER_NAME = MUTED_USER_NAME;

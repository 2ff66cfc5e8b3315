import { create } from 'zustand';
import type { OutboxEntry, OutboxSnapshot } from '../../../../shared/ipc';

/**
 * The active account's outbox as main last pushed it, and the local ids the event stream has
 * confirmed (local id → message id), so an echo is dropped the moment its message is in the feed.
 */
interface OutboxState {
  accountId: string | null;
  entries: OutboxEntry[];
  confirmed: Record<string, number>;
  setSnapshot(snapshot: OutboxSnapshot): void;
  confirm(localId: string, messageId: number): void;
}

/** Confirmations kept: far more than messages a person has on their way at once. */
const CONFIRMED_KEPT = 200;

export const useOutboxStore = create<OutboxState>((set) => ({
  accountId: null,
  entries: [],
  confirmed: {},
  setSnapshot: (snapshot) =>
    set((s) => ({
      accountId: snapshot.accountId,
      entries: snapshot.entries,
      confirmed: snapshot.accountId === s.accountId ? s.confirmed : {},
    })),
  confirm: (localId, messageId) =>
    set((s) => {
      const kept = Object.entries(s.confirmed).slice(-(CONFIRMED_KEPT - 1));
      return { confirmed: { ...Object.fromEntries(kept), [localId]: messageId } };
    }),
}));

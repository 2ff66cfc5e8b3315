import { create } from 'zustand';

/**
 * One short message for the user at the top of the window: what main says (e.g. calls refused) or
 * what an action without its own place on screen could not do (a keyboard shortcut's star).
 */
interface NoticeStore {
  message: string | null;
  /** Bumped on every notice, so the same text shown twice restarts its timer. */
  serial: number;
  show(message: string): void;
  dismiss(): void;
}

export const useNoticeStore = create<NoticeStore>((set) => ({
  message: null,
  serial: 0,
  show: (message) => set((s) => ({ message, serial: s.serial + 1 })),
  dismiss: () => set({ message: null }),
}));

export const showNotice = (message: string): void => useNoticeStore.getState().show(message);

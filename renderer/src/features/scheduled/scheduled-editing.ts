import { create } from 'zustand';

/** The scheduled message a compose box is editing: saving it updates that one, not a new message. */
export interface EditingScheduled {
  id: number;
  /** When it is scheduled for (UNIX seconds); Save keeps it. */
  at: number;
}

interface EditingState {
  byKey: Record<string, EditingScheduled>;
  start(key: string, editing: EditingScheduled): void;
  stop(key: string): void;
}

/** Compose boxes (by conversation key) holding a scheduled message's text to edit. */
export const useScheduledEditing = create<EditingState>((set) => ({
  byKey: {},
  start: (key, editing) => set((s) => ({ byKey: { ...s.byKey, [key]: editing } })),
  stop: (key) =>
    set((s) => {
      const { [key]: _gone, ...rest } = s.byKey;
      return { byKey: rest };
    }),
}));

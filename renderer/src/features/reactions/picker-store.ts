import { create } from 'zustand';

/** The message whose emoji picker is open (one at a time): its button or the `:` shortcut opens it. */
interface ReactionPickerState {
  messageId: number | null;
  setOpen(messageId: number, open: boolean): void;
}

export const useReactionPicker = create<ReactionPickerState>((set) => ({
  messageId: null,
  setOpen: (messageId, open) =>
    set((s) => (open ? { messageId } : s.messageId === messageId ? { messageId: null } : s)),
}));

import { create } from 'zustand';

/** Which dialog is open; only one at a time. */
export type OpenDialog =
  | { kind: 'edit-message'; messageId: number }
  | { kind: 'edit-history'; messageId: number }
  | { kind: 'message-source'; messageId: number }
  | { kind: 'delete-message'; messageId: number }
  | { kind: 'delete-topic'; streamId: number; topic: string }
  | { kind: 'channel-settings'; streamId: number }
  | { kind: 'new-dm' }
  | { kind: 'browse-channels' }
  | { kind: 'create-channel' }
  | { kind: 'accounts' }
  | { kind: 'keyboard-help' }
  | { kind: 'quick-switcher' }
  | { kind: 'mark-all-read'; scope: MarkReadScope };

export type MarkReadScope =
  | { kind: 'all' }
  | { kind: 'channel'; streamId: number }
  | { kind: 'topic'; streamId: number; topic: string }
  | { kind: 'dm'; userIds: number[] };

interface DialogState {
  dialog: OpenDialog | null;
  open(dialog: OpenDialog): void;
  close(): void;
}

export const useDialogStore = create<DialogState>((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}));

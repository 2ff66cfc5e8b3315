import { create } from 'zustand';

/** The popovers a message row opens from its toolbar or from a shortcut. */
export type MessagePopover = 'reactions' | 'menu' | 'sender';

/**
 * The message whose emoji picker, actions menu or sender's card is open: one at a time in the whole
 * feed. Its button or a shortcut (`:` for the picker, `i` for the menu, `u` for the card) opens it.
 */
interface MessagePopoverState {
  messageId: number | null;
  popover: MessagePopover | null;
  setOpen(messageId: number, popover: MessagePopover, open: boolean): void;
}

export const useMessagePopover = create<MessagePopoverState>((set) => ({
  messageId: null,
  popover: null,
  setOpen: (messageId, popover, open) =>
    set((s) =>
      open
        ? { messageId, popover }
        : s.messageId === messageId && s.popover === popover
          ? { messageId: null, popover: null }
          : s,
    ),
}));

/** Opens or closes `popover` for a message (read at the time: nothing to subscribe to). */
export function setMessagePopover(messageId: number, popover: MessagePopover, open: boolean): void {
  useMessagePopover.getState().setOpen(messageId, popover, open);
}

/**
 * Whether `popover` is open for this message, and how to open or close it. One subscription per
 * row that uses it: rows mount by the dozen while the feed moves.
 */
export function useMessagePopoverOpen(
  messageId: number,
  popover: MessagePopover,
): [boolean, (open: boolean) => void] {
  const isOpen = useMessagePopover((s) => s.messageId === messageId && s.popover === popover);
  return [isOpen, (open) => setMessagePopover(messageId, popover, open)];
}

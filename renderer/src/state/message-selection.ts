import { create } from 'zustand';

/**
 * The selected message of each open conversation (keyed by `narrowKey`): what the keyboard's
 * reply, star, react and edit shortcuts act on. Set when a feed opens (its first unread, or the
 * newest), moved by j/k and the arrows, and by a click on a message.
 */
interface MessageSelectionState {
  byNarrow: Record<string, number>;
  select(narrowKey: string, messageId: number): void;
}

export const useMessageSelection = create<MessageSelectionState>((set) => ({
  byNarrow: {},
  select: (narrowKey, messageId) =>
    set((s) =>
      s.byNarrow[narrowKey] === messageId ? s : { byNarrow: { ...s.byNarrow, [narrowKey]: messageId } },
    ),
}));

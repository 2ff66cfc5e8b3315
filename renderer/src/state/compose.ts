import { create } from 'zustand';

/**
 * Compose-box text per conversation (`conversationKey`). A send empties its box at once and puts
 * the text back if main's outbox cannot take it (useSendMessage), so a failed send never loses it.
 */
interface ComposeState {
  drafts: Record<string, string>;
  /** The topic typed in a channel's compose box (channel view only). */
  topics: Record<string, string>;
  setText(key: string, text: string): void;
  setTopic(key: string, topic: string): void;
  clear(key: string): void;
}

export const useComposeStore = create<ComposeState>((set) => ({
  drafts: {},
  topics: {},
  setText: (key, text) => set((s) => ({ drafts: { ...s.drafts, [key]: text } })),
  setTopic: (key, topic) => set((s) => ({ topics: { ...s.topics, [key]: topic } })),
  clear: (key) => set((s) => withoutDraft(s.drafts, key)),
}));

export function withoutDraft(
  drafts: Record<string, string>,
  key: string,
): { drafts: Record<string, string> } {
  const rest = { ...drafts };
  delete rest[key];
  return { drafts: rest };
}

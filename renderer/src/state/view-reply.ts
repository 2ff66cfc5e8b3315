import { create } from 'zustand';
import type { ComposeNarrow } from '../api/narrow';

/**
 * A reply written from a view that mixes conversations (All messages, Starred, a search): as in
 * the real service, the compose box opens there, addressed to the message's conversation, and the
 * reader keeps their place instead of being taken to that conversation. One at a time, for the
 * view it was opened in (`viewKey`, see `narrowKey`); its text is the conversation's own draft.
 */
interface ViewReplyState {
  reply: { viewKey: string; to: ComposeNarrow } | null;
  open(viewKey: string, to: ComposeNarrow): void;
  close(): void;
}

export const useViewReply = create<ViewReplyState>((set) => ({
  reply: null,
  open: (viewKey, to) => set({ reply: { viewKey, to } }),
  close: () => set({ reply: null }),
}));

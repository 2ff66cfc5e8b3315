import { useEffect, type RefObject } from 'react';
import { create } from 'zustand';

/** Which field of the compose box a shortcut wants focused: the topic (a new topic) or the message. */
export type ComposeField = 'topic' | 'message';

/**
 * A request to focus the compose box, kept until a compose box takes it: the box may not exist
 * yet when the request is made (a shortcut that first opens another conversation).
 */
interface ComposeFocusState {
  request: ComposeField | null;
  requestFocus(field: ComposeField): void;
  take(): ComposeField | null;
}

export const useComposeFocus = create<ComposeFocusState>((set, get) => ({
  request: null,
  requestFocus: (field) => set({ request: field }),
  take: () => {
    const { request } = get();
    if (request !== null) set({ request: null });
    return request;
  },
}));

/** Run by the compose box: focuses the field asked for (the message when it has no topic field). */
export function useComposeFocusRequests(
  message: RefObject<HTMLTextAreaElement | null>,
  topic: RefObject<HTMLInputElement | null>,
): void {
  const request = useComposeFocus((s) => s.request);
  useEffect(() => {
    if (request === null) return;
    const field = useComposeFocus.getState().take();
    const target = field === 'topic' && topic.current ? topic.current : message.current;
    if (!target) return;
    target.focus();
    target.setSelectionRange(target.value.length, target.value.length);
  }, [request, message, topic]);
}

import { useLayoutEffect, type RefObject } from 'react';
import { create } from 'zustand';

/** Which field of the compose box a shortcut wants focused: the topic (a new topic) or the message. */
export type ComposeField = 'topic' | 'message';

/** Where the caret goes in the field: its end unless said. */
export interface ComposeCaret {
  start: number;
  end: number;
}

interface ComposeFocusRequest {
  field: ComposeField;
  caret: ComposeCaret | null;
}

/**
 * A request to focus the compose box, kept until a compose box takes it: the box may not exist
 * yet when the request is made (a shortcut that first opens another conversation).
 */
interface ComposeFocusState {
  request: ComposeFocusRequest | null;
  requestFocus(field: ComposeField, caret?: ComposeCaret): void;
  take(): ComposeFocusRequest | null;
}

export const useComposeFocus = create<ComposeFocusState>((set, get) => ({
  request: null,
  requestFocus: (field, caret) => set({ request: { field, caret: caret ?? null } }),
  take: () => {
    const { request } = get();
    if (request !== null) set({ request: null });
    return request;
  },
}));

/** Marks a compose box's fields (`data-compose-field="message"`), telling them from other fields. */
const COMPOSE_FIELD_ATTRIBUTE = 'data-compose-field';

/**
 * Before the open conversation is drawn again for a reason of its own (its topic moved, so the
 * view follows it and a new compose box replaces this one): the compose field that has the
 * keyboard asks for it back, caret and all. Without it, what the person types next would land on
 * the page and run as shortcuts.
 */
export function keepComposeFocus(): void {
  const active = document.activeElement;
  if (!(active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement)) return;
  const field = active.getAttribute(COMPOSE_FIELD_ATTRIBUTE);
  if (field !== 'message' && field !== 'topic') return;
  const end = active.value.length;
  useComposeFocus
    .getState()
    .requestFocus(field, { start: active.selectionStart ?? end, end: active.selectionEnd ?? end });
}

/**
 * Run by the compose box: focuses the field asked for (the message when it has no topic field).
 * Before paint, in the commit that draws the box: a key pressed meanwhile would find no field.
 */
export function useComposeFocusRequests(
  message: RefObject<HTMLTextAreaElement | null>,
  topic: RefObject<HTMLInputElement | null>,
): void {
  const request = useComposeFocus((s) => s.request);
  useLayoutEffect(() => {
    if (request === null) return;
    const taken = useComposeFocus.getState().take();
    const target = taken?.field === 'topic' && topic.current ? topic.current : message.current;
    if (!target) return;
    target.focus();
    const length = target.value.length;
    const caret = taken?.field === target.getAttribute(COMPOSE_FIELD_ATTRIBUTE) ? taken?.caret : null;
    target.setSelectionRange(
      Math.min(caret?.start ?? length, length),
      Math.min(caret?.end ?? length, length),
    );
  }, [request, message, topic]);
}

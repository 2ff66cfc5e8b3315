import { getInitialState } from '../../api/keys';
import { useTypingStore } from '../../state/typing';
import type { EventReducer } from '../types';

/** Default of `server_typing_started_expiry_period_milliseconds` when register omits it. */
export const DEFAULT_TYPING_EXPIRY_MS = 45_000;

export function typingConversationKey(
  event: Record<string, unknown>,
  selfId: number | undefined,
): string | null {
  if (event.message_type === 'stream' || event.message_type === 'channel') {
    if (typeof event.stream_id !== 'number') return null;
    return `topic:${event.stream_id}:${String(event.topic ?? '').toLowerCase()}`;
  }
  const recipients = (event.recipients as { user_id: number }[] | undefined) ?? [];
  const others = recipients.map((r) => r.user_id).filter((id) => id !== selfId);
  return `dm:${others.sort((a, b) => a - b).join(',')}`;
}

/** `typing`: start renews the typist's expiry; stop removes them (spec part 3, typing expiry). */
export const typing: EventReducer = ({ queryClient, now }, event) => {
  const state = getInitialState(queryClient);
  const sender = (event.sender as { user_id: number } | undefined)?.user_id;
  if (sender === undefined || sender === state?.user_id) return;
  const key = typingConversationKey(event, state?.user_id);
  if (!key) return;
  const expiry = state?.server_typing_started_expiry_period_milliseconds ?? DEFAULT_TYPING_EXPIRY_MS;
  if (event.op === 'start') useTypingStore.getState().start(key, sender, now + expiry);
  else if (event.op === 'stop') useTypingStore.getState().stop(key, sender);
};

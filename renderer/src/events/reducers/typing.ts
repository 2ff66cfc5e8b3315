import { getInitialState } from '../../api/keys';
import { conversationKey, type ComposeNarrow } from '../../api/narrow';
import type { EventMap, EventReducer } from '../types';

/** Default of `server_typing_started_expiry_period_milliseconds` when register omits it. */
export const DEFAULT_TYPING_EXPIRY_MS = 45_000;

/** The conversation a typing event is about, as a compose box names it. */
function typingConversation(event: EventMap['typing']): ComposeNarrow | null {
  if (event.message_type === 'stream' || event.message_type === 'channel') {
    if (event.stream_id === undefined) return null;
    return { kind: 'topic', streamId: event.stream_id, topic: event.topic ?? '' };
  }
  // Direct messages: everyone in the conversation, the sender and the user included.
  return { kind: 'dm', userIds: (event.recipients ?? []).map((r) => r.user_id) };
}

/** `typing`: start renews the typist's expiry; stop removes them (spec part 3, typing expiry). */
export const typing: EventReducer<'typing'> = ({ queryClient, typing: typists, now }, event) => {
  const state = getInitialState(queryClient);
  const sender = event.sender.user_id;
  if (sender === state?.user_id) return;
  const conversation = typingConversation(event);
  if (!conversation) return;
  const key = conversationKey(conversation, state?.user_id);
  const expiry = state?.server_typing_started_expiry_period_milliseconds ?? DEFAULT_TYPING_EXPIRY_MS;
  if (event.op === 'start') typists.start(key, sender, now + expiry);
  else typists.stop(key, sender);
};

import { updateCachedMessages } from '../../api/keys';
import type { Message, Reaction } from '../../api/model';
import type { EventMap, EventReducer } from '../types';

/** What a `reaction` event does to a message (the message itself when it is another). */
export function reactedBy(event: EventMap['reaction']): (m: Message) => Message {
  const r: Reaction = {
    emoji_name: event.emoji_name,
    emoji_code: event.emoji_code,
    reaction_type: event.reaction_type,
    user_id: event.user_id,
  };
  const same = (x: Reaction) =>
    x.user_id === r.user_id && x.emoji_code === r.emoji_code && x.reaction_type === r.reaction_type;
  return (m) => {
    if (m.id !== event.message_id) return m;
    const reactions = m.reactions ?? [];
    if (event.op === 'add') return reactions.some(same) ? m : { ...m, reactions: [...reactions, r] };
    return { ...m, reactions: reactions.filter((x) => !same(x)) };
  };
}

/** `reaction`: add or remove one user's emoji reaction on a message. */
export const reaction: EventReducer<'reaction'> = ({ queryClient }, event) => {
  updateCachedMessages(queryClient, reactedBy(event));
};

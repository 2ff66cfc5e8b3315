import { updateCachedMessages } from '../../api/keys';
import type { Reaction } from '../../api/model';
import type { EventReducer } from '../types';

/** `reaction`: add or remove one user's emoji reaction on a message. */
export const reaction: EventReducer<'reaction'> = ({ queryClient }, event) => {
  const r: Reaction = {
    emoji_name: event.emoji_name,
    emoji_code: event.emoji_code,
    reaction_type: event.reaction_type,
    user_id: event.user_id,
  };
  const same = (x: Reaction) =>
    x.user_id === r.user_id && x.emoji_code === r.emoji_code && x.reaction_type === r.reaction_type;
  updateCachedMessages(queryClient, (m) => {
    if (m.id !== event.message_id) return m;
    const reactions = m.reactions ?? [];
    if (event.op === 'add') return reactions.some(same) ? m : { ...m, reactions: [...reactions, r] };
    return { ...m, reactions: reactions.filter((x) => !same(x)) };
  });
};

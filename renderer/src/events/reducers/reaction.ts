import { updateCachedMessages } from '../../api/keys';
import type { Reaction } from '../../api/model';
import type { EventReducer } from '../types';

/** `reaction`: add or remove one user's emoji reaction on a message. */
export const reaction: EventReducer = ({ queryClient }, event) => {
  const messageId = event.message_id as number;
  const r: Reaction = {
    emoji_name: event.emoji_name as string,
    emoji_code: event.emoji_code as string,
    reaction_type: (event.reaction_type as string | undefined) ?? 'unicode_emoji',
    user_id:
      (event.user_id as number | undefined) ?? (event.user as { user_id: number } | undefined)?.user_id ?? 0,
  };
  const same = (x: Reaction) =>
    x.user_id === r.user_id && x.emoji_code === r.emoji_code && x.reaction_type === r.reaction_type;
  updateCachedMessages(queryClient, (m) => {
    if (m.id !== messageId) return m;
    if (event.op === 'add') return m.reactions.some(same) ? m : { ...m, reactions: [...m.reactions, r] };
    if (event.op === 'remove') return { ...m, reactions: m.reactions.filter((x) => !same(x)) };
    return m;
  });
};

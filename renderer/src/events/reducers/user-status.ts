import { updateInitialState } from '../../api/keys';
import type { UserStatus } from '../../api/model';
import type { EventReducer } from '../types';

/** `user_status`: a user's status text, emoji or away flag; a field the event leaves out is unchanged. */
export const userStatus: EventReducer<'user_status'> = ({ queryClient }, event) => {
  const userId = String(event.user_id);
  updateInitialState(queryClient, (s) => {
    const next: UserStatus = { ...s.user_status?.[userId] };
    if (event.status_text !== undefined) next.status_text = event.status_text;
    if (event.emoji_name !== undefined) next.emoji_name = event.emoji_name;
    if (event.emoji_code !== undefined) next.emoji_code = event.emoji_code;
    if (event.reaction_type !== undefined) next.reaction_type = event.reaction_type;
    if (event.away !== undefined) next.away = event.away;
    return { ...s, user_status: { ...s.user_status, [userId]: next } };
  });
};

import { updateInitialState } from '../../api/keys';
import type { UserStatus } from '../../api/model';
import type { EventReducer } from '../types';

/**
 * A status as the register gives it: only what is set. The service leaves out an empty text, an
 * emoji cleared (with its code and type) and `away` when off, and lists nobody without a status.
 */
function asRegistered(status: UserStatus): UserStatus | undefined {
  const kept: UserStatus = {};
  if (status.away) kept.away = true;
  if (status.status_text) kept.status_text = status.status_text;
  if (status.emoji_name) {
    kept.emoji_name = status.emoji_name;
    if (status.emoji_code !== undefined) kept.emoji_code = status.emoji_code;
    if (status.reaction_type !== undefined) kept.reaction_type = status.reaction_type;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

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
    const { [userId]: _previous, ...others } = s.user_status ?? {};
    const registered = asRegistered(next);
    return { ...s, user_status: registered ? { ...others, [userId]: registered } : others };
  });
};

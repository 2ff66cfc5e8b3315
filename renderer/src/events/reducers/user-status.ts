import { updateInitialState } from '../../api/keys';
import type { UserStatus } from '../../api/model';
import type { EventReducer } from '../types';

/** `user_status`: a user's status text, emoji or away flag. Empty text clears it. */
export const userStatus: EventReducer = ({ queryClient }, event) => {
  const userId = String(event.user_id);
  updateInitialState(queryClient, (s) => {
    const current = s.user_status?.[userId] ?? {};
    const next: UserStatus = { ...current };
    for (const field of ['status_text', 'emoji_name', 'emoji_code', 'reaction_type', 'away'] as const) {
      if (event[field] !== undefined) (next as Record<string, unknown>)[field] = event[field];
    }
    return { ...s, user_status: { ...s.user_status, [userId]: next } };
  });
};

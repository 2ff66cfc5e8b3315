import { mutedUsersAfter } from '../../../../shared/register-state';
import { updateInitialState } from '../../api/keys';
import type { EventReducer } from '../types';

/** `muted_users`: the account's whole list of muted users, sent after each mute or unmute. */
export const mutedUsers: EventReducer<'muted_users'> = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => mutedUsersAfter(s, event));
};

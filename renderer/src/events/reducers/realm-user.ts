import { updateInitialState } from '../../api/keys';
import type { User } from '../../api/model';
import type { EventReducer } from '../types';

/** `realm_user`: users joining, leaving or changing (name, avatar, role, email, time zone...). */
export const realmUser: EventReducer = ({ queryClient }, event) => {
  const person = event.person as (Partial<User> & { user_id: number; new_email?: string }) | undefined;
  if (!person) return;
  updateInitialState(queryClient, (s) => {
    const users = s.realm_users ?? [];
    switch (event.op) {
      case 'add':
        return { ...s, realm_users: [...users.filter((u) => u.user_id !== person.user_id), person as User] };
      case 'remove':
        return {
          ...s,
          realm_users: users.map((u) => (u.user_id === person.user_id ? { ...u, is_active: false } : u)),
          realm_user_groups: s.realm_user_groups?.map((g) => ({
            ...g,
            members: (g.members ?? []).filter((m) => m !== person.user_id),
          })),
        };
      case 'update':
        return {
          ...s,
          realm_users: users.map((u) => {
            if (u.user_id !== person.user_id) return u;
            const { new_email, ...rest } = person;
            const next: User = { ...u, ...rest };
            if (new_email) next.email = new_email;
            return next;
          }),
        };
      default:
        return s;
    }
  });
};

import { updateInitialState } from '../../api/keys';
import type { User } from '../../api/model';
import type { EventReducer } from '../types';

/** `realm_user`: users joining, leaving or changing (name, avatar, role, email, time zone...). */
export const realmUser: EventReducer<'realm_user'> = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => {
    const users = s.realm_users ?? [];
    switch (event.op) {
      case 'add': {
        const { person } = event;
        return { ...s, realm_users: [...users.filter((u) => u.user_id !== person.user_id), person] };
      }
      case 'remove': {
        const { person } = event;
        return {
          ...s,
          realm_users: users.map((u) => (u.user_id === person.user_id ? { ...u, is_active: false } : u)),
          realm_user_groups: s.realm_user_groups?.map((g) => ({
            ...g,
            members: (g.members ?? []).filter((m) => m !== person.user_id),
          })),
        };
      }
      case 'update': {
        const { new_email, ...rest } = event.person;
        return {
          ...s,
          realm_users: users.map((u) => {
            if (u.user_id !== rest.user_id) return u;
            const next: User = { ...u, ...rest };
            if (new_email) next.email = new_email;
            return next;
          }),
        };
      }
    }
  });
};

import { updateInitialState } from '../../api/keys';
import { Role } from '../../../../shared/api/plain-values';
import type { InitialState, User } from '../../api/model';
import type { EventMap, EventReducer } from '../types';

type PersonUpdate = Extract<EventMap['realm_user'], { op: 'update' }>['person'];

/** Spec part 6: a deactivated user leaves every group's data. */
function withoutGroupMember(s: InitialState, userId: number): InitialState['realm_user_groups'] {
  return s.realm_user_groups?.map((g) => ({
    ...g,
    members: (g.members ?? []).filter((m) => m !== userId),
  }));
}

/** The user as the update leaves them: only the fields it carries change. */
function updatedUser(user: User, person: PersonUpdate): User {
  const { new_email, ...rest } = person;
  const next: User = { ...user, ...rest };
  if (new_email) next.email = new_email;
  return next;
}

/**
 * The register's own fields about the current user (`role`, `is_admin`, ..., `full_name`,
 * `email`), which screens read for what the user may do: an update of the user's own role or name
 * changes them as it changes the user's row.
 */
function updatedSelf(s: InitialState, person: PersonUpdate): InitialState {
  const next: InitialState = { ...s };
  if (person.role !== undefined) {
    next.role = person.role;
    next.is_owner = person.role === Role.owner;
    next.is_admin = person.role <= Role.administrator;
    next.is_moderator = person.role <= Role.moderator;
    next.is_guest = person.role === Role.guest;
  }
  if (person.full_name !== undefined) next.full_name = person.full_name;
  if (person.new_email) next.email = person.new_email;
  if (person.avatar_url !== undefined) next.avatar_url = person.avatar_url;
  if (person.is_billing_admin !== undefined) next.is_billing_admin = person.is_billing_admin;
  return next;
}

/**
 * `update`: the user may be among the active users or, deactivated before the registration, among
 * `realm_non_active_users`. From feature level 222 the real service deactivates and reactivates
 * with an `is_active` update (before, `remove` and `add`): a reactivated user moves back to the
 * active users, since screens take someone found only among the others for deactivated.
 */
function applyUpdate(s: InitialState, person: PersonUpdate): InitialState {
  const id = person.user_id;
  const active = s.realm_users ?? [];
  const inactive = s.realm_non_active_users ?? [];
  let next: InitialState = s;
  const listed = active.find((u) => u.user_id === id);
  const unlisted = listed ? undefined : inactive.find((u) => u.user_id === id);
  if (listed)
    next = { ...next, realm_users: active.map((u) => (u.user_id === id ? updatedUser(u, person) : u)) };
  else if (unlisted && person.is_active === true)
    next = {
      ...next,
      realm_users: [...active, updatedUser(unlisted, person)],
      realm_non_active_users: inactive.filter((u) => u.user_id !== id),
    };
  else if (unlisted)
    next = {
      ...next,
      realm_non_active_users: inactive.map((u) => (u.user_id === id ? updatedUser(u, person) : u)),
    };
  if (person.is_active === false) next = { ...next, realm_user_groups: withoutGroupMember(next, id) };
  if (id === s.user_id) next = updatedSelf(next, person);
  return next;
}

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
          realm_user_groups: withoutGroupMember(s, person.user_id),
        };
      }
      case 'update':
        return applyUpdate(s, event.person);
    }
  });
};

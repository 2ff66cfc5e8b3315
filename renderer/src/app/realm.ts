import memoizeOne from 'memoize-one';
import type { User } from '../api/model';
import { useInitialState } from './session';

type UserList = readonly User[] | undefined;

/**
 * The map of the lists it was last built from, shared by every component: a list of 300 rows that
 * each asked for the users built 300 maps of 20,000 people (a second to open User groups on a big
 * organization). Rebuilt when an event replaces one of the lists.
 */
const usersById = memoizeOne((active: UserList, inactive: UserList, bots: UserList): Map<number, User> => {
  const map = new Map<number, User>();
  for (const list of [bots, inactive, active]) for (const u of list ?? []) map.set(u.user_id, u);
  return map;
});

/** Users by id (active and not), from the register state kept current by realm_user events. */
export function useUsers(): Map<number, User> {
  const active = useInitialState((s) => s.realm_users);
  const inactive = useInitialState((s) => s.realm_non_active_users);
  const bots = useInitialState((s) => s.cross_realm_bots);
  return usersById(active, inactive, bots);
}

/** A person named by user ID, or by email in any letter case (as searches and links name them). */
export function findUser(users: ReadonlyMap<number, User>, emailOrId: string): User | undefined {
  if (/^\d+$/.test(emailOrId)) return users.get(Number(emailOrId));
  const email = emailOrId.toLowerCase();
  for (const user of users.values()) if (user.email.toLowerCase() === email) return user;
  return undefined;
}

export function useSelfId(): number | undefined {
  return useInitialState((s) => s.user_id);
}

/** Role numbers from the spec's invitation table: 100 owner, 200 administrator, 300 moderator. */
export function useIsAdmin(): boolean {
  return (
    useInitialState((s) => {
      if (s.is_admin !== undefined) return s.is_admin;
      const self = s.realm_users?.find((u) => u.user_id === s.user_id);
      const role = s.role ?? self?.role;
      return role !== undefined && role <= 200;
    }) ?? false
  );
}

export function useUserSetting<T>(name: string, fallback: T): T {
  const value = useInitialState((s) => s.user_settings?.[name] ?? s[name]);
  return (value as T | undefined) ?? fallback;
}

export function useEmptyTopicName(): string {
  return useInitialState((s) => s.realm_empty_topic_display_name) ?? 'general chat';
}

/** How a topic is shown: the empty topic under realm_empty_topic_display_name (spec part 1.5). */
export function topicLabel(topic: string, emptyName: string): string {
  return topic === '' ? emptyName : topic;
}

import { updateInitialState } from '../../api/keys';
import type { UserGroup } from '../../api/model';
import type { EventReducer } from '../types';

/** `user_group`: groups and their members and subgroups (used by group-setting editors). */
export const userGroup: EventReducer = ({ queryClient }, event) => {
  const groupId = event.group_id as number | undefined;
  updateInitialState(queryClient, (s) => {
    const groups = s.realm_user_groups ?? [];
    const edit = (fn: (g: UserGroup) => UserGroup) => ({
      ...s,
      realm_user_groups: groups.map((g) => (g.id === groupId ? fn(g) : g)),
    });
    const ids = (field: string) => (event[field] as number[] | undefined) ?? [];
    switch (event.op) {
      case 'add':
        return { ...s, realm_user_groups: [...groups, event.group as UserGroup] };
      case 'remove':
        return { ...s, realm_user_groups: groups.filter((g) => g.id !== groupId) };
      case 'update':
        return edit((g) => ({ ...g, ...(event.data as Partial<UserGroup>) }));
      case 'add_members':
        return edit((g) => ({ ...g, members: [...new Set([...(g.members ?? []), ...ids('user_ids')])] }));
      case 'remove_members':
        return edit((g) => ({
          ...g,
          members: (g.members ?? []).filter((m) => !ids('user_ids').includes(m)),
        }));
      case 'add_subgroups':
        return edit((g) => ({
          ...g,
          direct_subgroup_ids: [
            ...new Set([...(g.direct_subgroup_ids ?? []), ...ids('direct_subgroup_ids')]),
          ],
        }));
      case 'remove_subgroups':
        return edit((g) => ({
          ...g,
          direct_subgroup_ids: (g.direct_subgroup_ids ?? []).filter(
            (x) => !ids('direct_subgroup_ids').includes(x),
          ),
        }));
      default:
        return s;
    }
  });
};

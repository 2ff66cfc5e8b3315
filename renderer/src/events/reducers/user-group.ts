import { updateInitialState } from '../../api/keys';
import type { UserGroup } from '../../api/model';
import type { EventReducer } from '../types';

/** `user_group`: groups and their members and subgroups (used by group-setting editors). */
export const userGroup: EventReducer<'user_group'> = ({ queryClient }, event) => {
  updateInitialState(queryClient, (s) => {
    const groups = s.realm_user_groups ?? [];
    if (event.op === 'add') return { ...s, realm_user_groups: [...groups, event.group] };
    const edit = (fn: (g: UserGroup) => UserGroup) => ({
      ...s,
      realm_user_groups: groups.map((g) => (g.id === event.group_id ? fn(g) : g)),
    });
    switch (event.op) {
      case 'remove':
        return { ...s, realm_user_groups: groups.filter((g) => g.id !== event.group_id) };
      case 'update':
        return edit((g) => ({ ...g, ...event.data }));
      case 'add_members':
        return edit((g) => ({ ...g, members: [...new Set([...(g.members ?? []), ...event.user_ids])] }));
      case 'remove_members':
        return edit((g) => ({
          ...g,
          members: (g.members ?? []).filter((m) => !event.user_ids.includes(m)),
        }));
      case 'add_subgroups':
        return edit((g) => ({
          ...g,
          direct_subgroup_ids: [...new Set([...(g.direct_subgroup_ids ?? []), ...event.direct_subgroup_ids])],
        }));
      case 'remove_subgroups':
        return edit((g) => ({
          ...g,
          direct_subgroup_ids: (g.direct_subgroup_ids ?? []).filter(
            (x) => !event.direct_subgroup_ids.includes(x),
          ),
        }));
    }
  });
};

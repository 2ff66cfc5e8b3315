import { p } from '../http/params';
import { route } from '../http/route';
import { GROUP_PERMISSIONS, groupToWire, type GroupPermission } from '../realm/groups';
import { addUserGroup } from '../realm/group-changes';

const permissionParams = Object.fromEntries(GROUP_PERMISSIONS.map((n) => [n, p.json((v) => v)])) as Record<
  GroupPermission,
  ReturnType<typeof p.json<unknown>>
>;

export const userGroupRoutes = [
  route({
    method: 'GET',
    path: '/user_groups',
    params: { include_deactivated_groups: p.bool().default(false) },
    handler: ({ realm }, { include_deactivated_groups }) => ({
      user_groups: [...realm.groups.values()]
        .filter((g) => include_deactivated_groups || !g.deactivated)
        .map((g) => groupToWire(realm, g)),
    }),
  }),
  route({
    method: 'POST',
    path: '/user_groups/create',
    params: {
      name: p.string().required(),
      description: p.string().required(),
      members: p.intList().required(),
      subgroups: p.intList().default([]),
      ...permissionParams,
    },
    handler: ({ realm, user }, params) => {
      const permissions = Object.fromEntries(GROUP_PERMISSIONS.map((n) => [n, params[n]]));
      const group = addUserGroup(realm, user, {
        name: params.name,
        description: params.description,
        members: params.members,
        subgroups: params.subgroups,
        permissions,
      });
      return { group_id: group.id };
    },
  }),
];

import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import type { Realm } from '../realm/realm';
import {
  GROUP_PERMISSIONS,
  canonicalGroupSetting,
  checkGroupSettingValue,
  createUserGroup,
  forbidSystemGroups,
  groupToWire,
  userInGroupSetting,
  type GroupPermission,
  type GroupSettingValue,
  type SystemGroupName,
} from '../realm/groups';
import { activeHumanIds } from '../realm/users';

const MAX_GROUP_NAME_LENGTH = 100;
const MAX_GROUP_DESCRIPTION_LENGTH = 1024;
const RESERVED_PREFIXES = ['@', 'role:', 'user:', 'stream:', 'channel:'];

/** System groups a permission may not be set to (4.14; role:internet is never a valid holder). */
const FORBIDDEN: Record<GroupPermission, readonly SystemGroupName[]> = {
  can_add_members_group: ['internet'],
  can_join_group: ['internet'],
  can_leave_group: ['internet'],
  can_manage_group: ['internet', 'everyone'],
  can_mention_group: ['internet', 'owners'],
  can_remove_members_group: ['internet'],
};

function checkGroupName(realm: Realm, raw: string): string {
  const name = raw.trim();
  if (name === '') throw badRequest('User group name cannot be empty.');
  if ([...name].length > MAX_GROUP_NAME_LENGTH)
    throw badRequest(`User group name cannot exceed ${MAX_GROUP_NAME_LENGTH} characters.`);
  for (const prefix of RESERVED_PREFIXES)
    if (name.startsWith(prefix)) throw badRequest(`User group name cannot start with '${prefix}'.`);
  const lower = name.toLowerCase();
  for (const g of realm.groups.values())
    if (g.name.toLowerCase() === lower) throw badRequest(`User group '${name}' already exists.`);
  return name;
}

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
      ...(Object.fromEntries(GROUP_PERMISSIONS.map((n) => [n, p.json((v) => v)])) as Record<
        GroupPermission,
        ReturnType<typeof p.json<unknown>>
      >),
    },
    handler: ({ realm, user }, params) => {
      const s = realm.settings;
      if (
        !userInGroupSetting(realm, user, s.can_create_groups) &&
        !userInGroupSetting(realm, user, s.can_manage_all_groups)
      )
        throw badRequest('Insufficient permission');
      const name = checkGroupName(realm, params.name);
      if ([...params.description].length > MAX_GROUP_DESCRIPTION_LENGTH)
        throw badRequest(`description is too long (limit: ${MAX_GROUP_DESCRIPTION_LENGTH} characters)`);
      for (const id of params.members) {
        const u = realm.users.get(id);
        if (!u || !u.is_active || u.is_system_bot) throw badRequest(`Invalid user ID: ${id}`);
      }
      for (const id of params.subgroups) {
        const g = realm.groups.get(id);
        if (!g || g.deactivated) throw badRequest(`Invalid user group ID: ${id}`);
      }
      const permissions: Partial<Record<GroupPermission, GroupSettingValue>> = {};
      for (const setting of GROUP_PERMISSIONS) {
        const raw = params[setting];
        if (raw === undefined) continue;
        const value = canonicalGroupSetting(checkGroupSettingValue(realm, raw, setting));
        forbidSystemGroups(realm, value, setting, FORBIDDEN[setting]);
        permissions[setting] = value;
      }
      const group = createUserGroup(realm, {
        name,
        description: params.description,
        members: [...new Set(params.members)],
        subgroups: [...new Set(params.subgroups)],
        creator_id: user.user_id,
        ...permissions,
      });
      realm.events.publish(activeHumanIds(realm), {
        type: 'user_group',
        op: 'add',
        group: groupToWire(realm, group),
      });
      return { group_id: group.id };
    },
  }),
];

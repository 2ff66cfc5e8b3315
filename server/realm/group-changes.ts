import { badRequest } from '../http/errors';
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
  type UserGroup,
} from './groups';
import type { Realm } from './realm';
import { activeHumanIds, type User } from './users';

/** Creating user groups (POST /user_groups/create, 4.14): who may, what a new group may be, its event. */

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

function canCreateGroups(realm: Realm, user: User): boolean {
  const s = realm.settings;
  return (
    userInGroupSetting(realm, user, s.can_create_groups) ||
    userInGroupSetting(realm, user, s.can_manage_all_groups)
  );
}

export interface NewUserGroup {
  name: string;
  description: string;
  members: readonly number[];
  subgroups: readonly number[];
  /** Group-setting values as sent; absent ones take the defaults. */
  permissions: Partial<Record<GroupPermission, unknown>>;
}

/** POST /user_groups/create: everyone hears of the new group. */
export function addUserGroup(realm: Realm, actor: User, request: NewUserGroup): UserGroup {
  if (!canCreateGroups(realm, actor)) throw badRequest('Insufficient permission');
  const name = checkGroupName(realm, request.name);
  if ([...request.description].length > MAX_GROUP_DESCRIPTION_LENGTH)
    throw badRequest(`description is too long (limit: ${MAX_GROUP_DESCRIPTION_LENGTH} characters)`);
  for (const id of request.members) {
    const u = realm.users.get(id);
    if (!u || !u.is_active || u.is_system_bot) throw badRequest(`Invalid user ID: ${id}`);
  }
  for (const id of request.subgroups) {
    const g = realm.groups.get(id);
    if (!g || g.deactivated) throw badRequest(`Invalid user group ID: ${id}`);
  }
  const permissions: Partial<Record<GroupPermission, GroupSettingValue>> = {};
  for (const setting of GROUP_PERMISSIONS) {
    const raw = request.permissions[setting];
    if (raw === undefined) continue;
    const value = canonicalGroupSetting(checkGroupSettingValue(realm, raw, setting));
    forbidSystemGroups(realm, value, setting, FORBIDDEN[setting]);
    permissions[setting] = value;
  }
  const group = createUserGroup(realm, {
    name,
    description: request.description,
    members: [...new Set(request.members)],
    subgroups: [...new Set(request.subgroups)],
    creator_id: actor.user_id,
    ...permissions,
  });
  realm.events.publish(activeHumanIds(realm), {
    type: 'user_group',
    op: 'add',
    group: groupToWire(realm, group),
  });
  return group;
}

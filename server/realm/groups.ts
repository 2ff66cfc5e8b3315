import { badRequest } from '../http/errors';
import type { Realm } from './realm';
import { ROLE } from './roles';
import type { User } from './users';

/** Group-setting value (spec 2.1): a group id, or an anonymous collection. */
export type GroupSettingValue = number | { direct_members: number[]; direct_subgroups: number[] };

export const SYSTEM_GROUPS = {
  internet: 1,
  everyone: 2,
  members: 3,
  fullmembers: 4,
  moderators: 5,
  administrators: 6,
  owners: 7,
  nobody: 8,
} as const;
export type SystemGroupName = keyof typeof SYSTEM_GROUPS;

export const GROUP_PERMISSIONS = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;
export type GroupPermission = (typeof GROUP_PERMISSIONS)[number];

export interface UserGroup {
  id: number;
  name: string;
  description: string;
  /** Direct members. System groups compute theirs from roles (see directMembers). */
  members: Set<number>;
  subgroups: Set<number>;
  is_system_group: boolean;
  /** For system groups: which role(s) are direct members. */
  roles?: number[];
  creator_id: number | null;
  date_created: number | null;
  deactivated: boolean;
  can_add_members_group: GroupSettingValue;
  can_join_group: GroupSettingValue;
  can_leave_group: GroupSettingValue;
  can_manage_group: GroupSettingValue;
  can_mention_group: GroupSettingValue;
  can_remove_members_group: GroupSettingValue;
}

/** System groups nest: owners ⊂ administrators ⊂ moderators ⊂ full members ⊂ members ⊂ everyone ⊂ internet. */
export function createSystemGroups(realm: Realm): void {
  const defs: [SystemGroupName, string, number[], number[]][] = [
    ['internet', 'Everyone on the internet', [], [SYSTEM_GROUPS.everyone]],
    ['everyone', 'Everyone including guests', [ROLE.guest], [SYSTEM_GROUPS.members]],
    ['members', 'Everyone except guests', [], [SYSTEM_GROUPS.fullmembers]],
    [
      'fullmembers',
      'Members of this organization, not including new accounts and guests',
      [ROLE.member],
      [SYSTEM_GROUPS.moderators],
    ],
    [
      'moderators',
      'Moderators of this organization, including administrators',
      [ROLE.moderator],
      [SYSTEM_GROUPS.administrators],
    ],
    [
      'administrators',
      'Administrators of this organization, including owners',
      [ROLE.administrator],
      [SYSTEM_GROUPS.owners],
    ],
    ['owners', 'Owners of this organization', [ROLE.owner], []],
    ['nobody', 'Nobody', [], []],
  ];
  for (const [name, description, roles, subgroups] of defs) {
    const id = SYSTEM_GROUPS[name];
    realm.reserveId('group', id);
    realm.groups.set(id, {
      id,
      name: `role:${name}`,
      description,
      members: new Set(),
      subgroups: new Set(subgroups),
      is_system_group: true,
      roles,
      creator_id: null,
      date_created: null,
      deactivated: false,
      can_add_members_group: SYSTEM_GROUPS.nobody,
      can_join_group: SYSTEM_GROUPS.nobody,
      can_leave_group: SYSTEM_GROUPS.nobody,
      can_manage_group: SYSTEM_GROUPS.nobody,
      can_mention_group: SYSTEM_GROUPS.everyone,
      can_remove_members_group: SYSTEM_GROUPS.nobody,
    });
  }
}

export function directMembers(realm: Realm, group: UserGroup): number[] {
  if (group.roles) {
    const roles = group.roles;
    return [...realm.users.values()]
      .filter((u) => u.is_active && !u.is_system_bot && roles.includes(u.role))
      .map((u) => u.user_id)
      .sort((a, b) => a - b);
  }
  return [...group.members].sort((a, b) => a - b);
}

/** All user ids in a group, following subgroups recursively (cycles tolerated). */
export function groupMemberIds(realm: Realm, groupId: number, seen = new Set<number>()): Set<number> {
  const out = new Set<number>();
  if (seen.has(groupId)) return out;
  seen.add(groupId);
  const group = realm.groups.get(groupId);
  if (!group || group.deactivated) return out;
  for (const id of directMembers(realm, group)) out.add(id);
  for (const sub of group.subgroups) for (const id of groupMemberIds(realm, sub, seen)) out.add(id);
  return out;
}

/** Resolve a group-setting value (2.1) to the set of users holding the permission. */
export function resolveGroupSetting(realm: Realm, value: GroupSettingValue): Set<number> {
  if (typeof value === 'number') return groupMemberIds(realm, value);
  const out = new Set<number>(value.direct_members);
  for (const g of value.direct_subgroups) for (const id of groupMemberIds(realm, g)) out.add(id);
  return out;
}

/** Whether `user` is in the group or one of its subgroups (as `groupMemberIds`, without listing everyone). */
function isGroupMember(realm: Realm, user: User, groupId: number, seen: Set<number>): boolean {
  if (seen.has(groupId)) return false;
  seen.add(groupId);
  const group = realm.groups.get(groupId);
  if (!group || group.deactivated) return false;
  const direct = group.roles
    ? user.is_active && !user.is_system_bot && group.roles.includes(user.role)
    : group.members.has(user.user_id);
  if (direct) return true;
  for (const sub of group.subgroups) if (isGroupMember(realm, user, sub, seen)) return true;
  return false;
}

export function userInGroupSetting(realm: Realm, user: User, value: GroupSettingValue): boolean {
  if (typeof value === 'number') return isGroupMember(realm, user, value, new Set());
  if (value.direct_members.includes(user.user_id)) return true;
  const seen = new Set<number>();
  return value.direct_subgroups.some((g) => isGroupMember(realm, user, g, seen));
}

/** Validate a group-setting value from a request: group ids must exist, users must exist. */
export function checkGroupSettingValue(realm: Realm, value: unknown, name: string): GroupSettingValue {
  if (typeof value === 'number' && Number.isInteger(value)) {
    if (!realm.groups.has(value)) throw badRequest(`Invalid user group ID: ${value}`);
    return value;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    const members = v.direct_members;
    const subgroups = v.direct_subgroups;
    if (
      Array.isArray(members) &&
      Array.isArray(subgroups) &&
      members.every((m) => Number.isInteger(m)) &&
      subgroups.every((s) => Number.isInteger(s))
    ) {
      for (const m of members as number[]) if (!realm.users.has(m)) throw badRequest(`Invalid user ID: ${m}`);
      for (const s of subgroups as number[])
        if (!realm.groups.has(s)) throw badRequest(`Invalid user group ID: ${s}`);
      return { direct_members: [...(members as number[])], direct_subgroups: [...(subgroups as number[])] };
    }
  }
  throw badRequest(`${name} is not a valid group-setting value`);
}

export function groupSettingsEqual(a: GroupSettingValue, b: GroupSettingValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  const same = (x: number[], y: number[]) =>
    x.length === y.length && [...x].sort().every((v, i) => v === [...y].sort()[i]);
  return same(a.direct_members, b.direct_members) && same(a.direct_subgroups, b.direct_subgroups);
}

export function systemGroupByName(realm: Realm, name: string): UserGroup | undefined {
  for (const g of realm.groups.values()) if (g.is_system_group && g.name === name) return g;
  return undefined;
}

export function createUserGroup(
  realm: Realm,
  init: Pick<UserGroup, 'name' | 'description'> & {
    members?: number[];
    subgroups?: number[];
    creator_id?: number | null;
  } & Partial<Pick<UserGroup, GroupPermission>>,
): UserGroup {
  const id = realm.nextId('group');
  const creator = init.creator_id ?? null;
  const group: UserGroup = {
    id,
    name: init.name,
    description: init.description,
    members: new Set(init.members ?? []),
    subgroups: new Set(init.subgroups ?? []),
    is_system_group: false,
    creator_id: creator,
    date_created: realm.now(),
    deactivated: false,
    can_add_members_group: init.can_add_members_group ?? id,
    can_join_group: init.can_join_group ?? SYSTEM_GROUPS.nobody,
    can_leave_group: init.can_leave_group ?? SYSTEM_GROUPS.everyone,
    can_manage_group: init.can_manage_group ?? {
      direct_members: creator === null ? [] : [creator],
      direct_subgroups: [],
    },
    can_mention_group: init.can_mention_group ?? SYSTEM_GROUPS.everyone,
    can_remove_members_group: init.can_remove_members_group ?? id,
  };
  realm.groups.set(id, group);
  return group;
}

/** The wire form used by POST /register `realm_user_groups` and user_group events. */
export function groupToWire(realm: Realm, group: UserGroup): Record<string, unknown> {
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    members: directMembers(realm, group),
    direct_subgroup_ids: [...group.subgroups].sort((a, b) => a - b),
    is_system_group: group.is_system_group,
    creator_id: group.creator_id,
    date_created: group.date_created,
    deactivated: group.deactivated,
    can_add_members_group: group.can_add_members_group,
    can_join_group: group.can_join_group,
    can_leave_group: group.can_leave_group,
    can_manage_group: group.can_manage_group,
    can_mention_group: group.can_mention_group,
    can_remove_members_group: group.can_remove_members_group,
  };
}

/** A group setting's change in an update request (spec 4.2): `new`, and optionally the expected `old`. */
export interface GroupSettingUpdate {
  new: GroupSettingValue;
  old?: GroupSettingValue;
}

/**
 * The server's canonical form: a collection with no direct members and exactly one subgroup is that
 * group's id.
 */
export function canonicalGroupSetting(value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 1)
    return value.direct_subgroups[0]!;
  return value;
}

/** Validate a `{new, old}` object from a request. */
export function checkGroupSettingUpdate(realm: Realm, value: unknown, name: string): GroupSettingUpdate {
  if (!value || typeof value !== 'object' || Array.isArray(value) || !('new' in value))
    throw badRequest(`${name} is not a valid group-setting update`);
  const v = value as Record<string, unknown>;
  const out: GroupSettingUpdate = { new: canonicalGroupSetting(checkGroupSettingValue(realm, v.new, name)) };
  if (v.old !== undefined) out.old = canonicalGroupSetting(checkGroupSettingValue(realm, v.old, name));
  return out;
}

/** Refuse `old` when it is not the current value (a concurrent change happened). */
export function checkExpectedGroupSetting(update: GroupSettingUpdate, current: GroupSettingValue): void {
  if (update.old !== undefined && !groupSettingsEqual(update.old, canonicalGroupSetting(current)))
    throw badRequest("'old' value does not match the expected value.");
}

/** Refuse the listed system groups as a setting's value (as the id, or as a collection's subgroup). */
export function forbidSystemGroups(
  realm: Realm,
  value: GroupSettingValue,
  setting: string,
  forbidden: readonly SystemGroupName[],
): void {
  const ids = typeof value === 'number' ? [value] : value.direct_subgroups;
  for (const name of forbidden) {
    if (ids.includes(SYSTEM_GROUPS[name]))
      throw badRequest(`'${setting}' setting cannot be set to 'role:${name}' group.`);
  }
  void realm;
}

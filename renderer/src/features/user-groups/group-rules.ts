import type { EndpointParams } from '../../../../shared/api';
import type { GroupSettingValue, UserGroup } from '../../api/model';

/** The six group-setting permissions of spec 4.14, in the user's words. */
export const GROUP_PERMISSIONS = [
  ['can_manage_group', 'Who can manage this group'],
  ['can_mention_group', 'Who can mention this group'],
  ['can_add_members_group', 'Who can add members'],
  ['can_remove_members_group', 'Who can remove members'],
  ['can_join_group', 'Who can join this group'],
  ['can_leave_group', 'Who can leave this group'],
] as const;
export type GroupPermission = (typeof GROUP_PERMISSIONS)[number][0];

/** Spec 4.14: system groups a permission must not be set to. */
export const FORBIDDEN_SYSTEM_GROUPS: Partial<Record<GroupPermission, readonly string[]>> = {
  can_manage_group: ['role:internet', 'role:everyone'],
  can_mention_group: ['role:internet', 'role:owners'],
};

export const INTERNET_NOTE =
  '“Everyone on the internet” can never hold a group permission (people need an account to use one).';

export const RESTRICTION_NOTES: Partial<Record<GroupPermission, string>> = {
  can_manage_group:
    '“Everyone on the internet” and “Everyone, including guests” cannot manage a group, so they are not offered.',
  can_mention_group: '“Everyone on the internet” and “Owners” cannot be chosen for mentioning a group.',
};

/**
 * The groups a permission may name: active groups, without the system groups the spec forbids for
 * it, and never `role:internet` (the server refuses it for every group permission).
 */
export function allowedGroups(groups: readonly UserGroup[], permission: GroupPermission): UserGroup[] {
  // The server never lets "everyone on the internet" hold a group permission.
  const forbidden = ['role:internet', ...(FORBIDDEN_SYSTEM_GROUPS[permission] ?? [])];
  return groups.filter((g) => !g.deactivated && !(g.is_system_group && forbidden.includes(g.name)));
}

export interface NewGroupForm {
  name: string;
  description: string;
  members: number[];
  subgroups: number[];
  /** Unset permissions are left to the server's defaults. */
  permissions: Partial<Record<GroupPermission, GroupSettingValue>>;
}

export const emptyGroupForm: NewGroupForm = {
  name: '',
  description: '',
  members: [],
  subgroups: [],
  permissions: {},
};

/** Problems to fix before sending; the server still has the last word (e.g. "Invalid user ID: 42"). */
export function groupFormProblems(
  form: NewGroupForm,
  groups: readonly UserGroup[],
  knownUserIds: ReadonlySet<number>,
): string[] {
  const problems: string[] = [];
  if (!form.name.trim()) problems.push('Give the group a name.');
  const unknown = form.members.filter((id) => !knownUserIds.has(id));
  if (unknown.length) problems.push(`Unknown user ID: ${unknown.join(', ')}`);
  const byId = new Map(groups.map((g) => [g.id, g]));
  for (const [permission, label] of GROUP_PERMISSIONS) {
    const value = form.permissions[permission];
    if (typeof value !== 'number') continue;
    const group = byId.get(value);
    if (group?.is_system_group && FORBIDDEN_SYSTEM_GROUPS[permission]?.includes(group.name))
      problems.push(`${label}: this system group is not allowed.`);
  }
  return problems;
}

/** The POST /user_groups/create body (spec 4.14). */
export function createGroupParams(form: NewGroupForm): EndpointParams<'createUserGroup'> {
  const params: EndpointParams<'createUserGroup'> = {
    name: form.name.trim(),
    description: form.description,
    members: form.members,
  };
  if (form.subgroups.length) params.subgroups = form.subgroups;
  for (const [permission] of GROUP_PERMISSIONS) {
    const value = form.permissions[permission];
    if (value !== undefined) params[permission] = value;
  }
  return params;
}

import type { GroupSettingValue, InitialState, UserGroup } from '../api/model';
import { useInitialState } from './session';

/**
 * The groups by id, kept for the list they were built from (events replace the list, never change
 * it): asked once per channel or group (which of 2,000 channels one may invite to), a map of every
 * group built per question made the answer grow with channels times groups.
 */
const groupIndexes = new WeakMap<readonly UserGroup[], Map<number, UserGroup>>();
function groupsById(groups: readonly UserGroup[]): Map<number, UserGroup> {
  let byId = groupIndexes.get(groups);
  if (!byId) {
    byId = new Map(groups.map((g) => [g.id, g]));
    groupIndexes.set(groups, byId);
  }
  return byId;
}

/** Whether a user holds a group-setting value (spec 2.1): a group id, or direct members and subgroups. */
export function userInGroupSetting(
  setting: GroupSettingValue | undefined,
  userId: number,
  groups: readonly UserGroup[],
): boolean {
  if (setting === undefined) return false;
  const byId = groupsById(groups);
  const seen = new Set<number>();
  const inGroup = (id: number): boolean => {
    if (seen.has(id)) return false;
    seen.add(id);
    const group = byId.get(id);
    if (!group) return false;
    return (group.members ?? []).includes(userId) || (group.direct_subgroup_ids ?? []).some(inGroup);
  };
  if (typeof setting === 'number') return inGroup(setting);
  return setting.direct_members.includes(userId) || setting.direct_subgroups.some(inGroup);
}

/** The organization's permissions given as group settings, under their register names. */
export type RealmPermission =
  | 'realm_can_invite_users_group'
  | 'realm_can_create_groups'
  | 'realm_can_create_public_channel_group'
  | 'realm_can_create_private_channel_group'
  | 'realm_can_mention_many_users_group';

/**
 * Whether the signed-in person holds one of the organization's permissions, kept current by
 * `realm` events. A server that does not send the setting (older than it) leaves it to `fallback`.
 */
export function useRealmPermission(permission: RealmPermission, fallback: boolean): boolean {
  return (
    useInitialState((s: InitialState) => {
      const setting = s[permission];
      if (setting === undefined || s.user_id === undefined) return fallback;
      return userInGroupSetting(setting, s.user_id, s.realm_user_groups ?? []);
    }) ?? fallback
  );
}

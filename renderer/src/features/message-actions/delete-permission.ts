import type { RegisterResponse } from '../../../../shared/api/register';
import { Role } from '../../../../shared/api/plain-values';
import type { Message } from '../../api/model';
import { userInGroupSetting } from '../../app/permissions';
import { holdsRolePolicy } from '../../app/role-policy';

type DeleteRules = Pick<
  RegisterResponse,
  | 'user_id'
  | 'role'
  | 'realm_users'
  | 'realm_user_groups'
  | 'realm_can_delete_any_message_group'
  | 'realm_can_delete_own_message_group'
  | 'realm_delete_own_message_policy'
  | 'realm_waiting_period_threshold'
  | 'realm_message_content_delete_limit_seconds'
>;

/**
 * Whether the person may delete `message`, by the organization's rules as the real service holds
 * them: anyone in `realm_can_delete_any_message_group` deletes any message; a sender in
 * `realm_can_delete_own_message_group` deletes their own while
 * `realm_message_content_delete_limit_seconds` (null or absent: none) has not passed. The server
 * decides in the end; this only keeps the menu from offering what it would refuse.
 *
 * Servers before those group settings (feature levels 281 and 291) send neither: there
 * administrators delete any message, and `realm_delete_own_message_policy` says who deletes their
 * own (absent as well: left to the server).
 */
export function mayDeleteMessage(
  state: DeleteRules,
  message: Pick<Message, 'sender_id' | 'timestamp'>,
  nowSeconds: number,
): boolean {
  const self = state.user_id;
  if (self === undefined) return false;
  const groups = state.realm_user_groups ?? [];
  const me = state.realm_users?.find((u) => u.user_id === self);
  const role = state.role ?? me?.role ?? Role.member;
  const anyGroup = state.realm_can_delete_any_message_group;
  if (anyGroup === undefined ? role <= Role.administrator : userInGroupSetting(anyGroup, self, groups))
    return true;
  if (message.sender_id !== self) return false;
  if (!mayDeleteOwn(state, role, me?.date_joined, nowSeconds)) return false;
  const limit = state.realm_message_content_delete_limit_seconds;
  return limit === null || limit === undefined || nowSeconds - message.timestamp <= limit;
}

function mayDeleteOwn(
  state: DeleteRules,
  role: number,
  dateJoined: string | undefined,
  nowSeconds: number,
): boolean {
  const self = state.user_id as number;
  const ownGroup = state.realm_can_delete_own_message_group;
  if (ownGroup !== undefined) return userInGroupSetting(ownGroup, self, state.realm_user_groups ?? []);
  const policy = state.realm_delete_own_message_policy;
  if (policy === undefined) return true;
  const joined = dateJoined === undefined ? NaN : Date.parse(dateJoined) / 1000;
  return holdsRolePolicy(
    policy,
    { role, ...(Number.isFinite(joined) ? { joinedAtSeconds: joined } : {}) },
    state.realm_waiting_period_threshold ?? 0,
    nowSeconds,
  );
}

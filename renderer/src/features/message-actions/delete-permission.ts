import type { RegisterResponse } from '../../../../shared/api/register';
import type { Message } from '../../api/model';
import { userInGroupSetting } from '../../app/permissions';

/**
 * Whether the person may delete `message`, by the organization's rules as the real service holds
 * them: anyone in `realm_can_delete_any_message_group` deletes any message; a sender in
 * `realm_can_delete_own_message_group` deletes their own while
 * `realm_message_content_delete_limit_seconds` (null or absent: none) has not passed. The server
 * decides in the end; this only keeps the menu from offering what it would refuse.
 */
export function mayDeleteMessage(
  state: Pick<
    RegisterResponse,
    | 'user_id'
    | 'realm_user_groups'
    | 'realm_can_delete_any_message_group'
    | 'realm_can_delete_own_message_group'
    | 'realm_message_content_delete_limit_seconds'
  >,
  message: Pick<Message, 'sender_id' | 'timestamp'>,
  nowSeconds: number,
): boolean {
  const self = state.user_id;
  if (self === undefined) return false;
  const groups = state.realm_user_groups ?? [];
  if (userInGroupSetting(state.realm_can_delete_any_message_group, self, groups)) return true;
  if (message.sender_id !== self) return false;
  if (!userInGroupSetting(state.realm_can_delete_own_message_group, self, groups)) return false;
  const limit = state.realm_message_content_delete_limit_seconds;
  return limit === null || limit === undefined || nowSeconds - message.timestamp <= limit;
}

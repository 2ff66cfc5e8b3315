import { badRequest } from '../http/errors';
import type { Realm } from './realm';
import type { Message } from './messages';
import { accessibleUserIds, type User } from './users';
import { updateFlags } from './flag-updates';
import { flagState } from './message-flags';
import { isMutedBy, mutedUsersToWire } from './muted-users';

/**
 * The user to mute or unmute, as the real service finds it: any user of the organization (bots,
 * the internal notification bot and deactivated users included) that `actor` may access.
 */
function muteTarget(realm: Realm, actor: User, userId: number): User {
  const target = realm.users.get(userId);
  if (!target) throw badRequest('No such user');
  if (!target.is_system_bot && !accessibleUserIds(realm, actor).has(target.user_id))
    throw badRequest('Insufficient permission');
  return target;
}

function publishMutedUsers(realm: Realm, actor: User): void {
  realm.events.publish([actor.user_id], {
    type: 'muted_users',
    muted_users: mutedUsersToWire(realm, actor.user_id),
  });
}

/**
 * POST /users/me/muted_users/{muted_user_id}: as the real service, the muted user's messages the
 * actor has unread become read (an `update_message_flags` event), and their new ones arrive read.
 */
export function muteUser(realm: Realm, actor: User, userId: number): void {
  if (userId === actor.user_id) throw badRequest('Cannot mute self');
  const target = muteTarget(realm, actor, userId);
  if (isMutedBy(realm, actor.user_id, target.user_id)) throw badRequest('User already muted');
  let mutes = realm.mutedUsers.get(actor.user_id);
  if (!mutes) realm.mutedUsers.set(actor.user_id, (mutes = new Map()));
  mutes.set(target.user_id, realm.now());
  const theirUnread = [...flagState(realm, actor.user_id).unread]
    .map((id) => realm.messagesById.get(id))
    .filter((m): m is Message => m?.sender_id === target.user_id)
    .sort((a, b) => a.id - b.id);
  updateFlags(realm, actor, theirUnread, 'add', 'read');
  publishMutedUsers(realm, actor);
}

/** DELETE /users/me/muted_users/{muted_user_id}: messages marked read stay read. */
export function unmuteUser(realm: Realm, actor: User, userId: number): void {
  const target = muteTarget(realm, actor, userId);
  if (!isMutedBy(realm, actor.user_id, target.user_id)) throw badRequest('User is not muted');
  realm.mutedUsers.get(actor.user_id)!.delete(target.user_id);
  publishMutedUsers(realm, actor);
}

import { ApiError } from '../http/errors';
import type { Realm } from './realm';
import { isAdmin, isOwner, ROLE } from './roles';
import { adminRequired, type User } from './users';

/** An invitation (spec 4.10). Expiry is null for invitations that never expire. */
export interface Invite {
  id: number;
  invited_by_user_id: number;
  email: string;
  invited_as: number;
  stream_ids: number[];
  group_ids: number[];
  include_realm_default_subscriptions: boolean;
  notify_referrer_on_join: boolean;
  invited: number;
  expiry_date: number | null;
}

export function createInvite(realm: Realm, init: Omit<Invite, 'id' | 'invited'>): Invite {
  const invite: Invite = { ...init, id: realm.nextId('invite'), invited: realm.now() };
  realm.invites.set(invite.id, invite);
  return invite;
}

export function inviteToWire(i: Invite): Record<string, unknown> {
  return {
    id: i.id,
    invited_by_user_id: i.invited_by_user_id,
    email: i.email,
    invited_as: i.invited_as,
    invited: i.invited,
    expiry_date: i.expiry_date,
    is_multiuse: false,
    notify_referrer_on_join: i.notify_referrer_on_join,
  };
}

/** Who is told that the set of pending invitations changed: administrators and the inviter. */
export function publishInvitesChanged(realm: Realm, inviterId: number): void {
  const ids = [...realm.users.values()].filter((u) => u.is_active && isAdmin(u)).map((u) => u.user_id);
  realm.events.publish(new Set([...ids, inviterId]), { type: 'invites_changed' });
}

export function isPending(realm: Realm, invite: Invite): boolean {
  return invite.expiry_date === null || invite.expiry_date > realm.now();
}

/**
 * The invitation `actor` may act on (revoke, resend): their own, or as an administrator anyone's,
 * and only an owner one that makes an owner. A missing or revoked one is "No such invitation".
 */
function manageableInvite(realm: Realm, actor: User, inviteId: number): Invite {
  const invite = realm.invites.get(inviteId);
  if (!invite) throw new ApiError('No such invitation', 'BAD_REQUEST', 400);
  if (invite.invited_by_user_id !== actor.user_id) {
    if (invite.invited_as === ROLE.owner && !isOwner(actor))
      throw new ApiError('Must be an organization owner', 'BAD_REQUEST', 400);
    if (!isAdmin(actor)) throw adminRequired();
  }
  return invite;
}

export function revokeInvite(realm: Realm, actor: User, inviteId: number): void {
  const invite = manageableInvite(realm, actor, inviteId);
  realm.invites.delete(invite.id);
  publishInvitesChanged(realm, invite.invited_by_user_id);
}

/** Sends the invitation again: it is dated now and keeps its expiry, as the real service does. */
export function resendInvite(realm: Realm, actor: User, inviteId: number): Invite {
  const invite = manageableInvite(realm, actor, inviteId);
  if (!isPending(realm, invite)) throw new ApiError('No such invitation', 'BAD_REQUEST', 400);
  invite.invited = realm.now();
  publishInvitesChanged(realm, invite.invited_by_user_id);
  return invite;
}

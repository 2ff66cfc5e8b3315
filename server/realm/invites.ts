import { ApiError, badRequest } from '../http/errors';
import { canAccessMetadata, canAddSubscribers } from './channels';
import { userInGroupSetting } from './groups';
import type { Realm } from './realm';
import { isAdmin, isOwner, isStrongerRole, ROLE } from './roles';
import { adminRequired, getUserByEmail, isEmailAddress, type User } from './users';

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
function publishInvitesChanged(realm: Realm, inviterId: number): void {
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

/** Invitations one user may send per day before INVITATION_FAILED with `daily_limit_reached`. */
export const DAILY_INVITE_LIMIT = 100;
const ROLES: readonly number[] = Object.values(ROLE);

/** POST /invites, its parameters parsed (`emails` without duplicates). */
export interface InviteRequest {
  emails: string[];
  /** Undefined: the server's default validity; null: never expires. */
  expiresInMinutes: number | null | undefined;
  inviteAs: number;
  streamIds: number[];
  groupIds: number[];
  includeRealmDefaultSubscriptions: boolean;
  notifyReferrerOnJoin: boolean;
}

type InviteeError = [email: string, message: string, deactivated: boolean];

function invitationFailed(
  msg: string,
  errors: InviteeError[],
  extra: { sent_invitations: boolean; daily_limit_reached?: boolean },
): ApiError {
  return new ApiError(msg, 'INVITATION_FAILED', 400, {
    errors,
    sent_invitations: extra.sent_invitations,
    daily_limit_reached: extra.daily_limit_reached ?? false,
    license_limit_reached: false,
  });
}

function canAddToGroup(realm: Realm, user: User, groupId: number): boolean {
  const g = realm.groups.get(groupId)!;
  if (g.is_system_group) return false;
  return (
    isAdmin(user) ||
    userInGroupSetting(realm, user, realm.settings.can_manage_all_groups) ||
    userInGroupSetting(realm, user, g.can_manage_group) ||
    userInGroupSetting(realm, user, g.can_add_members_group)
  );
}

/** May `actor` send this invitation at all: the role, the channels and the groups it names. */
function authorizeInvite(realm: Realm, actor: User, req: InviteRequest): void {
  if (!userInGroupSetting(realm, actor, realm.settings.can_invite_users_group))
    throw badRequest('Insufficient permission');
  if (!ROLES.includes(req.inviteAs)) throw badRequest('Invalid invite_as');
  // A user can only invite to roles equal to or stricter than their own.
  if (isStrongerRole(req.inviteAs, actor.role)) throw badRequest('Insufficient permission');
  if (req.emails.length === 0) throw badRequest('You must specify at least one email address.');
  if (req.streamIds.length > 0 && !userInGroupSetting(realm, actor, realm.settings.can_add_subscribers_group))
    throw badRequest('You do not have permission to subscribe other users to channels.');
  for (const id of req.streamIds) {
    const c = realm.channels.get(id);
    if (!c || !canAccessMetadata(realm, actor, c))
      throw badRequest(`Invalid channel ID ${id}. No invites were sent.`);
    if (!c.is_default && !canAddSubscribers(realm, actor, c))
      throw badRequest('You do not have permission to subscribe other users to channels.');
  }
  for (const id of req.groupIds) {
    if (!realm.groups.has(id)) throw badRequest(`Invalid user group ID: ${id}`);
    if (!canAddToGroup(realm, actor, id)) throw badRequest('Insufficient permission');
  }
}

/** Which addresses can be invited; a malformed one stops the whole request, existing accounts only themselves. */
function sortInvitees(realm: Realm, emails: readonly string[]): { valid: string[]; errors: InviteeError[] } {
  const errors: InviteeError[] = [];
  const valid: string[] = [];
  let malformed = false;
  for (const email of emails) {
    if (!isEmailAddress(email)) {
      errors.push([email, 'Invalid address.', false]);
      malformed = true;
      continue;
    }
    const existing = getUserByEmail(realm, email);
    if (existing && !existing.is_system_bot) {
      errors.push(
        existing.is_active
          ? [email, 'Already has an account.', false]
          : [email, 'Account has been deactivated.', true],
      );
      continue;
    }
    valid.push(email);
  }
  if (malformed)
    throw invitationFailed("Some emails did not validate, so we didn't send any invitations.", errors, {
      sent_invitations: false,
    });
  if (valid.length === 0)
    throw invitationFailed("We weren't able to invite anyone.", errors, { sent_invitations: false });
  return { valid, errors };
}

function checkDailyLimit(realm: Realm, actor: User, count: number, errors: InviteeError[]): void {
  const since = realm.now() - 86400;
  const sentToday = [...realm.invites.values()].filter(
    (i) => i.invited_by_user_id === actor.user_id && i.invited >= since,
  ).length;
  if (sentToday + count > DAILY_INVITE_LIMIT)
    throw invitationFailed(
      'To protect users, the number of invitations you can send in one day is limited. No invitations were sent.',
      errors,
      { sent_invitations: false, daily_limit_reached: true },
    );
}

/**
 * POST /invites: invites every address that can be; addresses with accounts are reported in an
 * INVITATION_FAILED error that says the others were invited.
 */
export function sendInvites(realm: Realm, actor: User, req: InviteRequest): void {
  authorizeInvite(realm, actor, req);
  const { valid, errors } = sortInvitees(realm, req.emails);
  checkDailyLimit(realm, actor, valid.length, errors);
  const minutes =
    req.expiresInMinutes === undefined ? realm.server.invitationLinkValidityMinutes : req.expiresInMinutes;
  for (const email of valid) {
    createInvite(realm, {
      invited_by_user_id: actor.user_id,
      email,
      invited_as: req.inviteAs,
      stream_ids: [...req.streamIds],
      group_ids: [...req.groupIds],
      include_realm_default_subscriptions: req.includeRealmDefaultSubscriptions,
      notify_referrer_on_join: req.notifyReferrerOnJoin,
      expiry_date: minutes === null ? null : realm.now() + minutes * 60,
    });
  }
  publishInvitesChanged(realm, actor.user_id);
  if (errors.length > 0)
    throw invitationFailed(
      "Some of those addresses are already using the service, so we didn't send them an invitation. We did send invitations to everyone else!",
      errors,
      { sent_invitations: true },
    );
}

/** GET /invites: pending invitations, all of them for administrators, otherwise one's own. */
export function visibleInvites(realm: Realm, user: User): Invite[] {
  return [...realm.invites.values()]
    .filter((i) => isAdmin(user) || i.invited_by_user_id === user.user_id)
    .filter((i) => isPending(realm, i));
}

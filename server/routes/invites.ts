import { ApiError, badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import type { Realm } from '../realm/realm';
import { canAccessMetadata, canAddSubscribers } from '../realm/channels';
import { userInGroupSetting } from '../realm/groups';
import {
  createInvite,
  inviteToWire,
  isPending,
  publishInvitesChanged,
  resendInvite,
  revokeInvite,
} from '../realm/invites';
import { isAdmin, isStrongerRole, ROLE } from '../realm/roles';
import { getUserByEmail, type User } from '../realm/users';

/** Invitations one user may send per day before INVITATION_FAILED with `daily_limit_reached`. */
export const DAILY_INVITE_LIMIT = 100;
const ROLES: readonly number[] = Object.values(ROLE);
const EMAIL_RE = /^[^\s@,<>]+@[^\s@,<>]+\.[^\s@,<>]+$/;

/** `invitee_emails`: addresses separated by commas or newlines; `Name <address>` is accepted too. */
function parseEmails(raw: string): string[] {
  const out: string[] = [];
  for (const part of raw.split(/[,\n]/)) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const bracketed = /<([^>]*)>\s*$/.exec(trimmed);
    const email = (bracketed ? bracketed[1]! : trimmed).trim();
    if (!out.some((e) => e.toLowerCase() === email.toLowerCase())) out.push(email);
  }
  return out;
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

function invitationFailed(
  msg: string,
  errors: [string, string, boolean][],
  extra: { sent_invitations: boolean; daily_limit_reached?: boolean },
): ApiError {
  return new ApiError(msg, 'INVITATION_FAILED', 400, {
    errors,
    sent_invitations: extra.sent_invitations,
    daily_limit_reached: extra.daily_limit_reached ?? false,
    license_limit_reached: false,
  });
}

export const inviteRoutes = [
  route({
    method: 'POST',
    path: '/invites',
    params: {
      invitee_emails: p.string().required(),
      invite_expires_in_minutes: p.json((v, name) => {
        if (v === null) return null;
        if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
        throw badRequest(`Invalid ${name}`);
      }),
      invite_as: p.int().default(ROLE.member),
      stream_ids: p.intList().required(),
      group_ids: p.intList().default([]),
      include_realm_default_subscriptions: p.bool().default(false),
      notify_referrer_on_join: p.bool().default(true),
    },
    handler: ({ realm, user }, params) => {
      if (!userInGroupSetting(realm, user, realm.settings.can_invite_users_group))
        throw badRequest('Insufficient permission');
      if (!ROLES.includes(params.invite_as)) throw badRequest('Invalid invite_as');
      // A user can only invite to roles equal to or stricter than their own.
      if (isStrongerRole(params.invite_as, user.role)) throw badRequest('Insufficient permission');
      const emails = parseEmails(params.invitee_emails);
      if (emails.length === 0) throw badRequest('You must specify at least one email address.');
      if (
        params.stream_ids.length > 0 &&
        !userInGroupSetting(realm, user, realm.settings.can_add_subscribers_group)
      )
        throw badRequest('You do not have permission to subscribe other users to channels.');
      for (const id of params.stream_ids) {
        const c = realm.channels.get(id);
        if (!c || !canAccessMetadata(realm, user, c))
          throw badRequest(`Invalid channel ID ${id}. No invites were sent.`);
        if (!c.is_default && !canAddSubscribers(realm, user, c))
          throw badRequest('You do not have permission to subscribe other users to channels.');
      }
      for (const id of params.group_ids) {
        if (!realm.groups.has(id)) throw badRequest(`Invalid user group ID: ${id}`);
        if (!canAddToGroup(realm, user, id)) throw badRequest('Insufficient permission');
      }

      const errors: [string, string, boolean][] = [];
      const valid: string[] = [];
      let malformed = false;
      for (const email of emails) {
        if (!EMAIL_RE.test(email)) {
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
      const since = realm.now() - 86400;
      const sentToday = [...realm.invites.values()].filter(
        (i) => i.invited_by_user_id === user.user_id && i.invited >= since,
      ).length;
      if (sentToday + valid.length > DAILY_INVITE_LIMIT)
        throw invitationFailed(
          'To protect users, the number of invitations you can send in one day is limited. No invitations were sent.',
          errors,
          { sent_invitations: false, daily_limit_reached: true },
        );

      const minutes =
        params.invite_expires_in_minutes === undefined
          ? realm.server.invitationLinkValidityMinutes
          : params.invite_expires_in_minutes;
      for (const email of valid) {
        createInvite(realm, {
          invited_by_user_id: user.user_id,
          email,
          invited_as: params.invite_as,
          stream_ids: [...params.stream_ids],
          group_ids: [...params.group_ids],
          include_realm_default_subscriptions: params.include_realm_default_subscriptions,
          notify_referrer_on_join: params.notify_referrer_on_join,
          expiry_date: minutes === null ? null : realm.now() + minutes * 60,
        });
      }
      publishInvitesChanged(realm, user.user_id);
      if (errors.length > 0)
        throw invitationFailed(
          "Some of those addresses are already using the service, so we didn't send them an invitation. We did send invitations to everyone else!",
          errors,
          { sent_invitations: true },
        );
      return {};
    },
  }),
  route({
    method: 'GET',
    path: '/invites',
    params: {},
    handler: ({ realm, user }) => {
      return {
        invites: [...realm.invites.values()]
          .filter((i) => isAdmin(user) || i.invited_by_user_id === user.user_id)
          .filter((i) => isPending(realm, i))
          .map(inviteToWire),
      };
    },
  }),
  route({
    method: 'DELETE',
    path: '/invites/:invite_id',
    params: { invite_id: p.int().required() },
    handler: ({ realm, user }, { invite_id }) => {
      revokeInvite(realm, user, invite_id);
      return {};
    },
  }),
  route({
    method: 'POST',
    path: '/invites/:invite_id/resend',
    params: { invite_id: p.int().required() },
    handler: ({ realm, user }, { invite_id }) => {
      resendInvite(realm, user, invite_id);
      return {};
    },
  }),
];

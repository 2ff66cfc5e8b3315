import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import { inviteToWire, resendInvite, revokeInvite, sendInvites, visibleInvites } from '../realm/invites';
import { ROLE } from '../realm/roles';

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
      sendInvites(realm, user, {
        emails: parseEmails(params.invitee_emails),
        expiresInMinutes: params.invite_expires_in_minutes,
        inviteAs: params.invite_as,
        streamIds: params.stream_ids,
        groupIds: params.group_ids,
        includeRealmDefaultSubscriptions: params.include_realm_default_subscriptions,
        notifyReferrerOnJoin: params.notify_referrer_on_join,
      });
      return {};
    },
  }),
  route({
    method: 'GET',
    path: '/invites',
    params: {},
    handler: ({ realm, user }) => ({ invites: visibleInvites(realm, user).map(inviteToWire) }),
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

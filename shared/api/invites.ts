import { z } from 'zod';
import { lazy, type Infer } from './lazy';
import { FeatureLevel } from './compat';
import {
  defineEndpoint,
  emptySuccess,
  successResponse,
  UnsupportedFeatureError,
  type WireContext,
} from './endpoint';
import { invitationSchema, Role } from './resources';

const int = lazy(() => z.number().int());

export const inviteRoleSchema = lazy(() =>
  z.union([
    z.literal(Role.owner),
    z.literal(Role.administrator),
    z.literal(Role.moderator),
    z.literal(Role.member),
    z.literal(Role.guest),
  ]),
);

export const sendInvitesParamsSchema = lazy(() =>
  z.object({
    /** Addresses separated by commas or newlines. */
    invitee_emails: z.string(),
    /** Null: never expires; absent: the server's default (spec 4.10). */
    invite_expires_in_minutes: int().positive().nullable().optional(),
    invite_as: inviteRoleSchema().optional(),
    stream_ids: z.array(int()),
    group_ids: z.array(int()).optional(),
    include_realm_default_subscriptions: z.boolean().optional(),
    notify_referrer_on_join: z.boolean().optional(),
  }),
);
export type SendInvitesParams = Infer<typeof sendInvitesParamsSchema>;

const MINUTES_PER_DAY = 24 * 60;

/**
 * Before level 126 the expiry was whole days (from 96; null = never from 117). Minutes round up,
 * so an invitation never expires sooner than asked. Before 96 the validity was not selectable.
 */
function expiryForWire(minutes: number | null | undefined, ctx: WireContext): Record<string, unknown> {
  const level = ctx.featureLevel;
  if (minutes === undefined) return {};
  if (level >= FeatureLevel.inviteExpiresInMinutes) return { invite_expires_in_minutes: minutes };
  if (minutes === null) {
    if (level < FeatureLevel.inviteNeverExpires)
      throw new UnsupportedFeatureError(
        'sendInvites',
        FeatureLevel.inviteNeverExpires,
        'an invitation that never expires',
      );
    return { invite_expires_in_days: null };
  }
  if (level < FeatureLevel.inviteExpiresInDays) return {};
  return { invite_expires_in_days: Math.max(1, Math.ceil(minutes / MINUTES_PER_DAY)) };
}

/** 4.10 POST /invites. */
export const sendInvites = defineEndpoint({
  name: 'sendInvites',
  method: 'POST',
  path: '/invites',
  params: sendInvitesParamsSchema,
  response: emptySuccess,
  adapt: (params, ctx) => {
    const { invite_expires_in_minutes, ...rest } = params;
    return { ...rest, ...expiryForWire(invite_expires_in_minutes, ctx) };
  },
});

/** GET /invites: the invitations the user may see (administrators: all). */
export const getInvites = defineEndpoint({
  name: 'getInvites',
  method: 'GET',
  path: '/invites',
  params: () => z.object({}),
  response: () => successResponse({ invites: z.array(invitationSchema()) }),
});

/** DELETE /invites/{invite_id}: revoke an email invitation (its sender, or an administrator). */
export const revokeInvite = defineEndpoint({
  name: 'revokeInvite',
  method: 'DELETE',
  path: '/invites/{invite_id}',
  params: () => z.object({ invite_id: int() }),
  response: emptySuccess,
});

/** POST /invites/{invite_id}/resend: send an email invitation's message again. */
export const resendInvite = defineEndpoint({
  name: 'resendInvite',
  method: 'POST',
  path: '/invites/{invite_id}/resend',
  params: () => z.object({ invite_id: int() }),
  response: emptySuccess,
});

/** DELETE /invites/multiuse/{invite_id}: revoke an invitation link (`is_multiuse` in GET /invites). */
export const revokeMultiuseInvite = defineEndpoint({
  name: 'revokeMultiuseInvite',
  method: 'DELETE',
  path: '/invites/multiuse/{invite_id}',
  params: () => z.object({ invite_id: int() }),
  response: emptySuccess,
});

import type { EndpointParams } from '../../../../shared/api';
import { Role, type RoleValue } from '../../../../shared/api/plain-values';
import type { InvitationFailedExtra } from '../../../../shared/errors';

/** Roles of spec 4.10, most powerful first. */
export const ROLE_CHOICES = [
  { value: Role.owner, label: 'Owner' },
  { value: Role.administrator, label: 'Administrator' },
  { value: Role.moderator, label: 'Moderator' },
  { value: Role.member, label: 'Member' },
  { value: Role.guest, label: 'Guest' },
] as const;

/** A user may invite to their own role or a stricter one (a larger number). */
export function allowedInviteRoles(ownRole: number | undefined) {
  const own = ownRole ?? Role.member;
  return ROLE_CHOICES.filter((r) => r.value >= own);
}

export function roleLabel(role: number | undefined): string {
  return (
    ROLE_CHOICES.find((r) => r.value === role)?.label ?? (role === undefined ? 'Member' : `Role ${role}`)
  );
}

/**
 * Addresses separated by commas or newlines (spec 4.10), blanks dropped, each person once: an
 * address typed again in other letter case is the same mailbox (the first spelling is kept).
 */
export function parseEmails(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/[,\n]/)
    .map((e) => e.trim())
    .filter((e) => {
      const key = e.toLowerCase();
      if (!e || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export function looksLikeEmail(address: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(address);
}

/**
 * Expiry choices: the server default (nothing sent), never (null), or minutes; or a custom number
 * of days that is not one (`invalid`: nothing can be sent until it is fixed).
 */
export type Expiry =
  | { kind: 'default' }
  | { kind: 'never' }
  | { kind: 'minutes'; minutes: number }
  | { kind: 'invalid'; problem: string };

/** A custom expiry typed in days: whole or fractional days, more than zero. */
export function customExpiry(daysText: string): Expiry {
  const days = Number(daysText);
  if (!daysText.trim() || !Number.isFinite(days) || days <= 0)
    return { kind: 'invalid', problem: 'Enter how many days the invitation lasts (more than 0).' };
  return { kind: 'minutes', minutes: Math.max(1, Math.round(days * 24 * 60)) };
}

export const EXPIRY_PRESETS: { key: string; label: string; expiry: Expiry }[] = [
  { key: 'default', label: 'Server default', expiry: { kind: 'default' } },
  { key: '30m', label: '30 minutes', expiry: { kind: 'minutes', minutes: 30 } },
  { key: '1d', label: '1 day', expiry: { kind: 'minutes', minutes: 24 * 60 } },
  { key: '10d', label: '10 days', expiry: { kind: 'minutes', minutes: 10 * 24 * 60 } },
  { key: '30d', label: '30 days', expiry: { kind: 'minutes', minutes: 30 * 24 * 60 } },
  { key: 'never', label: 'Never expires', expiry: { kind: 'never' } },
];

export interface InviteForm {
  emails: string;
  role: RoleValue;
  streamIds: number[];
  groupIds: number[];
  includeDefaultChannels: boolean;
  expiry: Expiry;
  notifyReferrer: boolean;
}

export function inviteParams(form: InviteForm): EndpointParams<'sendInvites'> {
  const params: EndpointParams<'sendInvites'> = {
    invitee_emails: parseEmails(form.emails).join(','),
    invite_as: form.role,
    stream_ids: form.streamIds,
    include_realm_default_subscriptions: form.includeDefaultChannels,
    notify_referrer_on_join: form.notifyReferrer,
  };
  if (form.groupIds.length) params.group_ids = form.groupIds;
  if (form.expiry.kind === 'never') params.invite_expires_in_minutes = null;
  else if (form.expiry.kind === 'minutes') params.invite_expires_in_minutes = form.expiry.minutes;
  return params;
}

/** INVITATION_FAILED (spec part 7) in the user's words: who failed and why, and what happened to the rest. */
export function invitationFailureSummary(extra: InvitationFailedExtra): {
  failed: { email: string; reason: string }[];
  outcome: string;
} {
  const failed = extra.errors.map(([email, reason]) => ({ email, reason }));
  let outcome = extra.sent_invitations ? 'The other invitations were sent.' : 'No invitations were sent.';
  if (extra.daily_limit_reached)
    outcome += ' The organization has reached its daily limit of invitations; try again tomorrow.';
  if (extra.license_limit_reached) outcome += ' The organization has no more licences for new users.';
  return { failed, outcome };
}

export function expiryText(
  expiry: number | null | undefined,
  format: (timestamp: number) => string = (t) => new Date(t * 1000).toLocaleString(),
): string {
  if (expiry === null) return 'never expires';
  if (expiry === undefined) return '';
  return `expires ${format(expiry)}`;
}

/**
 * What stays in the address box after a send: nothing when all went out; only the addresses that
 * failed when the others were sent (sending again must not invite anyone twice); everything when
 * nothing was sent, so no typing is lost.
 */
export function addressesToKeep(text: string, failure: InvitationFailedExtra | null): string {
  if (!failure) return '';
  if (!failure.sent_invitations) return text;
  const failed = new Set(failure.errors.map(([email]) => email.toLowerCase()));
  return parseEmails(text)
    .filter((email) => failed.has(email.toLowerCase()))
    .join('\n');
}

/** The addresses of `asked` that are not in `done`, whatever their letter case. */
export function addressesNotIn(asked: readonly string[], done: readonly string[]): string[] {
  const doneKeys = new Set(done.map((email) => email.toLowerCase()));
  return asked.filter((email) => !doneKeys.has(email.toLowerCase()));
}

import type { Realm } from './realm';

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

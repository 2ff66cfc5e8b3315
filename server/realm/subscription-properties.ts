import { badRequest } from '../http/errors';
import type { Channel } from './channels';
import type { Realm } from './realm';
import { subscriptionOf, type Subscription } from './subscriptions';
import type { User } from './users';

/** A user's own settings for channels they are subscribed to (POST /users/me/subscriptions/properties). */

const SUBSCRIPTION_PROPERTIES: Record<string, 'bool' | 'color' | 'nullableBool'> = {
  color: 'color',
  is_muted: 'bool',
  in_home_view: 'bool',
  pin_to_top: 'bool',
  desktop_notifications: 'nullableBool',
  email_notifications: 'nullableBool',
  wildcard_mentions_notify: 'nullableBool',
  push_notifications: 'nullableBool',
  audible_notifications: 'nullableBool',
};

export interface SubscriptionPropertyChange {
  stream_id: number;
  property: string;
  value: unknown;
}

interface CheckedChange {
  sub: Subscription;
  channel: Channel;
  property: string;
  value: unknown;
}

function checkChange(realm: Realm, user: User, change: SubscriptionPropertyChange): CheckedChange {
  const { stream_id, property, value } = change;
  const channel = realm.channels.get(stream_id);
  const sub = channel ? subscriptionOf(channel, user.user_id) : undefined;
  if (!channel || !sub?.active) throw badRequest(`Not subscribed to channel ID ${stream_id}`);
  const kind = SUBSCRIPTION_PROPERTIES[property];
  if (!kind) throw badRequest(`Unknown subscription property: ${property}`);
  if (kind === 'color' && (typeof value !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(value)))
    throw badRequest(`${property} is not a valid hex color code`);
  if (kind === 'bool' && typeof value !== 'boolean') throw badRequest(`${property} is not a boolean`);
  if (kind === 'nullableBool' && typeof value !== 'boolean' && value !== null)
    throw badRequest(`${property} is not a boolean`);
  return { sub, channel, property, value };
}

/**
 * All changes are checked before any is applied. `is_muted` and its deprecated inverse `in_home_view`
 * are one setting: changing either tells the user's clients of both.
 */
export function updateSubscriptionProperties(
  realm: Realm,
  user: User,
  changes: readonly SubscriptionPropertyChange[],
): void {
  const checked = changes.map((change) => checkChange(realm, user, change));
  for (const { sub, channel, property, value } of checked) {
    const publish = (prop: string, v: unknown) =>
      realm.events.publish([user.user_id], {
        type: 'subscription',
        op: 'update',
        stream_id: channel.stream_id,
        property: prop,
        value: v,
      });
    if (property === 'in_home_view' || property === 'is_muted') {
      sub.is_muted = property === 'is_muted' ? (value as boolean) : !(value as boolean);
      publish('is_muted', sub.is_muted);
      publish('in_home_view', !sub.is_muted);
    } else {
      (sub as unknown as Record<string, unknown>)[property] = value;
      publish(property, value);
    }
  }
}

import type { Channel } from './channels';
import type { Realm } from './realm';

/** A user's subscription to a channel and its personal properties (part 6 `subscriptions` items). */
export interface Subscription {
  user_id: number;
  active: boolean;
  color: string;
  is_muted: boolean;
  pin_to_top: boolean;
  desktop_notifications: boolean | null;
  email_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
  push_notifications: boolean | null;
  audible_notifications: boolean | null;
  /**
   * For channels with protected history: the first message id this user may read (messages sent
   * after they subscribed).
   */
  first_accessible_message_id: number;
}

const COLORS = ['#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd', '#addfe5'];

export function subscriptionOf(channel: Channel, userId: number): Subscription | undefined {
  return channel.subscriptions.get(userId);
}

export function isSubscribed(channel: Channel, userId: number): boolean {
  return channel.subscriptions.get(userId)?.active === true;
}

export function activeSubscriberIds(channel: Channel): number[] {
  return [...channel.subscriptions.values()]
    .filter((s) => s.active)
    .map((s) => s.user_id)
    .sort((a, b) => a - b);
}

export function subscribe(realm: Realm, channel: Channel, userId: number): Subscription {
  const existing = channel.subscriptions.get(userId);
  const nextMessageId = (realm.messages.at(-1)?.id ?? 0) + 1;
  if (existing) {
    if (!existing.active) {
      existing.active = true;
      existing.first_accessible_message_id = Math.min(existing.first_accessible_message_id, nextMessageId);
    }
    return existing;
  }
  const sub: Subscription = {
    user_id: userId,
    active: true,
    color: COLORS[(channel.stream_id + userId) % COLORS.length]!,
    is_muted: false,
    pin_to_top: false,
    desktop_notifications: null,
    email_notifications: null,
    wildcard_mentions_notify: null,
    push_notifications: null,
    audible_notifications: null,
    first_accessible_message_id: nextMessageId,
  };
  channel.subscriptions.set(userId, sub);
  return sub;
}

export function unsubscribe(channel: Channel, userId: number): boolean {
  const sub = channel.subscriptions.get(userId);
  if (!sub?.active) return false;
  sub.active = false;
  return true;
}

export function subscriptionProperties(sub: Subscription): Record<string, unknown> {
  return {
    color: sub.color,
    is_muted: sub.is_muted,
    in_home_view: !sub.is_muted,
    pin_to_top: sub.pin_to_top,
    desktop_notifications: sub.desktop_notifications,
    email_notifications: sub.email_notifications,
    wildcard_mentions_notify: sub.wildcard_mentions_notify,
    push_notifications: sub.push_notifications,
    audible_notifications: sub.audible_notifications,
  };
}

import { renderMarkdown } from '../render/markdown';
import { firstMessageId, streamPostPolicy, weeklyTraffic, type Channel } from './channels';
import type { Realm } from './realm';
import { activeSubscriberIds, subscriptionProperties, type Subscription } from './subscriptions';

/*
 * The wire forms of channels and subscriptions, kept out of channels.ts and subscriptions.ts: they
 * render the description, and the renderer looks channels up by name (channel links), so the
 * channel rules themselves must not import the renderer.
 */

const descriptions = new WeakMap<Channel, { text: string; epoch: number; html: string }>();

/**
 * The description's HTML, rendered when the description is set (or first read) and kept, as the
 * real service stores it: linkifiers, emoji or names changed later do not change it.
 */
export function renderedDescription(realm: Realm, channel: Channel): string {
  const kept = descriptions.get(channel);
  if (kept && kept.text === channel.description && kept.epoch === realm.renderEpoch) return kept.html;
  const html = renderMarkdown(realm, channel.description).html;
  descriptions.set(channel, { text: channel.description, epoch: realm.renderEpoch, html });
  return html;
}

/** Channel object (2.2). */
export function channelToWire(
  realm: Realm,
  channel: Channel,
  opts: { includeDefault?: boolean } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    stream_id: channel.stream_id,
    name: channel.name,
    is_archived: channel.is_archived,
    description: channel.description,
    rendered_description: renderedDescription(realm, channel),
    date_created: channel.date_created,
    creator_id: channel.creator_id,
    invite_only: channel.invite_only,
    is_web_public: channel.is_web_public,
    stream_post_policy: streamPostPolicy(channel),
    is_announcement_only: streamPostPolicy(channel) === 2,
    message_retention_days: channel.message_retention_days,
    history_public_to_subscribers: channel.history_public_to_subscribers,
    first_message_id: firstMessageId(realm, channel),
    is_recently_active: channel.is_recently_active,
    can_add_subscribers_group: channel.can_add_subscribers_group,
    can_remove_subscribers_group: channel.can_remove_subscribers_group,
    can_administer_channel_group: channel.can_administer_channel_group,
    can_send_message_group: channel.can_send_message_group,
    can_subscribe_group: channel.can_subscribe_group,
    can_move_messages_out_of_channel_group: channel.can_move_messages_out_of_channel_group,
    can_move_messages_within_channel_group: channel.can_move_messages_within_channel_group,
    stream_weekly_traffic: weeklyTraffic(realm, channel),
    // Levels 389, 392 and 394: channel folders (none here), the channel's own empty-topic policy
    // (this server keeps the organization's), and the subscriber count.
    folder_id: null,
    topics_policy: 'inherit',
    subscriber_count: activeSubscriberIds(channel).length,
  };
  if (opts.includeDefault) out.is_default = channel.is_default;
  return out;
}

/** An item of `subscriptions` (POST /register, GET /users/me/subscriptions, subscription events). */
export function subscriptionToWire(
  realm: Realm,
  channel: Channel,
  sub: Subscription,
  includeSubscribers: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...channelToWire(realm, channel), ...subscriptionProperties(sub) };
  if (includeSubscribers) out.subscribers = activeSubscriberIds(channel);
  return out;
}

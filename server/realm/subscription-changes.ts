import { badRequest } from '../http/errors';
import {
  CHANNEL_GROUP_SETTINGS,
  canAccessMetadata,
  canAddSubscribers,
  canRemoveSubscribers,
  canSubscribeSelf,
  channelByName,
  checkChannelDescription,
  checkChannelName,
  createChannel,
  metadataViewerIds,
  type Channel,
  type ChannelGroupSetting,
} from './channels';
import {
  canonicalGroupSetting,
  checkGroupSettingValue,
  forbidSystemGroups,
  userInGroupSetting,
  type GroupSettingValue,
} from './groups';
import { sendChannelMessage, sendDirectMessage } from './message-send';
import type { Realm } from './realm';
import { channelToWire, subscriptionToWire } from './channel-wire';
import { isSubscribed, subscribe, subscriptionOf, unsubscribe } from './subscriptions';
import { isAdmin } from './roles';
import { adminRequired, getUserByEmail, type User } from './users';

/**
 * Who is subscribed to what: joining, leaving, adding and removing others, and creating the
 * channels a subscription request names (POST and DELETE /users/me/subscriptions), with their
 * permission rules and events. Routes parse; this decides.
 */

/** Above this many people subscribed by someone else, nobody gets the notification bot's message. */
export const MAX_BULK_NEW_SUBSCRIPTION_MESSAGES = 100;

/** `principals` name users by ID or by email; none means the acting user. */
export function resolvePrincipals(
  realm: Realm,
  me: User,
  principals: (number | string)[] | undefined,
): User[] {
  if (principals === undefined) return [me];
  return principals.map((pr) => {
    const u = typeof pr === 'number' ? realm.users.get(pr) : getUserByEmail(realm, pr);
    if (!u || !u.is_active || u.is_system_bot) throw badRequest('No such user');
    return u;
  });
}

/** How channels created by a subscription request are set up. */
export interface NewChannelSettings {
  invite_only: boolean;
  is_web_public: boolean;
  /** Undefined: the default for the privacy (public channels always true, private false). */
  history_public_to_subscribers?: boolean;
  message_retention_days: number | null;
  is_default: boolean;
  groupSettings: Partial<Record<ChannelGroupSetting, GroupSettingValue>>;
}

/** The group settings a subscription request gives the channels it creates, checked; absent ones are left out. */
export function checkNewChannelGroupSettings(
  realm: Realm,
  raw: Partial<Record<ChannelGroupSetting, unknown>>,
): Partial<Record<ChannelGroupSetting, GroupSettingValue>> {
  const out: Partial<Record<ChannelGroupSetting, GroupSettingValue>> = {};
  for (const name of CHANNEL_GROUP_SETTINGS) {
    if (raw[name] === undefined) continue;
    const value = canonicalGroupSetting(checkGroupSettingValue(realm, raw[name], name));
    forbidSystemGroups(realm, value, name, ['internet']);
    out[name] = value;
  }
  return out;
}

export interface AddSubscriptionsRequest {
  channels: { name: string; description?: string }[];
  targets: User[];
  authorizationErrorsFatal: boolean;
  newChannels: NewChannelSettings;
  announce: boolean;
  sendNewSubscriptionMessages: boolean;
}

export type AddSubscriptionsResult = {
  /** Keyed by user ID (as a string): the channel names each was newly subscribed to. */
  subscribed: Record<string, string[]>;
  already_subscribed: Record<string, string[]>;
  /** Only when authorization errors are not fatal. */
  unauthorized?: string[];
  /** Only when the request asked for notification messages (the default). */
  new_subscription_messages_sent?: boolean;
};

export function addSubscriptions(
  realm: Realm,
  actor: User,
  request: AddSubscriptionsRequest,
): AddSubscriptionsResult {
  const { targets, newChannels: settings } = request;
  const others = targets.some((t) => t.user_id !== actor.user_id);
  if (settings.invite_only && settings.is_web_public) throw badRequest('Invalid parameters');
  if (!settings.invite_only && settings.history_public_to_subscribers === false)
    throw badRequest('Invalid parameters');

  const existing: Channel[] = [];
  const toCreate: { name: string; description: string }[] = [];
  const unauthorized: string[] = [];
  for (const req of request.channels) {
    const channel = channelByName(realm, req.name.trim());
    if (channel) {
      const mayAdd = canAddSubscribers(realm, actor, channel);
      const visible = canAccessMetadata(realm, actor, channel) || canSubscribeSelf(realm, actor, channel);
      if (!visible || (!others && !mayAdd && !canSubscribeSelf(realm, actor, channel))) {
        if (request.authorizationErrorsFatal) throw badRequest(`Unable to access channel (${channel.name}).`);
        unauthorized.push(channel.name);
        continue;
      }
      // A channel one can see but may not add others to is a refusal of the whole request.
      if (others && !mayAdd) throw badRequest('Insufficient permission');
      if (!existing.includes(channel)) existing.push(channel);
    } else {
      const name = checkChannelName(realm, req.name);
      if (toCreate.some((c) => c.name.toLowerCase() === name.toLowerCase())) continue;
      toCreate.push({ name, description: checkChannelDescription(req.description ?? '') });
    }
  }
  if (toCreate.length > 0) checkMayCreate(realm, actor, settings);

  const created = toCreate.map((c) =>
    createChannel(realm, {
      name: c.name,
      description: c.description,
      creator_id: actor.user_id,
      invite_only: settings.invite_only,
      is_web_public: settings.is_web_public,
      history_public_to_subscribers: settings.invite_only
        ? (settings.history_public_to_subscribers ?? false)
        : true,
      message_retention_days: settings.message_retention_days,
      is_default: settings.is_default,
      ...settings.groupSettings,
    }),
  );

  // A new channel is announced as it was made, with no one in it yet: the peer_add events that
  // follow count its first subscribers (announcing them in both would count them twice).
  const asCreated = new Map(created.map((channel) => [channel, channelToWire(realm, channel)]));
  const subscribedNow = new Map<Channel, number[]>();
  const subscribed: Record<string, string[]> = {};
  const already: Record<string, string[]> = {};
  // Users who could not see a channel before learn of it through a stream create event.
  const gainedAccess: [Channel, number][] = [];
  for (const channel of [...existing, ...created]) {
    for (const target of targets) {
      const key = String(target.user_id);
      if (isSubscribed(channel, target.user_id)) {
        (already[key] ??= []).push(channel.name);
        continue;
      }
      if (!created.includes(channel) && !canAccessMetadata(realm, target, channel))
        gainedAccess.push([channel, target.user_id]);
      subscribe(realm, channel, target.user_id);
      (subscribed[key] ??= []).push(channel.name);
      subscribedNow.set(channel, [...(subscribedNow.get(channel) ?? []), target.user_id]);
    }
  }
  for (const channel of created)
    realm.events.publish(metadataViewerIds(realm, channel), {
      type: 'stream',
      op: 'create',
      streams: [asCreated.get(channel)!],
    });
  for (const [channel, userId] of gainedAccess)
    realm.events.publish([userId], {
      type: 'stream',
      op: 'create',
      streams: [channelToWire(realm, channel)],
    });
  publishSubscriptionChange(realm, 'add', subscribedNow);
  if (request.announce) announceNewChannels(realm, actor, created);
  const sent = request.sendNewSubscriptionMessages
    ? notifySubscribedByOthers(realm, actor, subscribedNow)
    : undefined;

  return {
    subscribed,
    already_subscribed: already,
    ...(request.authorizationErrorsFatal ? {} : { unauthorized }),
    ...(sent === undefined ? {} : { new_subscription_messages_sent: sent }),
  };
}

/** Creating channels follows the realm's creation permissions for the kind asked for. */
function checkMayCreate(realm: Realm, actor: User, settings: NewChannelSettings): void {
  const s = realm.settings;
  const group = settings.is_web_public
    ? s.can_create_web_public_channel_group
    : settings.invite_only
      ? s.can_create_private_channel_group
      : s.can_create_public_channel_group;
  if (!userInGroupSetting(realm, actor, group)) throw badRequest('Insufficient permission');
  if (settings.is_web_public && (!realm.server.webPublicStreamsEnabled || !s.enable_spectator_access))
    throw badRequest('Web-public channels are not enabled.');
  if (settings.is_default) {
    if (!isAdmin(actor)) throw adminRequired();
    if (settings.invite_only) throw badRequest('A default channel cannot be private.');
  }
}

export type RemoveSubscriptionsResult = {
  removed: string[];
  not_removed: string[];
};

/** Unsubscribes `targets` from the named channels; removing someone else needs permission. */
export function removeSubscriptions(
  realm: Realm,
  actor: User,
  names: string[],
  targets: User[],
): RemoveSubscriptionsResult {
  const channels: Channel[] = [];
  const missing: string[] = [];
  for (const name of names) {
    const c = channelByName(realm, name.trim());
    if (!c || !canAccessMetadata(realm, actor, c)) missing.push(name);
    else channels.push(c);
  }
  if (missing.length > 0) throw badRequest(`Channel(s) (${missing.join(', ')}) do not exist`);
  for (const c of channels)
    for (const t of targets)
      if (t.user_id !== actor.user_id && !canRemoveSubscribers(realm, actor, c))
        throw badRequest('Insufficient permission');
  const removed: string[] = [];
  const notRemoved: string[] = [];
  const changes = new Map<Channel, number[]>();
  for (const c of channels) {
    for (const t of targets) {
      if (unsubscribe(c, t.user_id)) {
        removed.push(c.name);
        changes.set(c, [...(changes.get(c) ?? []), t.user_id]);
      } else notRemoved.push(c.name);
    }
  }
  publishSubscriptionChange(realm, 'remove', changes);
  return { removed, not_removed: notRemoved };
}

/** The subscription add/remove events to those who changed, and peer events to everyone else who sees it. */
function publishSubscriptionChange(
  realm: Realm,
  op: 'add' | 'remove',
  changes: Map<Channel, number[]>,
): void {
  const byUser = new Map<number, Channel[]>();
  for (const [channel, userIds] of changes)
    for (const id of userIds) byUser.set(id, [...(byUser.get(id) ?? []), channel]);
  for (const [userId, channels] of byUser) {
    realm.events.publish(
      [userId],
      op === 'add'
        ? {
            type: 'subscription',
            op: 'add',
            subscriptions: channels.map((c) =>
              subscriptionToWire(realm, c, subscriptionOf(c, userId)!, true),
            ),
          }
        : {
            type: 'subscription',
            op: 'remove',
            subscriptions: channels.map((c) => ({ stream_id: c.stream_id, name: c.name })),
          },
    );
  }
  for (const [channel, userIds] of changes) {
    if (userIds.length === 0) continue;
    const peers = metadataViewerIds(realm, channel).filter((id) => !userIds.includes(id));
    realm.events.publish(peers, {
      type: 'subscription',
      op: op === 'add' ? 'peer_add' : 'peer_remove',
      stream_ids: [channel.stream_id],
      user_ids: [...userIds].sort((a, b) => a - b),
    });
  }
}

/** `announce`: the notification bot posts new public channels in the new-channel announcements channel. */
function announceNewChannels(realm: Realm, creator: User, created: Channel[]): void {
  const target = realm.channels.get(realm.settings.new_stream_announcements_stream_id);
  const bot = [...realm.users.values()].find((u) => u.is_system_bot);
  if (!target || !bot) return;
  for (const channel of created) {
    if (channel.invite_only) continue;
    sendChannelMessage(
      realm,
      bot,
      target,
      'new channels',
      `@_**${creator.full_name}|${creator.user_id}** created a new channel #**${channel.name}**.`,
      { internal: true },
    );
  }
}

/**
 * People someone else subscribed hear it from the notification bot (bots never do). Returns whether
 * the messages went out: not when more people than MAX_BULK_NEW_SUBSCRIPTION_MESSAGES were added.
 */
function notifySubscribedByOthers(realm: Realm, actor: User, subscribedNow: Map<Channel, number[]>): boolean {
  const bot = [...realm.users.values()].find((u) => u.is_system_bot);
  const byUser = new Map<number, Channel[]>();
  for (const [channel, ids] of subscribedNow)
    for (const id of ids) if (id !== actor.user_id) byUser.set(id, [...(byUser.get(id) ?? []), channel]);
  if (byUser.size > MAX_BULK_NEW_SUBSCRIPTION_MESSAGES) return false;
  if (!bot) return true;
  for (const [userId, channels] of byUser) {
    if (realm.users.get(userId)?.is_bot) continue;
    const who = `@_**${actor.full_name}|${actor.user_id}**`;
    const content =
      channels.length === 1
        ? `${who} subscribed you to the channel #**${channels[0]!.name}**.`
        : `${who} subscribed you to the following channels:\n\n${channels.map((c) => `* #**${c.name}**`).join('\n')}`;
    sendDirectMessage(realm, bot, [userId], content, { internal: true });
  }
  return true;
}

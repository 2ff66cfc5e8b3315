import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import type { Realm } from '../realm/realm';
import {
  CHANNEL_GROUP_SETTINGS,
  canAccessMetadata,
  canAddSubscribers,
  canRemoveSubscribers,
  canSubscribeSelf,
  channelByName,
  channelToWire,
  checkChannelDescription,
  checkChannelName,
  createChannel,
  metadataViewerIds,
  type Channel,
  type ChannelGroupSetting,
} from '../realm/channels';
import {
  canonicalGroupSetting,
  checkGroupSettingValue,
  forbidSystemGroups,
  userInGroupSetting,
  type GroupSettingValue,
} from '../realm/groups';
import {
  isSubscribed,
  subscribe,
  subscriptionOf,
  subscriptionToWire,
  unsubscribe,
  type Subscription,
} from '../realm/subscriptions';
import { getUserByEmail, isAdmin, type User } from '../realm/users';
import { parseRetentionDays } from './streams';
import { sendChannelMessage, sendDirectMessage } from '../realm/message-send';

interface ChannelRequest {
  name: string;
  description?: string;
}

function channelRequests(value: unknown, name: string): ChannelRequest[] {
  if (!Array.isArray(value)) throw badRequest(`${name} is not a list`);
  return value.map((item, i) => {
    if (!item || typeof item !== 'object' || typeof (item as ChannelRequest).name !== 'string')
      throw badRequest(`${name}[${i}] is not a dict`);
    const d = (item as ChannelRequest).description;
    if (d !== undefined && typeof d !== 'string')
      throw badRequest(`${name}[${i}]["description"] is not a string`);
    return { name: (item as ChannelRequest).name, ...(d !== undefined ? { description: d } : {}) };
  });
}

function stringList(value: unknown, name: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
    throw badRequest(`${name} is not a list`);
  return value;
}

function principalList(value: unknown, name: string): (number | string)[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' || Number.isInteger(v)))
    throw badRequest(`${name} is not a list`);
  return value as (number | string)[];
}

/** `principals` name users by ID or by email (spec: subscribe/unsubscribe other users). */
function resolvePrincipals(realm: Realm, me: User, principals: (number | string)[] | undefined): User[] {
  if (principals === undefined) return [me];
  return principals.map((pr) => {
    const u = typeof pr === 'number' ? realm.users.get(pr) : getUserByEmail(realm, pr);
    if (!u || !u.is_active || u.is_system_bot) throw badRequest('No such user');
    return u;
  });
}

/** Send the subscription add/remove and peer events after a change of who is subscribed. */
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
              subscriptionToWire(realm, c, subscriptionOf(c, userId) as Subscription, true),
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

/** Users that someone else subscribed hear it from the notification bot (bots and small batches only). */
const MAX_BULK_NEW_SUBSCRIPTION_MESSAGES = 100;
function notifySubscribedByOthers(realm: Realm, actor: User, subscribedNow: Map<Channel, number[]>): void {
  const bot = [...realm.users.values()].find((u) => u.is_system_bot);
  if (!bot) return;
  const byUser = new Map<number, Channel[]>();
  for (const [channel, ids] of subscribedNow)
    for (const id of ids) if (id !== actor.user_id) byUser.set(id, [...(byUser.get(id) ?? []), channel]);
  if (byUser.size > MAX_BULK_NEW_SUBSCRIPTION_MESSAGES) return;
  for (const [userId, channels] of byUser) {
    if (realm.users.get(userId)?.is_bot) continue;
    const who = `@_**${actor.full_name}|${actor.user_id}**`;
    const content =
      channels.length === 1
        ? `${who} subscribed you to the channel #**${channels[0]!.name}**.`
        : `${who} subscribed you to the following channels:\n\n${channels.map((c) => `* #**${c.name}**`).join('\n')}`;
    sendDirectMessage(realm, bot, [userId], content, { internal: true });
  }
}

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

export const subscriptionRoutes = [
  route({
    method: 'GET',
    path: '/users/me/subscriptions',
    params: {
      include_subscribers: p
        .json((v, name) => {
          if (v === true || v === false || v === 'partial') return v;
          throw badRequest(`${name} is not a boolean`);
        })
        .default(false),
    },
    handler: ({ realm, user }, { include_subscribers }) => ({
      subscriptions: [...realm.channels.values()]
        .filter((c) => isSubscribed(c, user.user_id))
        .map((c) =>
          subscriptionToWire(realm, c, subscriptionOf(c, user.user_id)!, include_subscribers !== false),
        ),
    }),
  }),

  route({
    method: 'POST',
    path: '/users/me/subscriptions',
    params: {
      subscriptions: p.json(channelRequests).required(),
      principals: p.json(principalList),
      authorization_errors_fatal: p.bool().default(true),
      announce: p.bool().default(false),
      invite_only: p.bool().default(false),
      is_web_public: p.bool().default(false),
      is_default_stream: p.bool().default(false),
      history_public_to_subscribers: p.bool(),
      message_retention_days: p.intOrString(),
      can_add_subscribers_group: p.json((v) => v),
      can_remove_subscribers_group: p.json((v) => v),
      can_administer_channel_group: p.json((v) => v),
      can_send_message_group: p.json((v) => v),
      can_subscribe_group: p.json((v) => v),
    },
    handler: ({ realm, user }, params) => {
      const targets = resolvePrincipals(realm, user, params.principals);
      const others = targets.some((t) => t.user_id !== user.user_id);
      const s = realm.settings;

      // Settings for channels this request creates.
      const groupSettings: Partial<Record<ChannelGroupSetting, GroupSettingValue>> = {};
      for (const name of CHANNEL_GROUP_SETTINGS) {
        if (params[name] === undefined) continue;
        const value = canonicalGroupSetting(checkGroupSettingValue(realm, params[name], name));
        forbidSystemGroups(realm, value, name, ['internet']);
        groupSettings[name] = value;
      }
      if (params.invite_only && params.is_web_public) throw badRequest('Invalid parameters');
      if (!params.invite_only && params.history_public_to_subscribers === false)
        throw badRequest('Invalid parameters');
      const retention =
        params.message_retention_days === undefined
          ? null
          : parseRetentionDays(params.message_retention_days);

      const existing: Channel[] = [];
      const toCreate: { name: string; description: string }[] = [];
      const unauthorized: string[] = [];
      for (const req of params.subscriptions) {
        const channel = channelByName(realm, req.name.trim());
        if (channel) {
          const allowed = others
            ? canAddSubscribers(realm, user, channel) ||
              (targets.length === 1 && targets[0] === user && canSubscribeSelf(realm, user, channel))
            : canSubscribeSelf(realm, user, channel) || canAddSubscribers(realm, user, channel);
          const visible = canAccessMetadata(realm, user, channel) || canSubscribeSelf(realm, user, channel);
          if (!allowed || !visible) {
            if (params.authorization_errors_fatal)
              throw badRequest(`Unable to access channel (${channel.name}).`);
            unauthorized.push(channel.name);
            continue;
          }
          if (existing.includes(channel)) continue;
          existing.push(channel);
        } else {
          const name = checkChannelName(realm, req.name);
          if (toCreate.some((c) => c.name.toLowerCase() === name.toLowerCase())) continue;
          toCreate.push({ name, description: checkChannelDescription(req.description ?? '') });
        }
      }
      if (others) {
        for (const c of existing)
          if (!canAddSubscribers(realm, user, c))
            throw badRequest('You do not have permission to subscribe other users to channels.');
      }
      if (toCreate.length > 0) {
        const group = params.is_web_public
          ? s.can_create_web_public_channel_group
          : params.invite_only
            ? s.can_create_private_channel_group
            : s.can_create_public_channel_group;
        if (!userInGroupSetting(realm, user, group)) throw badRequest('Insufficient permission');
        if (params.is_web_public && (!realm.server.webPublicStreamsEnabled || !s.enable_spectator_access))
          throw badRequest('Web-public channels are not enabled.');
        if (params.is_default_stream) {
          if (!isAdmin(user)) throw badRequest('Must be an organization administrator');
          if (params.invite_only) throw badRequest('A default channel cannot be private.');
        }
      }

      // Create, announce the new channels, then subscribe.
      const created: Channel[] = [];
      for (const c of toCreate) {
        const channel = createChannel(realm, {
          name: c.name,
          description: c.description,
          creator_id: user.user_id,
          invite_only: params.invite_only,
          is_web_public: params.is_web_public,
          history_public_to_subscribers: params.invite_only
            ? (params.history_public_to_subscribers ?? false)
            : true,
          message_retention_days: retention,
          is_default: params.is_default_stream,
          can_add_subscribers_group: groupSettings.can_add_subscribers_group,
          can_remove_subscribers_group: groupSettings.can_remove_subscribers_group,
          can_administer_channel_group: groupSettings.can_administer_channel_group,
          can_send_message_group: groupSettings.can_send_message_group,
          can_subscribe_group: groupSettings.can_subscribe_group,
        });
        created.push(channel);
      }
      const subscribedNow = new Map<Channel, number[]>();
      const subscribed: Record<string, string[]> = {};
      const already: Record<string, string[]> = {};
      // Users who could not see a channel before learn of it through stream create.
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
      for (const channel of created) {
        realm.events.publish(metadataViewerIds(realm, channel), {
          type: 'stream',
          op: 'create',
          streams: [channelToWire(realm, channel)],
        });
      }
      for (const [channel, userId] of gainedAccess)
        realm.events.publish([userId], {
          type: 'stream',
          op: 'create',
          streams: [channelToWire(realm, channel)],
        });
      publishSubscriptionChange(realm, 'add', subscribedNow);
      if (params.announce) announceNewChannels(realm, user, created);
      notifySubscribedByOthers(realm, user, subscribedNow);
      return {
        subscribed,
        already_subscribed: already,
        ...(params.authorization_errors_fatal ? {} : { unauthorized }),
      };
    },
  }),

  route({
    method: 'DELETE',
    path: '/users/me/subscriptions',
    params: {
      subscriptions: p.json(stringList).required(),
      principals: p.json(principalList),
    },
    handler: ({ realm, user }, params) => {
      const targets = resolvePrincipals(realm, user, params.principals);
      const channels: Channel[] = [];
      const missing: string[] = [];
      for (const name of params.subscriptions) {
        const c = channelByName(realm, name.trim());
        if (!c || !canAccessMetadata(realm, user, c)) missing.push(name);
        else channels.push(c);
      }
      if (missing.length > 0) throw badRequest(`Channel(s) (${missing.join(', ')}) do not exist`);
      for (const c of channels) {
        for (const t of targets)
          if (t.user_id !== user.user_id && !canRemoveSubscribers(realm, user, c))
            throw badRequest('Insufficient permission');
      }
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
    },
  }),

  route({
    method: 'POST',
    path: '/users/me/subscriptions/properties',
    params: {
      subscription_data: p
        .json((v, name) => {
          if (!Array.isArray(v)) throw badRequest(`${name} is not a list`);
          return v.map((item, i) => {
            const d = item as { stream_id?: unknown; property?: unknown; value?: unknown };
            if (!d || !Number.isInteger(d.stream_id) || typeof d.property !== 'string' || !('value' in d))
              throw badRequest(`${name}[${i}] is not a dict`);
            return d as { stream_id: number; property: string; value: unknown };
          });
        })
        .required(),
    },
    handler: ({ realm, user }, { subscription_data }) => {
      const updates: { sub: Subscription; channel: Channel; property: string; value: unknown }[] = [];
      for (const { stream_id, property, value } of subscription_data) {
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
        updates.push({ sub, channel, property, value });
      }
      for (const { sub, channel, property, value } of updates) {
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
      return { subscription_data };
    },
  }),
];

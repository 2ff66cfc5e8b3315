import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import { parseRetentionDays } from '../realm/channels';
import { subscriptionToWire } from '../realm/channel-wire';
import {
  addSubscriptions,
  checkNewChannelGroupSettings,
  removeSubscriptions,
  resolvePrincipals,
} from '../realm/subscription-changes';
import { updateSubscriptionProperties } from '../realm/subscription-properties';
import { isSubscribed, subscriptionOf } from '../realm/subscriptions';

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
      can_move_messages_out_of_channel_group: p.json((v) => v),
      can_move_messages_within_channel_group: p.json((v) => v),
      send_new_subscription_messages: p.bool().default(true),
    },
    handler: ({ realm, user }, params) => {
      const groupSettings = checkNewChannelGroupSettings(realm, params);
      return addSubscriptions(realm, user, {
        channels: params.subscriptions,
        targets: resolvePrincipals(realm, user, params.principals),
        authorizationErrorsFatal: params.authorization_errors_fatal,
        newChannels: {
          invite_only: params.invite_only,
          is_web_public: params.is_web_public,
          history_public_to_subscribers: params.history_public_to_subscribers,
          message_retention_days:
            params.message_retention_days === undefined
              ? null
              : parseRetentionDays(params.message_retention_days),
          is_default: params.is_default_stream,
          groupSettings,
        },
        announce: params.announce,
        sendNewSubscriptionMessages: params.send_new_subscription_messages,
      });
    },
  }),

  route({
    method: 'DELETE',
    path: '/users/me/subscriptions',
    params: {
      subscriptions: p.json(stringList).required(),
      principals: p.json(principalList),
    },
    handler: ({ realm, user }, params) =>
      removeSubscriptions(
        realm,
        user,
        params.subscriptions,
        resolvePrincipals(realm, user, params.principals),
      ),
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
      updateSubscriptionProperties(realm, user, subscription_data);
      return { subscription_data };
    },
  }),
];

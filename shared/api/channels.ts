import { z } from 'zod';
import { lazy, type Infer } from './lazy';
import { FeatureLevel, renameKey, requireLevel, topicForWire, without } from './compat';
import {
  defineEndpoint,
  emptySuccess,
  successResponse,
  UnsupportedFeatureError,
  type WireContext,
} from './endpoint';
import {
  channelPermissionsShape,
  channelSchema,
  groupSettingUpdateSchema,
  subscriptionSchema,
  topicSchema,
  UserTopicVisibility,
} from './resources';

const int = lazy(() => z.number().int());

// ---- 4.9 GET /streams -------------------------------------------------------------------------

export const getStreamsParamsSchema = lazy(() =>
  z.object({
    include_public: z.boolean().optional(),
    include_web_public: z.boolean().optional(),
    include_subscribed: z.boolean().optional(),
    exclude_archived: z.boolean().optional(),
    include_all: z.boolean().optional(),
    include_default: z.boolean().optional(),
    include_owner_subscribed: z.boolean().optional(),
    include_can_access_content: z.boolean().optional(),
    /** Deprecated alias of `include_all`. */
    include_all_active: z.boolean().optional(),
  }),
);
export type GetStreamsParams = Infer<typeof getStreamsParamsSchema>;

export const getStreams = defineEndpoint({
  name: 'getStreams',
  method: 'GET',
  path: '/streams',
  params: getStreamsParamsSchema,
  response: () => successResponse({ streams: z.array(channelSchema()) }),
  adapt: (params, ctx) => {
    if (ctx.featureLevel >= FeatureLevel.includeAll) return { ...params };
    // `include_all` was `include_all_active` (administrators only) before level 356.
    const out = renameKey({ ...params }, 'include_all', 'include_all_active');
    if (params.include_all === undefined && params.include_all_active !== undefined)
      out.include_all_active = params.include_all_active;
    return without(out, 'include_can_access_content');
  },
});

// ---- 4.22 GET /streams/{stream_id} ------------------------------------------------------------

export const getStreamById = defineEndpoint({
  name: 'getStreamById',
  method: 'GET',
  path: '/streams/{stream_id}',
  params: () => z.object({ stream_id: int() }),
  response: () => successResponse({ stream: channelSchema() }),
  adapt: (params, ctx) => {
    requireLevel(ctx, FeatureLevel.getStreamById, 'getStreamById', 'this endpoint');
    return { ...params };
  },
});

// ---- 4.2 PATCH /streams/{stream_id} -----------------------------------------------------------

/** Spec 4.2: an integer number of days, or `realm_default`, or `unlimited`. */
export const messageRetentionDaysSchema = lazy(() =>
  z.union([int(), z.enum(['realm_default', 'unlimited'])]),
);

export const channelGroupSettingNames = [
  'can_add_subscribers_group',
  'can_remove_subscribers_group',
  'can_administer_channel_group',
  'can_send_message_group',
  'can_subscribe_group',
] as const;

export const updateStreamParamsSchema = lazy(() =>
  z.object({
    stream_id: int(),
    description: z.string().optional(),
    new_name: z.string().optional(),
    is_private: z.boolean().optional(),
    is_web_public: z.boolean().optional(),
    history_public_to_subscribers: z.boolean().optional(),
    is_default_stream: z.boolean().optional(),
    message_retention_days: messageRetentionDaysSchema().optional(),
    can_add_subscribers_group: groupSettingUpdateSchema().optional(),
    can_remove_subscribers_group: groupSettingUpdateSchema().optional(),
    can_administer_channel_group: groupSettingUpdateSchema().optional(),
    can_send_message_group: groupSettingUpdateSchema().optional(),
    can_subscribe_group: groupSettingUpdateSchema().optional(),
  }),
);
export type UpdateStreamParams = Infer<typeof updateStreamParamsSchema>;

export const updateStream = defineEndpoint({
  name: 'updateStream',
  method: 'PATCH',
  path: '/streams/{stream_id}',
  params: updateStreamParamsSchema,
  response: emptySuccess,
  adapt: (params, ctx) => {
    const out: Record<string, unknown> = { ...params };
    const level = ctx.featureLevel;
    // Before level 64 these two strings were JSON-encoded text.
    if (level < FeatureLevel.plainStringSettings64) {
      if (params.new_name !== undefined) out.new_name = JSON.stringify(params.new_name);
      if (params.description !== undefined) out.description = JSON.stringify(params.description);
    }
    // Before level 320 the one channel group setting an older server has took a bare group ID.
    const removers = params.can_remove_subscribers_group;
    if (removers && level < FeatureLevel.channelGroupSettingObjects) {
      if (typeof removers.new !== 'number')
        throw new UnsupportedFeatureError(
          'updateStream',
          FeatureLevel.channelGroupSettingObjects,
          'an anonymous group for can_remove_subscribers_group',
        );
      delete out.can_remove_subscribers_group;
      const name =
        level < FeatureLevel.canRemoveSubscribersGroupRenamed
          ? 'can_remove_subscribers_group_id'
          : 'can_remove_subscribers_group';
      out[name] = removers.new;
    }
    return out;
  },
});

// ---- 4.18 GET /users/me/{stream_id}/topics ----------------------------------------------------

export const getStreamTopics = defineEndpoint({
  name: 'getStreamTopics',
  method: 'GET',
  path: '/users/me/{stream_id}/topics',
  params: () => z.object({ stream_id: int(), allow_empty_topic_name: z.boolean().optional() }),
  response: () => successResponse({ topics: z.array(topicSchema()) }),
  adapt: (params, ctx) =>
    ctx.featureLevel < FeatureLevel.emptyTopicName
      ? without(params, 'allow_empty_topic_name')
      : { ...params },
});

// ---- Subscriptions (public API) ---------------------------------------------------------------

export const getSubscriptions = defineEndpoint({
  name: 'getSubscriptions',
  method: 'GET',
  path: '/users/me/subscriptions',
  params: () => z.object({ include_subscribers: z.union([z.boolean(), z.literal('partial')]).optional() }),
  response: () => successResponse({ subscriptions: z.array(subscriptionSchema()) }),
});

/** Users are named by ID (modern) or by email. */
const principalsSchema = lazy(() => z.union([z.array(int()), z.array(z.string())]));

export const subscribeParamsSchema = lazy(() =>
  z.object({
    /** Channels to subscribe to, created if missing (with the description when given). */
    subscriptions: z.array(z.object({ name: z.string(), description: z.string().optional() })),
    principals: principalsSchema().optional(),
    authorization_errors_fatal: z.boolean().optional(),
    announce: z.boolean().optional(),
    invite_only: z.boolean().optional(),
    is_web_public: z.boolean().optional(),
    is_default_stream: z.boolean().optional(),
    history_public_to_subscribers: z.boolean().optional(),
    message_retention_days: messageRetentionDaysSchema().optional(),
    /** Whether people added by someone else hear it from the notification bot (level 397; default true). */
    send_new_subscription_messages: z.boolean().optional(),
    ...channelPermissionsShape(),
  }),
);

export const subscribeResponseSchema = lazy(() =>
  successResponse({
    /** Keyed by user ID (or email on older servers): the channel names newly subscribed. */
    subscribed: z.record(z.string(), z.array(z.string())),
    already_subscribed: z.record(z.string(), z.array(z.string())),
    unauthorized: z.array(z.string()).optional(),
    new_subscription_messages_sent: z.boolean().optional(),
  }),
);

export const subscribe = defineEndpoint({
  name: 'subscribe',
  method: 'POST',
  path: '/users/me/subscriptions',
  params: subscribeParamsSchema,
  response: subscribeResponseSchema,
});

export const unsubscribe = defineEndpoint({
  name: 'unsubscribe',
  method: 'DELETE',
  path: '/users/me/subscriptions',
  params: () => z.object({ subscriptions: z.array(z.string()), principals: principalsSchema().optional() }),
  response: () =>
    successResponse({
      removed: z.array(z.string()),
      not_removed: z.array(z.string()),
    }),
});

/** POST /users/me/subscriptions/properties: per-channel preferences (color, muting, notifications). */
export const updateSubscriptionSettings = defineEndpoint({
  name: 'updateSubscriptionSettings',
  method: 'POST',
  path: '/users/me/subscriptions/properties',
  params: () =>
    z.object({
      subscription_data: z.array(
        z.object({
          stream_id: int(),
          property: z.string(),
          value: z.union([z.boolean(), z.string(), int()]),
        }),
      ),
    }),
  response: emptySuccess,
});

// ---- Topic visibility -------------------------------------------------------------------------

export const mutedTopicOpSchema = lazy(() => z.enum(['add', 'remove']));

/** 4.7 PATCH /users/me/subscriptions/muted_topics (deprecated; prefer updateUserTopic). */
export const updateMutedTopic = defineEndpoint({
  name: 'updateMutedTopic',
  method: 'PATCH',
  path: '/users/me/subscriptions/muted_topics',
  params: () =>
    z.object({
      /** Send exactly one of `stream_id` and `stream`; the server rejects other combinations. */
      stream_id: int().optional(),
      stream: z.string().optional(),
      topic: z.string(),
      op: mutedTopicOpSchema(),
    }),
  response: emptySuccess,
  adapt: (params, ctx) => ({ ...params, topic: topicForWire(params.topic, ctx) }),
});

export const updateUserTopicParamsSchema = lazy(() =>
  z.object({
    stream_id: int(),
    topic: z.string(),
    /** 0 none, 1 muted, 2 unmuted, 3 followed (see `UserTopicVisibility`). */
    visibility_policy: int().min(0).max(3),
  }),
);
export type UpdateUserTopicParams = Infer<typeof updateUserTopicParamsSchema>;

const MUTED_TOPICS_ROUTE = { method: 'PATCH', path: '/users/me/subscriptions/muted_topics' } as const;

function legacyMuteOp(policy: number): 'add' | 'remove' {
  if (policy === UserTopicVisibility.muted) return 'add';
  if (policy === UserTopicVisibility.none) return 'remove';
  throw new UnsupportedFeatureError(
    'updateUserTopic',
    FeatureLevel.userTopics,
    'unmuting or following a topic',
  );
}

/**
 * POST /user_topics. Before level 170 only muting existed: the call becomes the muted-topics
 * endpoint (4.7) with `op` add for muted and remove for none.
 */
export const updateUserTopic = defineEndpoint({
  name: 'updateUserTopic',
  method: 'POST',
  path: '/user_topics',
  params: updateUserTopicParamsSchema,
  response: emptySuccess,
  route: (_params, ctx) => (ctx.featureLevel < FeatureLevel.userTopics ? MUTED_TOPICS_ROUTE : undefined),
  adapt: (params, ctx: WireContext) => {
    const topic = topicForWire(params.topic, ctx);
    if (ctx.featureLevel < FeatureLevel.userTopics)
      return { stream_id: params.stream_id, topic, op: legacyMuteOp(params.visibility_policy) };
    if (params.visibility_policy === UserTopicVisibility.followed)
      requireLevel(ctx, FeatureLevel.followedTopics, 'updateUserTopic', 'following a topic');
    return { ...params, topic };
  },
});

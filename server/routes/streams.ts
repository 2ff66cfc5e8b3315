import { p } from '../http/params';
import { route } from '../http/route';
import { CHANNEL_GROUP_SETTINGS, selectChannels, visibleChannel } from '../realm/channels';
import { updateChannel } from '../realm/channel-update';
import { channelToWire } from '../realm/channel-wire';
import { deleteTopic } from '../realm/topic-delete';

const groupSettingParams = Object.fromEntries(CHANNEL_GROUP_SETTINGS.map((name) => [name, p.json((v) => v)]));

export const streamRoutes = [
  route({
    method: 'GET',
    path: '/streams',
    params: {
      include_public: p.bool().default(true),
      include_web_public: p.bool().default(false),
      include_subscribed: p.bool().default(true),
      exclude_archived: p.bool().default(true),
      include_all: p.bool().default(false),
      include_default: p.bool().default(false),
      include_owner_subscribed: p.bool().default(false),
      include_can_access_content: p.bool().default(false),
      include_all_active: p.bool().default(false),
    },
    handler: ({ realm, user }, q) => ({
      streams: selectChannels(realm, user, q).map((c) =>
        channelToWire(realm, c, { includeDefault: q.include_default }),
      ),
    }),
  }),

  route({
    method: 'GET',
    path: '/streams/:stream_id',
    params: { stream_id: p.int().required() },
    handler: ({ realm, user }, { stream_id }) => ({
      stream: channelToWire(realm, visibleChannel(realm, user, stream_id)),
    }),
  }),

  // Not in the spec: the real service's, for the topic menu (server/README.md).
  route({
    method: 'POST',
    path: '/streams/:stream_id/delete_topic',
    params: { stream_id: p.int().required(), topic_name: p.string().required() },
    handler: ({ realm, user }, { stream_id, topic_name }) => deleteTopic(realm, user, stream_id, topic_name),
  }),

  route({
    method: 'PATCH',
    path: '/streams/:stream_id',
    params: {
      stream_id: p.int().required(),
      description: p.string(),
      new_name: p.string(),
      is_private: p.bool(),
      is_web_public: p.bool(),
      history_public_to_subscribers: p.bool(),
      is_default_stream: p.bool(),
      message_retention_days: p.intOrString(),
      ...groupSettingParams,
      // Deprecated, still accepted (9.4): both set `can_send_message_group` to a system group.
      stream_post_policy: p.int(),
      is_announcement_only: p.bool(),
    },
    handler: ({ realm, user }, { stream_id, ...request }) => {
      updateChannel(realm, user, stream_id, request);
      return {};
    },
  }),
];

import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import type { Realm } from '../realm/realm';
import { canAccessContent, channelByName, type Channel } from '../realm/channels';
import { MAX_TOPIC_LENGTH } from '../realm/limits';
import { getUserTopic, setVisibilityPolicy, userTopicToWire, VISIBILITY_POLICY } from '../realm/user-topics';
import type { User } from '../realm/users';

/** Topic names from a request: `realm_empty_topic_display_name` means the empty topic (convention 5). */
function topicName(realm: Realm, raw: string): string {
  const topic = raw.trim();
  if ([...topic].length > MAX_TOPIC_LENGTH)
    throw badRequest(`topic is too long (limit: ${MAX_TOPIC_LENGTH} characters)`);
  return topic === realm.emptyTopicDisplayName ? '' : topic;
}

/** Set a policy and tell the user's clients, unless nothing changes. */
function applyPolicy(realm: Realm, user: User, channel: Channel, topic: string, policy: number): void {
  const current = getUserTopic(realm, user.user_id, channel.stream_id, topic)?.visibility_policy ?? 0;
  if (current === policy) return;
  const record = setVisibilityPolicy(realm, user.user_id, channel.stream_id, topic, policy);
  realm.events.publish([user.user_id], { type: 'user_topic', ...userTopicToWire(record) });
}

function accessibleChannel(realm: Realm, user: User, id: number): Channel {
  const channel = realm.channels.get(id);
  if (!channel || !canAccessContent(realm, user, channel)) throw badRequest('Invalid channel ID');
  return channel;
}

export const userTopicRoutes = [
  route({
    method: 'PATCH',
    path: '/users/me/subscriptions/muted_topics',
    params: {
      stream_id: p.int(),
      stream: p.string(),
      topic: p.string().required(),
      op: p.oneOf(['add', 'remove'] as const).required(),
    },
    handler: ({ realm, user }, params) => {
      if (params.stream_id === undefined && params.stream === undefined)
        throw badRequest("Please supply 'stream'.");
      if (params.stream_id !== undefined && params.stream !== undefined)
        throw badRequest("Please choose one: 'stream' or 'stream_id'.");
      let channel: Channel;
      if (params.stream !== undefined) {
        const byName = channelByName(realm, params.stream);
        if (!byName || !canAccessContent(realm, user, byName))
          throw badRequest(`Invalid channel name '${params.stream}'`);
        channel = byName;
      } else channel = accessibleChannel(realm, user, params.stream_id!);
      const topic = topicName(realm, params.topic);
      // From feature level 169, muting a muted topic (or unmuting an unmuted one) is not an error.
      applyPolicy(
        realm,
        user,
        channel,
        topic,
        params.op === 'add' ? VISIBILITY_POLICY.muted : VISIBILITY_POLICY.inherit,
      );
      return {};
    },
  }),
  route({
    method: 'POST',
    path: '/user_topics',
    params: {
      stream_id: p.int().required(),
      topic: p.string().required(),
      visibility_policy: p.int().required(),
    },
    handler: ({ realm, user }, params) => {
      if (!(Object.values(VISIBILITY_POLICY) as number[]).includes(params.visibility_policy))
        throw badRequest('Invalid visibility_policy');
      const channel = accessibleChannel(realm, user, params.stream_id);
      applyPolicy(realm, user, channel, topicName(realm, params.topic), params.visibility_policy);
      return {};
    },
  }),
];

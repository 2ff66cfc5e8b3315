import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import { canAccessContent } from '../realm/channels';
import { canReadMessage } from '../realm/messages';

/** GET /users/me/{stream_id}/topics (4.18): the channel's topics the user can read, newest first. */
export const topicRoutes = [
  route({
    method: 'GET',
    path: '/users/me/:stream_id/topics',
    params: { stream_id: p.int().required(), allow_empty_topic_name: p.bool().default(false) },
    handler: ({ realm, user }, { stream_id, allow_empty_topic_name }) => {
      const channel = realm.channels.get(stream_id);
      if (!channel || !canAccessContent(realm, user, channel)) throw badRequest('Invalid channel ID');
      // Walk newest to oldest: the first message seen of a topic is its newest and names it.
      const seen = new Set<string>();
      const topics: { name: string; max_id: number }[] = [];
      for (let i = realm.messages.length - 1; i >= 0; i--) {
        const m = realm.messages[i]!;
        if (m.stream_id !== stream_id) continue;
        const key = m.topic.toLowerCase();
        if (seen.has(key) || !canReadMessage(realm, user, m)) continue;
        seen.add(key);
        const name = m.topic === '' && !allow_empty_topic_name ? realm.emptyTopicDisplayName : m.topic;
        topics.push({ name, max_id: m.id });
      }
      return { topics };
    },
  }),
];

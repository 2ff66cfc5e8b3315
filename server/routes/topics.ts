import { p } from '../http/params';
import { route } from '../http/route';
import { channelTopics } from '../realm/messages';

/** GET /users/me/{stream_id}/topics (4.18). */
export const topicRoutes = [
  route({
    method: 'GET',
    path: '/users/me/:stream_id/topics',
    params: { stream_id: p.int().required(), allow_empty_topic_name: p.bool().default(false) },
    handler: ({ realm, user }, { stream_id, allow_empty_topic_name }) => ({
      topics: channelTopics(realm, user, stream_id, allow_empty_topic_name),
    }),
  }),
];

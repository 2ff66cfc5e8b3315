import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import { setUserTopicPolicy, VISIBILITY_POLICY } from '../realm/user-topics';

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
      setUserTopicPolicy(
        realm,
        user,
        params.stream !== undefined ? { name: params.stream } : { id: params.stream_id! },
        params.topic,
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
      setUserTopicPolicy(realm, user, { id: params.stream_id }, params.topic, params.visibility_policy);
      return {};
    },
  }),
];

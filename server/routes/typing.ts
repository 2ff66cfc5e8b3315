import { p } from '../http/params';
import { route } from '../http/route';
import { sendEditTyping, sendTyping } from '../realm/typing';

export const typingRoutes = [
  route({
    method: 'POST',
    path: '/typing',
    params: {
      type: p.oneOf(['direct', 'stream', 'channel']).default('direct'),
      op: p.oneOf(['start', 'stop']).required(),
      to: p.intList(),
      stream_id: p.int(),
      topic: p.string(),
    },
    handler: ({ realm, user }, params) => {
      sendTyping(realm, user, {
        type: params.type,
        op: params.op,
        to: params.to,
        streamId: params.stream_id,
        topic: params.topic,
      });
      return {};
    },
  }),
  route({
    method: 'POST',
    path: '/messages/:message_id/typing',
    params: { message_id: p.int().required(), op: p.oneOf(['start', 'stop']).required() },
    handler: ({ realm, user }, params) => {
      sendEditTyping(realm, user, params.message_id, params.op);
      return {};
    },
  }),
];

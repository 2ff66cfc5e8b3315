import { p } from '../http/params';
import { route } from '../http/route';
import { sendEditTyping, sendTyping } from '../realm/typing';

export const typingRoutes = [
  route({
    method: 'POST',
    path: '/typing',
    changesState: false,
    params: {
      type: p.oneOf(['direct', 'stream', 'channel']).default('direct'),
      op: p.oneOf(['start', 'stop']).required(),
      // Read as text, and parsed only for the type that uses them: 4.4 says `to` is ignored for channel
      // typing and `stream_id` for direct typing, so a value meant for the other type is no error.
      to: p.string(),
      stream_id: p.string(),
      topic: p.string(),
    },
    handler: ({ realm, user }, params) => {
      const direct = params.type === 'direct';
      sendTyping(realm, user, {
        type: params.type,
        op: params.op,
        to: direct && params.to !== undefined ? p.intList().parse(params.to, 'to') : undefined,
        streamId:
          !direct && params.stream_id !== undefined
            ? p.int().parse(params.stream_id, 'stream_id')
            : undefined,
        topic: direct ? undefined : params.topic,
      });
      return {};
    },
  }),
  route({
    method: 'POST',
    path: '/messages/:message_id/typing',
    changesState: false,
    params: { message_id: p.int().required(), op: p.oneOf(['start', 'stop']).required() },
    handler: ({ realm, user }, params) => {
      sendEditTyping(realm, user, params.message_id, params.op);
      return {};
    },
  }),
];

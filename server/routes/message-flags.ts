import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import { compileNarrow, narrowAccepts, parseNarrow } from '../realm/narrow';
import { boundFlagRange, checkAnchorAtEnd, fetchWindow, parseAnchor } from '../realm/message-fetch';
import { checkFlag, markTopicAsRead, readableMessages, updateFlags } from '../realm/flag-updates';

export const messageFlagRoutes = [
  route({
    method: 'POST',
    path: '/messages/flags',
    params: {
      messages: p.intList().required(),
      op: p.oneOf(['add', 'remove']).required(),
      flag: p.string().required(),
    },
    handler: ({ realm, user }, params) => {
      const flag = checkFlag(params.flag);
      const messages = readableMessages(realm, user, params.messages);
      const result = updateFlags(realm, user, messages, params.op, flag);
      // As the real service: `messages` repeats the request (its own comment calls it useless).
      return {
        messages: params.messages,
        ignored_because_not_subscribed_channels: result.ignoredChannels,
      };
    },
  }),
  route({
    method: 'POST',
    path: '/messages/flags/narrow',
    params: {
      anchor: p.intOrString().required(),
      include_anchor: p.bool().default(true),
      num_before: p.int().required(),
      num_after: p.int().required(),
      narrow: p.json((v) => parseNarrow(v)).default([]),
      op: p.oneOf(['add', 'remove']).required(),
      flag: p.string().required(),
    },
    handler: ({ realm, user }, params) => {
      if (params.num_before < 0) throw badRequest('Invalid num_before');
      if (params.num_after < 0) throw badRequest('Invalid num_after');
      const flag = checkFlag(params.flag);
      checkAnchorAtEnd(params.num_before, params.num_after, params.include_anchor);
      // The server bounds the transaction size (4.13, part 8).
      const [numBefore, numAfter] = boundFlagRange(params.num_before, params.num_after);
      const narrow = compileNarrow(realm, user, params.narrow);
      const window = fetchWindow(
        realm,
        user,
        narrow.candidates(),
        narrowAccepts(realm, user, narrow),
        parseAnchor(params.anchor),
        params.include_anchor,
        numBefore,
        numAfter,
      );
      const messages = window.ids.map((id) => realm.messagesById.get(id)!);
      const result = updateFlags(realm, user, messages, params.op, flag);
      const body: Record<string, unknown> = {
        processed_count: window.ids.length,
        updated_count: result.updated.length,
        first_processed_id: window.ids[0] ?? null,
        last_processed_id: window.ids.at(-1) ?? null,
        found_oldest: window.found_oldest,
        found_newest: window.found_newest,
      };
      if (flag === 'read' && params.op === 'remove') {
        body.ignored_because_not_subscribed_channels = result.ignoredChannels;
      }
      return body;
    },
  }),
  route({
    method: 'POST',
    path: '/mark_topic_as_read',
    params: { stream_id: p.int().required(), topic_name: p.string().required() },
    handler: ({ realm, user }, params) => {
      markTopicAsRead(realm, user, params.stream_id, params.topic_name);
      return {};
    },
  }),
];

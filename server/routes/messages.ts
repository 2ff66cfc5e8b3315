import { badRequest } from '../http/errors';
import { p } from '../http/params';
import { route } from '../http/route';
import type { Realm } from '../realm/realm';
import type { User } from '../realm/users';
import { compileNarrow, matchFields, narrowAccepts, parseNarrow } from '../realm/narrow';
import { checkAnchorAtEnd, fetchWindow, MAX_MESSAGES_PER_FETCH, parseAnchor } from '../realm/message-fetch';
import { canReadMessage, displayTopic, messageToWire, readableMessage } from '../realm/messages';
import { deleteMessage } from '../realm/message-delete';
import { channelForSending, sendChannelMessage, sendDirectMessage } from '../realm/message-send';
import { editMessage } from '../realm/message-edit';
import { messageHistory } from '../realm/edit-history';
import { channelTarget, directRecipients } from './message-targets';

const narrowParam = () => p.json((v) => parseNarrow(v));

const INCOMPATIBLE_WITH_MESSAGE_IDS = [
  'num_before',
  'num_after',
  'anchor',
  'message_ids',
  'include_anchor',
  'use_first_unread_anchor',
];

function count(name: string) {
  return p.int().check((v) => {
    if (v < 0) throw badRequest(`Invalid ${name}`);
    return v;
  });
}

function wireList(
  realm: Realm,
  user: User,
  ids: number[],
  opts: { applyMarkdown: boolean; clientGravatar: boolean; allowEmptyTopicName: boolean; search: string[] },
) {
  return ids.map((id) => {
    const m = realm.messagesById.get(id)!;
    const wire = messageToWire(realm, user, m, opts);
    if (opts.search.length > 0) {
      Object.assign(
        wire,
        matchFields(realm, m, opts.search, displayTopic(realm, m.topic, opts.allowEmptyTopicName)),
      );
    }
    return wire;
  });
}

export const messageRoutes = [
  route({
    method: 'GET',
    path: '/messages',
    params: {
      anchor: p.intOrString(),
      include_anchor: p.bool().default(true),
      num_before: count('num_before').default(0),
      num_after: count('num_after').default(0),
      narrow: narrowParam().default([]),
      client_gravatar: p.bool().default(true),
      apply_markdown: p.bool().default(true),
      allow_empty_topic_name: p.bool().default(false),
      message_ids: p.intList(),
      use_first_unread_anchor: p.bool().default(false),
    },
    handler: ({ realm, user }, params) => {
      const narrow = compileNarrow(realm, user, params.narrow);
      const opts = {
        applyMarkdown: params.apply_markdown,
        clientGravatar: params.client_gravatar,
        allowEmptyTopicName: params.allow_empty_topic_name,
        search: narrow.search,
      };
      if (params.message_ids !== undefined) {
        if (
          params.num_before ||
          params.num_after ||
          params.anchor !== undefined ||
          params.use_first_unread_anchor
        ) {
          // The real service names every parameter of the two ways of choosing messages.
          const parameters = INCOMPATIBLE_WITH_MESSAGE_IDS.join(', ');
          throw badRequest(`Unsupported parameter combination: ${parameters}`, { parameters });
        }
        if (params.message_ids.length > MAX_MESSAGES_PER_FETCH)
          throw badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
        const ids = params.message_ids.filter((id) => {
          const m = realm.messagesById.get(id);
          return m && canReadMessage(realm, user, m) && narrow.matches(m);
        });
        return {
          messages: wireList(
            realm,
            user,
            ids.sort((a, b) => a - b),
            opts,
          ),
          history_limited: false,
          found_anchor: false,
          found_oldest: false,
          found_newest: false,
        };
      }
      if (params.num_before + params.num_after > MAX_MESSAGES_PER_FETCH) {
        throw badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
      }
      checkAnchorAtEnd(params.num_before, params.num_after, params.include_anchor);
      const anchor = params.use_first_unread_anchor ? 'first_unread' : parseAnchor(params.anchor);
      const window = fetchWindow(
        realm,
        user,
        narrow.candidates(),
        narrowAccepts(realm, user, narrow),
        anchor,
        params.include_anchor,
        params.num_before,
        params.num_after,
      );
      return {
        anchor: window.anchor,
        found_anchor: window.found_anchor,
        found_oldest: window.found_oldest,
        found_newest: window.found_newest,
        history_limited: false,
        messages: wireList(realm, user, window.ids, opts),
      };
    },
  }),
  route({
    method: 'POST',
    path: '/messages',
    params: {
      type: p.oneOf(['stream', 'channel', 'private', 'direct']).required(),
      to: p.string().required(),
      topic: p.string().alias('subject'),
      content: p.string().required(),
      queue_id: p.string(),
      local_id: p.string(),
      read_by_sender: p.bool(),
    },
    handler: ({ realm, user }, params) => {
      const opts = {
        queueId: params.queue_id,
        localId: params.local_id,
        readBySender: params.read_by_sender,
      };
      if (params.type === 'stream' || params.type === 'channel') {
        const channel = channelForSending(realm, channelTarget(params.to));
        const m = sendChannelMessage(realm, user, channel, params.topic ?? '', params.content, opts);
        return { id: m.id };
      }
      const recipients = directRecipients(realm, params.to);
      if (recipients.length === 0) throw badRequest('Message must have recipients');
      const m = sendDirectMessage(realm, user, recipients, params.content, opts);
      return { id: m.id };
    },
  }),
  route({
    method: 'GET',
    path: '/messages/matches_narrow',
    params: { msg_ids: p.intList().required(), narrow: narrowParam().required() },
    handler: ({ realm, user }, params) => {
      const narrow = compileNarrow(realm, user, params.narrow);
      const messages: Record<string, unknown> = {};
      for (const id of params.msg_ids) {
        const m = realm.messagesById.get(id);
        if (!m || !canReadMessage(realm, user, m) || !narrow.matches(m)) continue;
        messages[String(id)] = matchFields(realm, m, narrow.search, displayTopic(realm, m.topic, false));
      }
      return { messages };
    },
  }),
  route({
    method: 'GET',
    path: '/messages/:message_id',
    params: {
      message_id: p.int().required(),
      apply_markdown: p.bool().default(true),
      allow_empty_topic_name: p.bool().default(false),
    },
    handler: ({ realm, user }, params) => {
      const m = readableMessage(realm, user, params.message_id);
      return {
        raw_content: m.content,
        message: messageToWire(realm, user, m, {
          applyMarkdown: params.apply_markdown,
          allowEmptyTopicName: params.allow_empty_topic_name,
        }),
      };
    },
  }),
  route({
    method: 'PATCH',
    path: '/messages/:message_id',
    params: {
      message_id: p.int().required(),
      topic: p.string().alias('subject'),
      propagate_mode: p.oneOf(['change_one', 'change_later', 'change_all']).default('change_one'),
      send_notification_to_old_thread: p.bool().default(false),
      send_notification_to_new_thread: p.bool().default(true),
      content: p.string(),
      stream_id: p.int(),
      prev_content_sha256: p.string(),
    },
    handler: ({ realm, user }, params) =>
      editMessage(realm, user, params.message_id, {
        topic: params.topic,
        propagateMode: params.propagate_mode,
        sendNotificationToOldThread: params.send_notification_to_old_thread,
        sendNotificationToNewThread: params.send_notification_to_new_thread,
        content: params.content,
        streamId: params.stream_id,
        prevContentSha256: params.prev_content_sha256,
      }),
  }),
  route({
    method: 'DELETE',
    path: '/messages/:message_id',
    params: { message_id: p.int().required() },
    handler: ({ realm, user }, params) => {
      deleteMessage(realm, user, params.message_id);
      return {};
    },
  }),
  route({
    method: 'GET',
    path: '/messages/:message_id/history',
    params: { message_id: p.int().required(), allow_empty_topic_name: p.bool().default(false) },
    handler: ({ realm, user }, params) => ({
      message_history: messageHistory(realm, user, params.message_id, params.allow_empty_topic_name),
    }),
  }),
];

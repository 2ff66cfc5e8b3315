import { p } from '../http/params';
import { route } from '../http/route';
import {
  createScheduledMessage,
  deleteScheduledMessage,
  editScheduledMessage,
  scheduledMessageToWire,
  userScheduledMessages,
  type ScheduledTarget,
} from '../realm/scheduled-messages';
import type { Realm } from '../realm/realm';
import { channelTarget, directRecipients } from './message-targets';

const messageType = () => p.oneOf(['stream', 'channel', 'private', 'direct']);

/** The real service's four spellings as the two kinds it stores. */
function kind(type: string): 'stream' | 'private' {
  return type === 'stream' || type === 'channel' ? 'stream' : 'private';
}

function target(realm: Realm, type: string, to: string, topic: string | undefined): ScheduledTarget {
  return kind(type) === 'stream'
    ? { type: 'stream', to: channelTarget(to), topic: topic ?? '' }
    : { type: 'private', to: directRecipients(realm, to) };
}

/** Scheduled messages (the real service's API, levels 173–184): the user's own, never anyone else's. */
export const scheduledMessageRoutes = [
  route({
    method: 'GET',
    path: '/scheduled_messages',
    params: {},
    handler: ({ realm, user }) => ({
      scheduled_messages: userScheduledMessages(realm, user.user_id).map((s) =>
        scheduledMessageToWire(realm, s),
      ),
    }),
  }),
  route({
    method: 'POST',
    path: '/scheduled_messages',
    params: {
      type: messageType().required(),
      to: p.string().required(),
      topic: p.string().alias('subject'),
      content: p.string().required(),
      scheduled_delivery_timestamp: p.int().required(),
      read_by_sender: p.bool(),
    },
    handler: ({ realm, user }, params) => ({
      scheduled_message_id: createScheduledMessage(realm, user, {
        target: target(realm, params.type, params.to, params.topic),
        content: params.content,
        timestamp: params.scheduled_delivery_timestamp,
        readBySender: params.read_by_sender,
      }).id,
    }),
  }),
  route({
    method: 'PATCH',
    path: '/scheduled_messages/:scheduled_message_id',
    params: {
      scheduled_message_id: p.int().required(),
      type: messageType(),
      to: p.string(),
      topic: p.string().alias('subject'),
      content: p.string(),
      scheduled_delivery_timestamp: p.int(),
    },
    handler: ({ realm, user }, params) => {
      const current = realm.scheduledMessages.get(params.scheduled_message_id);
      const type = params.type === undefined ? undefined : kind(params.type);
      const toKind = type ?? current?.type ?? 'stream';
      const to =
        params.to === undefined
          ? undefined
          : toKind === 'stream'
            ? channelTarget(params.to)
            : directRecipients(realm, params.to);
      editScheduledMessage(realm, user, params.scheduled_message_id, {
        type,
        to,
        topic: params.topic,
        content: params.content,
        timestamp: params.scheduled_delivery_timestamp,
      });
      return {};
    },
  }),
  route({
    method: 'DELETE',
    path: '/scheduled_messages/:scheduled_message_id',
    params: { scheduled_message_id: p.int().required() },
    handler: ({ realm, user }, { scheduled_message_id }) => {
      deleteScheduledMessage(realm, user, scheduled_message_id);
      return {};
    },
  }),
];

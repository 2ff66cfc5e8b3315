import { ApiError, badRequest } from '../http/errors';
import { renderMarkdown } from '../render/markdown';
import type { Realm } from './realm';
import type { User } from './users';
import { channelForSending, checkChannelSend, checkDirectSend } from './message-send';

/**
 * A message the user asked to be sent later (the real service's "Schedule message", API level 179).
 * It is the sender's alone until delivered, when it becomes an ordinary message and leaves the list.
 */
export interface ScheduledMessage {
  id: number;
  sender_id: number;
  type: 'stream' | 'private';
  /** The channel id, or the direct message's recipients (sorted). */
  to: number | number[];
  /** Channel messages only. */
  topic: string;
  content: string;
  scheduled_delivery_timestamp: number;
  read_by_sender: boolean | undefined;
  /** The server tried to deliver it and could not (e.g. the sender may no longer post there). */
  failed: boolean;
}

/** What the sender asks for: the target as the routes parsed it. */
export type ScheduledTarget =
  { type: 'stream'; to: string | number; topic: string } | { type: 'private'; to: number[] };

export const FUTURE_ONLY = 'Scheduled delivery time must be in the future.';

export function scheduledMessageToWire(realm: Realm, s: ScheduledMessage): Record<string, unknown> {
  return {
    scheduled_message_id: s.id,
    type: s.type,
    to: s.to,
    ...(s.type === 'stream' ? { topic: s.topic } : {}),
    content: s.content,
    rendered_content: renderMarkdown(realm, s.content).html,
    scheduled_delivery_timestamp: s.scheduled_delivery_timestamp,
    failed: s.failed,
  };
}

/** GET /scheduled_messages and register: the user's undelivered ones, soonest first. */
export function userScheduledMessages(realm: Realm, userId: number): ScheduledMessage[] {
  return [...realm.scheduledMessages.values()]
    .filter((s) => s.sender_id === userId)
    .sort((a, b) => a.scheduled_delivery_timestamp - b.scheduled_delivery_timestamp || a.id - b.id);
}

function checkFuture(realm: Realm, timestamp: number): void {
  if (timestamp <= realm.now()) throw badRequest(FUTURE_ONLY);
}

/** The target and content as they would be stored, checked as a send is. */
function checkedTarget(
  realm: Realm,
  sender: User,
  target: ScheduledTarget,
  rawContent: string,
): Pick<ScheduledMessage, 'type' | 'to' | 'topic' | 'content'> {
  if (target.type === 'stream') {
    const channel = channelForSending(realm, target.to);
    const { content, topic } = checkChannelSend(realm, sender, channel, target.topic, rawContent);
    return { type: 'stream', to: channel.stream_id, topic, content };
  }
  if (target.to.length === 0) throw badRequest('Message must have recipients');
  const content = checkDirectSend(realm, target.to, rawContent);
  return { type: 'private', to: [...new Set(target.to)].sort((a, b) => a - b), topic: '', content };
}

function publishChange(realm: Realm, s: ScheduledMessage, op: 'add' | 'update'): void {
  const wire = scheduledMessageToWire(realm, s);
  realm.events.publish(
    [s.sender_id],
    op === 'add'
      ? { type: 'scheduled_messages', op, scheduled_messages: [wire] }
      : { type: 'scheduled_messages', op, scheduled_message: wire },
  );
}

export function publishRemoved(realm: Realm, s: ScheduledMessage): void {
  realm.events.publish([s.sender_id], {
    type: 'scheduled_messages',
    op: 'remove',
    scheduled_message_id: s.id,
  });
}

/** POST /scheduled_messages. */
export function createScheduledMessage(
  realm: Realm,
  sender: User,
  request: { target: ScheduledTarget; content: string; timestamp: number; readBySender?: boolean },
): ScheduledMessage {
  checkFuture(realm, request.timestamp);
  const s: ScheduledMessage = {
    id: realm.nextId('scheduled_message'),
    sender_id: sender.user_id,
    ...checkedTarget(realm, sender, request.target, request.content),
    scheduled_delivery_timestamp: request.timestamp,
    read_by_sender: request.readBySender,
    failed: false,
  };
  realm.scheduledMessages.set(s.id, s);
  publishChange(realm, s, 'add');
  return s;
}

/** Someone else's scheduled message answers as a missing one. */
function ownScheduledMessage(realm: Realm, user: User, id: number): ScheduledMessage {
  const s = realm.scheduledMessages.get(id);
  if (!s || s.sender_id !== user.user_id)
    throw new ApiError('Scheduled message does not exist', 'BAD_REQUEST', 404);
  return s;
}

export interface ScheduledEdit {
  type?: 'stream' | 'private';
  /** The raw `to` parsed for the new or current type by the route. */
  to?: string | number | number[];
  topic?: string;
  content?: string;
  timestamp?: number;
}

/**
 * PATCH /scheduled_messages/{id}: any of type (with `to`), target, topic, content and time. A message
 * whose delivery failed is scheduled again by an edit, which then needs a time in the future.
 */
export function editScheduledMessage(
  realm: Realm,
  user: User,
  id: number,
  edit: ScheduledEdit,
): ScheduledMessage {
  const s = ownScheduledMessage(realm, user, id);
  if (Object.values(edit).every((v) => v === undefined)) throw badRequest('Nothing to change');
  if (edit.type !== undefined && edit.to === undefined)
    throw badRequest('Recipient required when updating type of scheduled message.');
  if (edit.type === 'stream' && s.type !== 'stream' && edit.topic === undefined)
    throw badRequest('Topic required when updating scheduled message type to channel.');
  const timestamp = edit.timestamp ?? s.scheduled_delivery_timestamp;
  if (edit.timestamp !== undefined || s.failed) checkFuture(realm, timestamp);
  const type = edit.type ?? s.type;
  const to = edit.to ?? s.to;
  const target: ScheduledTarget =
    type === 'stream'
      ? { type, to: Array.isArray(to) ? (to[0] ?? '') : to, topic: edit.topic ?? s.topic }
      : { type, to: Array.isArray(to) ? to : [Number(to)] };
  Object.assign(s, checkedTarget(realm, user, target, edit.content ?? s.content), {
    scheduled_delivery_timestamp: timestamp,
    failed: false,
  });
  publishChange(realm, s, 'update');
  return s;
}

/** DELETE /scheduled_messages/{id}. */
export function deleteScheduledMessage(realm: Realm, user: User, id: number): void {
  const s = ownScheduledMessage(realm, user, id);
  realm.scheduledMessages.delete(s.id);
  publishRemoved(realm, s);
}

import { badRequest } from '../http/errors';
import { canAccessContent, type Channel } from './channels';
import { RESOLVED_TOPIC_PREFIX } from './limits';
import { normalizeContent, normalizeTopic } from './message-send';
import { readableMessage, type Message } from './messages';
import type { Realm } from './realm';
import type { User } from './users';

/** Reading a PATCH /messages/{message_id} request (spec 4.1) into what it would change. */

export type PropagateMode = 'change_one' | 'change_later' | 'change_all';

export interface EditRequest {
  topic?: string;
  propagateMode: PropagateMode;
  sendNotificationToOldThread: boolean;
  sendNotificationToNewThread: boolean;
  content?: string;
  streamId?: number;
  /** SHA-256 (hex) of the raw content the client edited; a mismatch means someone else edited first. */
  prevContentSha256?: string;
}

/** The request against the message as it is: only what actually changes is set. */
export interface EditPlan {
  request: EditRequest;
  message: Message;
  /** Undefined for direct messages. */
  oldChannel?: Channel;
  oldTopic: string;
  newTopic?: string;
  newChannel?: Channel;
  /** The content to store (empty becomes "(deleted)", long is truncated), unless it is the same. */
  newContent?: string;
  isMove: boolean;
  /** A topic change that only adds or removes the resolved prefix. */
  resolve: 'resolve' | 'unresolve' | null;
}

/** Whether `to` only adds or removes the resolved prefix of `from` (part 3). */
function resolveChange(from: string, to: string): 'resolve' | 'unresolve' | null {
  if (to === RESOLVED_TOPIC_PREFIX + from && !from.startsWith(RESOLVED_TOPIC_PREFIX)) return 'resolve';
  if (from === RESOLVED_TOPIC_PREFIX + to) return 'unresolve';
  return null;
}

/** The payload-shape rules (rule 1 and the propagate_mode rule). */
function checkShape(message: Message, req: EditRequest): void {
  if (req.topic === undefined && req.content === undefined && req.streamId === undefined) {
    throw badRequest('Nothing to change');
  }
  if (message.type === 'private') {
    if (req.streamId !== undefined) throw badRequest('Direct messages cannot be moved to channels.');
    if (req.topic !== undefined) throw badRequest('Direct messages cannot have topics.');
  }
  if (req.propagateMode !== 'change_one' && req.topic === undefined && req.streamId === undefined) {
    throw badRequest('Invalid propagate_mode without topic edit');
  }
  if (req.content !== undefined && req.streamId !== undefined) {
    throw badRequest('Cannot change message content while changing channel');
  }
}

/** A message the user can read, and a well-formed request for it; nothing about permissions yet. */
export function readEditRequest(realm: Realm, user: User, messageId: number, req: EditRequest): EditPlan {
  const message = readableMessage(realm, user, messageId);
  checkShape(message, req);

  const oldChannel = message.stream_id === null ? undefined : realm.channels.get(message.stream_id)!;
  const oldTopic = message.topic;
  let newTopic = req.topic === undefined ? undefined : normalizeTopic(realm, req.topic);
  if (newTopic === oldTopic) newTopic = undefined;
  let newChannel: Channel | undefined;
  if (req.streamId !== undefined && req.streamId !== message.stream_id) {
    newChannel = realm.channels.get(req.streamId);
    if (!newChannel || !canAccessContent(realm, user, newChannel)) throw badRequest('Invalid channel ID');
  }
  let newContent: string | undefined;
  if (req.content !== undefined) {
    newContent = req.content.trim() === '' ? '(deleted)' : normalizeContent(req.content);
    if (newContent === message.content) newContent = undefined;
  }
  return {
    request: req,
    message,
    oldChannel,
    oldTopic,
    newTopic,
    newChannel,
    newContent,
    isMove: newTopic !== undefined || newChannel !== undefined,
    resolve: newTopic !== undefined && !newChannel ? resolveChange(oldTopic, newTopic) : null,
  };
}

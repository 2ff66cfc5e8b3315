import { createHash } from 'node:crypto';
import { ApiError, badRequest } from '../http/errors';
import type { Realm } from './realm';
import { canAccessContent, canSendToChannel, type Channel } from './channels';
import { userInGroupSetting } from './groups';
import { isModeratorOrAbove } from './roles';
import type { User } from './users';
import {
  canReadMessage,
  interestedUserIds,
  messageFlags,
  rendered,
  topicMessages,
  type EditRecord,
  type Message,
} from './messages';
import { flagState, hasCopy } from './message-flags';
import { attachmentToWire, relinkAttachments } from './uploads';
import { moveUserTopics } from './user-topics';
import { EDIT_LIMIT_GRACE_SECONDS, RESOLVED_TOPIC_PREFIX, truncateContent } from './limits';
import { checkWildcardMentions, normalizeTopic, sendChannelMessage } from './message-send';
import { activeSubscriberIds } from './subscriptions';
import { isMeMessage, renderMarkdown, topicLinks } from '../render/markdown';

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

const NO_PERMISSION = "You don't have permission to edit this message";

export function invalidMessage(): ApiError {
  return badRequest('Invalid message(s)');
}

/** Whether `to` only adds or removes the resolved prefix of `from` (part 3). */
function resolveChange(from: string, to: string): 'resolve' | 'unresolve' | null {
  if (to === RESOLVED_TOPIC_PREFIX + from && !from.startsWith(RESOLVED_TOPIC_PREFIX)) return 'resolve';
  if (from === RESOLVED_TOPIC_PREFIX + to) return 'unresolve';
  return null;
}

function withinLimit(realm: Realm, message: Message, limit: number | null): boolean {
  return limit === null || realm.now() - message.timestamp <= limit;
}

function timeLimitError(msg: string, firstAllowed: number | null, total: number, allowed: number): ApiError {
  return new ApiError(msg, 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', 400, {
    first_message_id_allowed_to_move: firstAllowed,
    total_messages_in_topic: total,
    total_messages_allowed_to_move: allowed,
  });
}

function mention(user: User): string {
  return `@_**${user.full_name}|${user.user_id}**`;
}

function topicLink(channel: Channel, topic: string): string {
  return `#**${channel.name}>${topic}**`;
}

function notificationBot(realm: Realm): User | undefined {
  return [...realm.users.values()].find((u) => u.is_system_bot);
}

/**
 * PATCH /messages/{message_id} (spec 4.1). Returns the response fields (`detached_uploads`).
 */
export function editMessage(
  realm: Realm,
  user: User,
  messageId: number,
  req: EditRequest,
): Record<string, unknown> {
  const message = realm.messagesById.get(messageId);
  if (!message || !canReadMessage(realm, user, message)) throw invalidMessage();

  // Payload shape (rule 1 and the propagate_mode rule).
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

  const oldChannel = message.stream_id === null ? undefined : realm.channels.get(message.stream_id)!;
  const oldTopic = message.topic;
  let newTopic = req.topic === undefined ? undefined : normalizeTopic(realm, req.topic);
  if (newTopic === oldTopic) newTopic = undefined;
  let newChannel: Channel | undefined;
  if (req.streamId !== undefined && req.streamId !== message.stream_id) {
    newChannel = realm.channels.get(req.streamId);
    if (!newChannel || !canAccessContent(realm, user, newChannel)) throw badRequest('Invalid channel ID');
  }
  const isMove = newTopic !== undefined || newChannel !== undefined;
  const resolve = newTopic !== undefined && !newChannel ? resolveChange(oldTopic, newTopic) : null;

  // Content edits: only the sender, only while editing is allowed and within the limit.
  let newContent: string | undefined;
  if (req.content !== undefined) {
    if (!realm.settings.allow_message_editing)
      throw badRequest('Your organization has turned off message editing');
    if (message.sender_id !== user.user_id) throw badRequest(NO_PERMISSION);
    const limit = realm.settings.message_content_edit_limit_seconds;
    if (limit !== null && realm.now() - message.timestamp > limit + EDIT_LIMIT_GRACE_SECONDS) {
      throw badRequest('The time limit for editing this message has passed');
    }
    if (
      req.prevContentSha256 !== undefined &&
      createHash('sha256').update(message.content).digest('hex') !== req.prevContentSha256.toLowerCase()
    ) {
      throw badRequest(
        "'prev_content_sha256' does not match the message's current content; it was edited by someone else",
      );
    }
    newContent = req.content.trim() === '' ? '(deleted)' : truncateContent(req.content);
    if (newContent === message.content) newContent = undefined;
  }

  // Topic and channel moves: group permissions (rule 3), then time limits (rule 4).
  // The empty topic cannot be resolved; trimming leaves the bare check mark as its "resolved" form.
  // A client that shows the empty topic by its display name resolves it as "✔ <display name>".
  const resolvesEmpty =
    newTopic === RESOLVED_TOPIC_PREFIX.trim() ||
    newTopic === RESOLVED_TOPIC_PREFIX + realm.emptyTopicDisplayName;
  if (oldTopic === '' && resolvesEmpty && !newChannel) {
    throw badRequest(`${realm.emptyTopicDisplayName} cannot be marked as resolved`);
  }
  if (newTopic !== undefined) {
    const group = resolve
      ? realm.settings.can_resolve_topics_group
      : realm.settings.can_move_messages_between_topics_group;
    if (!userInGroupSetting(realm, user, group)) throw badRequest(NO_PERMISSION);
  }
  if (newChannel) {
    if (!userInGroupSetting(realm, user, realm.settings.can_move_messages_between_channels_group)) {
      throw badRequest(NO_PERMISSION);
    }
    if (!canSendToChannel(realm, user, newChannel)) {
      throw badRequest('You do not have permission to post in this channel.');
    }
  }

  // Which messages move (rule 2), limited to those the user can access (rule 6).
  let moved: Message[] = [];
  if (isMove && oldChannel) {
    const all = topicMessages(realm, oldChannel.stream_id, oldTopic).filter((m) =>
      canReadMessage(realm, user, m),
    );
    moved =
      req.propagateMode === 'change_all'
        ? all
        : req.propagateMode === 'change_later'
          ? all.filter((m) => m.id >= message.id)
          : [message];
    if (!moved.includes(message)) moved.push(message);
    moved.sort((a, b) => a.id - b.id);

    if (!isModeratorOrAbove(user) && resolve === null) {
      const limits = [
        ...(newTopic !== undefined ? [realm.settings.move_messages_within_stream_limit_seconds] : []),
        ...(newChannel ? [realm.settings.move_messages_between_streams_limit_seconds] : []),
      ];
      const movable = moved.filter((m) => limits.every((l) => withinLimit(realm, m, l)));
      if (movable.length < moved.length) {
        const what = newChannel ? 'channel' : 'topic';
        const msg =
          req.propagateMode === 'change_one'
            ? `The time limit for editing this message's ${what} has passed.`
            : movable.length === 0
              ? `You don't have permission to move any messages in this ${what === 'channel' ? 'topic to another channel' : 'topic'}.`
              : `You only have permission to move the ${movable.length} most recent messages in this topic.`;
        throw timeLimitError(msg, movable[0]?.id ?? null, moved.length, movable.length);
      }
    }
  }

  // Wildcard mentions in new content (rule 8).
  if (newContent !== undefined && oldChannel) {
    checkWildcardMentions(realm, user, oldChannel, oldTopic, renderMarkdown(realm, newContent).mentions);
  }

  if (newContent === undefined && !isMove) return { detached_uploads: [] };

  const now = realm.now();
  const interestedBefore = new Set<number>();
  for (const m of moved.length ? moved : [message])
    for (const id of interestedUserIds(realm, m)) interestedBefore.add(id);

  // Content.
  let detached: Record<string, unknown>[] = [];
  const origContent = message.content;
  const origRendered = rendered(realm, message).html;
  if (newContent !== undefined) {
    message.content = newContent;
    message.rendered = undefined;
    message.last_edit_timestamp = now;
    const lost = relinkAttachments(realm, message.id, message.sender_id, newContent);
    detached = lost
      .filter((a) => a.owner_id === user.user_id && a.message_ids.size === 0)
      .map((a) => attachmentToWire(realm, a));
  }

  // Moves: each moved message records its own snapshot (2.4).
  const finalChannel = newChannel ?? oldChannel;
  const finalTopic = newTopic ?? oldTopic;
  const lostAccess = new Map<number, number[]>();
  for (const m of moved) {
    const record: EditRecord = { user_id: user.user_id, timestamp: now };
    if (newTopic !== undefined) {
      record.prev_topic = m.topic;
      record.topic = newTopic;
      m.topic = newTopic;
    }
    if (newChannel) {
      record.prev_stream = m.stream_id!;
      record.stream = newChannel.stream_id;
      m.stream_id = newChannel.stream_id;
      // Copies follow access: users who cannot read the new channel lose theirs; its subscribers gain one (read).
      const keep = m.recipients.filter((id) => {
        const u = realm.users.get(id);
        const ok = !!u && (id === m.sender_id || canReadMessage(realm, u, m, { ignoreCopy: true }));
        if (!ok) lostAccess.set(id, [...(lostAccess.get(id) ?? []), m.id]);
        return ok;
      });
      const gained = activeSubscriberIds(newChannel).filter((id) => !keep.includes(id));
      m.recipients = [...keep, ...gained].sort((a, b) => a - b);
      for (const [id] of lostAccess) flagState(realm, id).unread.delete(m.id);
    }
    if (m === message && newContent !== undefined) {
      record.prev_content = origContent;
      record.prev_rendered_content = origRendered;
      record.content = newContent;
    }
    m.edits.push(record);
    m.last_moved_timestamp = now;
  }
  if (newContent !== undefined && !moved.includes(message)) {
    message.edits.push({
      user_id: user.user_id,
      timestamp: now,
      prev_content: origContent,
      prev_rendered_content: origRendered,
      content: newContent,
    });
  }
  if (isMove && req.propagateMode === 'change_all' && oldChannel && finalChannel) {
    moveUserTopics(realm, oldChannel.stream_id, oldTopic, finalChannel.stream_id, finalTopic);
  }

  // The update_message event, to everyone who could see the messages before or can now.
  const ids = (moved.length ? moved : [message]).map((m) => m.id);
  const recipients = new Set(interestedBefore);
  for (const m of moved) for (const id of interestedUserIds(realm, m)) recipients.add(id);
  for (const id of lostAccess.keys()) recipients.delete(id);
  const base: Record<string, unknown> & { type: string } = {
    type: 'update_message',
    user_id: user.user_id,
    edit_timestamp: now,
    message_id: message.id,
    message_ids: ids,
    rendering_only: false,
  };
  if (oldChannel) {
    base.stream_id = oldChannel.stream_id;
    base.stream_name = oldChannel.name; // deprecated, still sent
  }
  if (isMove) {
    base.propagate_mode = req.propagateMode;
    base.orig_subject = oldTopic;
    if (newTopic !== undefined) {
      base.subject = newTopic;
      base.topic_links = topicLinks(realm, newTopic);
    }
    if (newChannel) base.new_stream_id = newChannel.stream_id;
  }
  if (newContent !== undefined) {
    Object.assign(base, {
      orig_content: origContent,
      orig_rendered_content: origRendered,
      content: rendered(realm, message).html,
      rendered_content: rendered(realm, message).html,
      is_me_message: isMeMessage(newContent),
      __raw_content: newContent,
    });
  }
  realm.events.publish(recipients, (userId) => ({
    ...base,
    flags:
      hasCopy(message, userId) || canReadMessage(realm, realm.users.get(userId)!, message)
        ? messageFlags(realm, userId, message)
        : [],
  }));
  for (const [userId, lostIds] of lostAccess) {
    realm.events.publish([userId], {
      type: 'delete_message',
      message_ids: lostIds,
      message_type: 'stream',
      stream_id: oldChannel!.stream_id,
      topic: oldTopic,
    });
  }

  // Notices from the notification bot.
  const bot = notificationBot(realm);
  if (bot && isMove && oldChannel && finalChannel) {
    if (resolve) {
      const verb = resolve === 'resolve' ? 'resolved' : 'unresolved';
      sendChannelMessage(
        realm,
        bot,
        finalChannel,
        finalTopic,
        `${mention(user)} has marked this topic as ${verb}.`,
        { internal: true, actingUserId: user.user_id },
      );
    } else {
      const remaining = topicMessages(realm, oldChannel.stream_id, oldTopic).length;
      const whole = remaining === 0;
      const count = moved.length;
      const what = count === 1 ? 'A message was' : `${count} messages were`;
      if (req.sendNotificationToNewThread) {
        const text = whole
          ? `This topic was moved here from ${topicLink(oldChannel, oldTopic)} by ${mention(user)}.`
          : `${what} moved here from ${topicLink(oldChannel, oldTopic)} by ${mention(user)}.`;
        sendChannelMessage(realm, bot, finalChannel, finalTopic, text, {
          internal: true,
          actingUserId: user.user_id,
        });
      }
      if (req.sendNotificationToOldThread) {
        const text = whole
          ? `This topic was moved to ${topicLink(finalChannel, finalTopic)} by ${mention(user)}.`
          : `${what} moved from this topic to ${topicLink(finalChannel, finalTopic)} by ${mention(user)}.`;
        sendChannelMessage(realm, bot, oldChannel, oldTopic, text, {
          internal: true,
          actingUserId: user.user_id,
        });
      }
    }
  }
  return { detached_uploads: detached };
}

import { isMeMessage, topicLinks } from '../render/markdown';
import type { Channel } from './channels';
import type { ContentBefore } from './message-edit-apply';
import type { EditPlan } from './message-edit-request';
import { hasCopy } from './message-flags';
import { sendChannelMessage } from './message-send';
import {
  canReadMessage,
  interestedUserIds,
  messageFlags,
  rendered,
  topicMessages,
  type Message,
} from './messages';
import type { Realm } from './realm';
import type { User } from './users';

/** What an edit tells others: the update_message event, lost copies, and the notification bot's notices. */

export interface EditOutcome {
  /** The messages that moved (none for a content edit alone). */
  moved: readonly Message[];
  /** Users who could see the changed messages before the edit. */
  interestedBefore: ReadonlySet<number>;
  /** Users whose copies a channel move removed: user → message IDs. */
  lostAccess: ReadonlyMap<number, number[]>;
  before: ContentBefore;
  now: number;
}

function updateMessageEvent(
  realm: Realm,
  user: User,
  plan: EditPlan,
  outcome: EditOutcome,
): Record<string, unknown> & { type: string } {
  const { message, oldChannel, oldTopic, newTopic, newChannel, newContent } = plan;
  const event: Record<string, unknown> & { type: string } = {
    type: 'update_message',
    user_id: user.user_id,
    edit_timestamp: outcome.now,
    message_id: message.id,
    message_ids: (outcome.moved.length ? outcome.moved : [message]).map((m) => m.id),
    rendering_only: false,
  };
  if (oldChannel) {
    event.stream_id = oldChannel.stream_id;
    event.stream_name = oldChannel.name; // deprecated, still sent
  }
  if (plan.isMove) {
    event.propagate_mode = plan.request.propagateMode;
    event.orig_subject = oldTopic;
    if (newTopic !== undefined) {
      event.subject = newTopic;
      event.topic_links = topicLinks(realm, newTopic);
    }
    if (newChannel) event.new_stream_id = newChannel.stream_id;
  }
  if (newContent !== undefined) {
    Object.assign(event, {
      orig_content: outcome.before.content,
      orig_rendered_content: outcome.before.rendered,
      content: rendered(realm, message).html,
      rendered_content: rendered(realm, message).html,
      is_me_message: isMeMessage(newContent),
      __raw_content: newContent,
    });
  }
  return event;
}

/**
 * The update_message event goes to everyone who could see the messages before or can now; those
 * who lost copies get delete_message for them, and the update only for the copies they keep (the
 * sender of some of the messages keeps those), if any.
 */
export function publishEdit(realm: Realm, user: User, plan: EditPlan, outcome: EditOutcome): void {
  const { message } = plan;
  const recipients = new Set(outcome.interestedBefore);
  for (const m of outcome.moved) for (const id of interestedUserIds(realm, m)) recipients.add(id);
  const event = updateMessageEvent(realm, user, plan, outcome);
  const messageIds = event.message_ids as number[];
  const keptIds = (userId: number) => {
    const lost = new Set(outcome.lostAccess.get(userId));
    return messageIds.filter((id) => !lost.has(id));
  };
  for (const id of outcome.lostAccess.keys()) if (keptIds(id).length === 0) recipients.delete(id);
  realm.events.publish(recipients, (userId) => ({
    ...event,
    message_ids: outcome.lostAccess.has(userId) ? keptIds(userId) : messageIds,
    flags:
      hasCopy(message, userId) || canReadMessage(realm, realm.users.get(userId)!, message)
        ? messageFlags(realm, userId, message)
        : [],
  }));
  for (const [userId, lostIds] of outcome.lostAccess) {
    realm.events.publish([userId], {
      type: 'delete_message',
      message_ids: lostIds,
      message_type: 'stream',
      stream_id: plan.oldChannel!.stream_id,
      topic: plan.oldTopic,
    });
  }
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

/** The notification bot's notices of a move: resolved/unresolved, or moved here/from here as asked. */
export function sendMoveNotices(realm: Realm, user: User, plan: EditPlan, movedCount: number): void {
  const { oldChannel, oldTopic, request } = plan;
  const finalChannel = plan.newChannel ?? oldChannel;
  const finalTopic = plan.newTopic ?? oldTopic;
  const bot = notificationBot(realm);
  if (!bot || !plan.isMove || !oldChannel || !finalChannel) return;
  const post = (channel: Channel, topic: string, text: string) =>
    sendChannelMessage(realm, bot, channel, topic, text, { internal: true, actingUserId: user.user_id });
  if (plan.resolve) {
    const verb = plan.resolve === 'resolve' ? 'resolved' : 'unresolved';
    post(finalChannel, finalTopic, `${mention(user)} has marked this topic as ${verb}.`);
    return;
  }
  const whole = topicMessages(realm, oldChannel.stream_id, oldTopic).length === 0;
  const what = movedCount === 1 ? 'A message was' : `${movedCount} messages were`;
  if (request.sendNotificationToNewThread) {
    post(
      finalChannel,
      finalTopic,
      whole
        ? `This topic was moved here from ${topicLink(oldChannel, oldTopic)} by ${mention(user)}.`
        : `${what} moved here from ${topicLink(oldChannel, oldTopic)} by ${mention(user)}.`,
    );
  }
  if (request.sendNotificationToOldThread) {
    post(
      oldChannel,
      oldTopic,
      whole
        ? `This topic was moved to ${topicLink(finalChannel, finalTopic)} by ${mention(user)}.`
        : `${what} moved from this topic to ${topicLink(finalChannel, finalTopic)} by ${mention(user)}.`,
    );
  }
}

import { createHash } from 'node:crypto';
import { ApiError, badRequest } from '../http/errors';
import { renderMarkdown } from '../render/markdown';
import { canMoveOutOfChannel, canMoveWithinChannel, canSendToChannel } from './channels';
import { userInGroupSetting } from './groups';
import { EDIT_LIMIT_GRACE_SECONDS, RESOLVED_TOPIC_PREFIX } from './limits';
import type { EditPlan } from './message-edit-request';
import { checkWildcardMentions } from './message-send';
import { canReadMessage, topicMessages, type Message } from './messages';
import type { Realm } from './realm';
import { isModeratorOrAbove } from './roles';
import type { User } from './users';

/** Who may make the edit a plan describes (spec 4.1 rules 3, 4, 6 and 8), and which messages move. */

const NO_PERMISSION = "You don't have permission to edit this message";

/** Content edits: only the sender, only while editing is allowed, within the limit, of the current content. */
export function authorizeContentEdit(realm: Realm, user: User, plan: EditPlan): void {
  const { message, request } = plan;
  if (request.content === undefined) return;
  if (!realm.settings.allow_message_editing)
    throw badRequest('Your organization has turned off message editing');
  if (message.sender_id !== user.user_id) throw badRequest(NO_PERMISSION);
  const limit = realm.settings.message_content_edit_limit_seconds;
  if (limit !== null && realm.now() - message.timestamp > limit + EDIT_LIMIT_GRACE_SECONDS) {
    throw badRequest('The time limit for editing this message has passed');
  }
  if (
    request.prevContentSha256 !== undefined &&
    createHash('sha256').update(message.content).digest('hex') !== request.prevContentSha256.toLowerCase()
  ) {
    throw badRequest(
      "'prev_content_sha256' does not match the message's current content; it was edited by someone else",
    );
  }
}

/** Topic and channel moves: the organization's group settings (rule 3). */
export function authorizeMove(realm: Realm, user: User, plan: EditPlan): void {
  const { oldTopic, newTopic, newChannel } = plan;
  // The empty topic cannot be resolved; trimming leaves the bare check mark as its "resolved" form.
  // A client that shows the empty topic by its display name resolves it as "✔ <display name>".
  const resolvesEmpty =
    newTopic === RESOLVED_TOPIC_PREFIX.trim() ||
    newTopic === RESOLVED_TOPIC_PREFIX + realm.emptyTopicDisplayName;
  if (oldTopic === '' && resolvesEmpty && !newChannel) {
    throw badRequest(`${realm.emptyTopicDisplayName} cannot be marked as resolved`);
  }
  if (newTopic !== undefined) {
    if (plan.resolve) {
      if (!userInGroupSetting(realm, user, realm.settings.can_resolve_topics_group))
        throw badRequest("You don't have permission to resolve topics in this channel.");
    } else if (!canMoveWithinChannel(realm, user, plan.oldChannel!)) throw badRequest(NO_PERMISSION);
  }
  if (newChannel) {
    if (!canMoveOutOfChannel(realm, user, plan.oldChannel!)) {
      throw badRequest("You don't have permission to move this message");
    }
    if (!canSendToChannel(realm, user, newChannel)) {
      throw badRequest('You do not have permission to post in this channel.');
    }
  }
}

/** The real service allows moves up to 20 seconds past the limit, as for content edits. */
function withinLimit(realm: Realm, message: Message, limit: number | null): boolean {
  return limit === null || realm.now() - message.timestamp <= limit + EDIT_LIMIT_GRACE_SECONDS;
}

function timeLimitError(msg: string, firstAllowed: number | null, total: number, allowed: number): ApiError {
  return new ApiError(msg, 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', 400, {
    first_message_id_allowed_to_move: firstAllowed,
    total_messages_in_topic: total,
    total_messages_allowed_to_move: allowed,
  });
}

/** Move time limits (rule 4): moderators and resolving are exempt; otherwise every moved message must be within them. */
function checkMoveTimeLimits(realm: Realm, user: User, plan: EditPlan, moved: readonly Message[]): void {
  if (isModeratorOrAbove(user) || plan.resolve !== null) return;
  const limits = [
    ...(plan.newTopic !== undefined ? [realm.settings.move_messages_within_stream_limit_seconds] : []),
    ...(plan.newChannel ? [realm.settings.move_messages_between_streams_limit_seconds] : []),
  ];
  const movable = moved.filter((m) => limits.every((l) => withinLimit(realm, m, l)));
  if (movable.length === moved.length) return;
  const what = plan.newChannel ? 'channel' : 'topic';
  const msg =
    plan.request.propagateMode === 'change_one'
      ? `The time limit for editing this message's ${what} has passed${what === 'topic' ? '.' : ''}`
      : movable.length === 0
        ? `You don't have permission to move any messages in this ${what === 'channel' ? 'topic to another channel' : 'topic'}.`
        : `You only have permission to move the ${movable.length}/${moved.length} most recent messages in this topic.`;
  throw timeLimitError(msg, movable[0]?.id ?? null, moved.length, movable.length);
}

/**
 * The messages a move takes (rule 2), limited to those the user can read (rule 6), in ID order,
 * once the time limits allow it; none when nothing moves.
 */
export function messagesToMove(realm: Realm, user: User, plan: EditPlan): Message[] {
  const { message, oldChannel } = plan;
  if (!plan.isMove || !oldChannel) return [];
  const all = topicMessages(realm, oldChannel.stream_id, plan.oldTopic).filter((m) =>
    canReadMessage(realm, user, m),
  );
  const mode = plan.request.propagateMode;
  const moved =
    mode === 'change_all' ? all : mode === 'change_later' ? all.filter((m) => m.id >= message.id) : [message];
  if (!moved.includes(message)) moved.push(message);
  moved.sort((a, b) => a.id - b.id);
  checkMoveTimeLimits(realm, user, plan, moved);
  return moved;
}

/** Wildcard mentions in new content (rule 8), against the channel and topic the message is in. */
export function authorizeNewMentions(realm: Realm, user: User, plan: EditPlan): void {
  if (plan.newContent === undefined || !plan.oldChannel) return;
  checkWildcardMentions(
    realm,
    user,
    plan.oldChannel,
    plan.oldTopic,
    renderMarkdown(realm, plan.newContent).mentions,
  );
}

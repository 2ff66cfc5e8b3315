import { flagState } from './message-flags';
import type { EditPlan } from './message-edit-request';
import { canReadMessage, type EditRecord, type Message } from './messages';
import type { Realm } from './realm';
import { activeSubscriberIds } from './subscriptions';
import { attachmentToWire, relinkAttachments } from './uploads';
import type { User } from './users';
import { dropMessageIndex } from './message-index';

/** Carrying out a checked edit: the message's content, the moved messages, and their edit history. */

/** The edited message as it was, for the history and the update event. */
export interface ContentBefore {
  content: string;
  rendered: string;
}

/**
 * The edit history entries (2.4): each moved message records its own snapshot, and the edited one
 * its content change (in the same entry when it also moved). Built from the messages before they change.
 */
export function historyEntries(
  user: User,
  plan: EditPlan,
  moved: readonly Message[],
  before: ContentBefore,
  now: number,
): Map<Message, EditRecord> {
  const { message, newTopic, newChannel, newContent } = plan;
  const entries = new Map<Message, EditRecord>();
  for (const m of moved) {
    const record: EditRecord = { user_id: user.user_id, timestamp: now };
    if (newTopic !== undefined) {
      record.prev_topic = m.topic;
      record.topic = newTopic;
    }
    if (newChannel) {
      record.prev_stream = m.stream_id!;
      record.stream = newChannel.stream_id;
    }
    entries.set(m, record);
  }
  if (newContent !== undefined) {
    const record = entries.get(message) ?? { user_id: user.user_id, timestamp: now };
    record.prev_content = before.content;
    record.prev_rendered_content = before.rendered;
    record.content = newContent;
    entries.set(message, record);
  }
  return entries;
}

export function recordHistory(entries: Map<Message, EditRecord>): void {
  for (const [m, record] of entries) m.edits.push(record);
}

/**
 * The new content, and the uploads it no longer links. Returns those the editor owns that no message
 * links any more (`detached_uploads`).
 */
export function applyContentChange(
  realm: Realm,
  user: User,
  message: Message,
  newContent: string,
  now: number,
): Record<string, unknown>[] {
  message.content = newContent;
  message.rendered = undefined;
  message.last_edit_timestamp = now;
  const lost = relinkAttachments(realm, message.id, message.sender_id, newContent);
  return lost
    .filter((a) => a.owner_id === user.user_id && a.message_ids.size === 0)
    .map((a) => attachmentToWire(realm, a));
}

/**
 * Moves each message to the new topic and channel. On a channel move copies follow the new channel's
 * subscribers, as the real service does: a user not subscribed to it loses their copy and its flags
 * (a message moved away from them is no longer unread or starred for them), and one who cannot read
 * it at all is also returned (user → message IDs, for their deletion events); its subscribers gain
 * a copy (read). The sender keeps theirs.
 */
export function applyMove(
  realm: Realm,
  plan: EditPlan,
  moved: readonly Message[],
  now: number,
): Map<number, number[]> {
  const { newTopic, newChannel } = plan;
  const lostAccess = new Map<number, number[]>();
  const subscribers = newChannel ? new Set(activeSubscriberIds(newChannel)) : null;
  dropMessageIndex(realm);
  for (const m of moved) {
    if (newTopic !== undefined) m.topic = newTopic;
    if (newChannel && subscribers) {
      m.stream_id = newChannel.stream_id;
      const keep = new Set<number>();
      for (const id of m.recipients) {
        if (id === m.sender_id) {
          keep.add(id);
          continue;
        }
        const u = realm.users.get(id);
        const readable = !!u && canReadMessage(realm, u, m, { ignoreCopy: true });
        if (!readable) {
          const lost = lostAccess.get(id);
          if (lost) lost.push(m.id);
          else lostAccess.set(id, [m.id]);
        }
        if (readable && subscribers.has(id)) {
          keep.add(id);
          continue;
        }
        const flags = flagState(realm, id);
        flags.unread.delete(m.id);
        flags.starred.delete(m.id);
        flags.collapsed.delete(m.id);
      }
      for (const id of subscribers) keep.add(id);
      m.recipients = [...keep].sort((a, b) => a - b);
    }
    // As in the real service (level 365), resolving or unresolving a topic is not a move.
    if (newChannel || !plan.resolve) m.last_moved_timestamp = now;
  }
  return lostAccess;
}

import type { Message } from '../../api/model';
import { conversationKey, isComposeNarrow, type ComposeNarrow, type Narrow } from '../../api/narrow';

/** A view of several conversations, which has no compose box of its own. */
export function mixesConversations(view: Narrow): boolean {
  return !isComposeNarrow(view);
}

/** The conversation a reply to `message` goes to. */
export function replyNarrow(message: Message, selfId: number | undefined): ComposeNarrow {
  if (message.type === 'stream' && message.stream_id !== undefined)
    return { kind: 'topic', streamId: message.stream_id, topic: message.subject ?? '' };
  const ids = Array.isArray(message.display_recipient) ? message.display_recipient.map((u) => u.id) : [];
  const others = ids.filter((id) => id !== selfId);
  return { kind: 'dm', userIds: others.length ? others : ids };
}

/**
 * Where a reply to `message` is written from the view `current`: a channel view writes to the
 * message's topic in its own box (`inChannelBox`), unless that box holds text for another topic or
 * the topic has a draft of its own; the reply then goes to the topic's view, where its own box and
 * draft are, and the channel box keeps its text. A view that mixes conversations (All messages,
 * Starred, a search) opens a box for the message's conversation in place (`inView`). Elsewhere, the
 * message's conversation.
 */
export function replyTarget(
  current: Narrow | null,
  message: Message,
  selfId: number | undefined,
  boxes: { text(key: string): string; topic(key: string): string; hasDraft(key: string): boolean },
): { narrow: ComposeNarrow; inChannelBox: boolean; inView?: true } {
  const conversation = replyNarrow(message, selfId);
  if (current && mixesConversations(current))
    return { narrow: conversation, inChannelBox: false, inView: true };
  if (
    current?.kind !== 'channel' ||
    conversation.kind !== 'topic' ||
    conversation.streamId !== current.streamId
  )
    return { narrow: conversation, inChannelBox: false };
  const box = conversationKey(current, selfId);
  const topic = conversation.topic.toLowerCase();
  const busyElsewhere = boxes.text(box).trim() !== '' && boxes.topic(box).toLowerCase() !== topic;
  const topicHasOwn = boxes.hasDraft(conversationKey(conversation, selfId));
  return busyElsewhere || topicHasOwn
    ? { narrow: conversation, inChannelBox: false }
    : { narrow: current, inChannelBox: true };
}

import type { ComposeNarrow } from '../../api/narrow';
import type { TypingTarget } from '../typing/useTypingNotifier';

export type Conversation = Exclude<ComposeNarrow, { kind: 'channel' }>;

/** The conversation a box writes to: a channel view's box names its topic, once one is typed. */
export function writtenTo(narrow: ComposeNarrow, channelTopic: string): Conversation | null {
  if (narrow.kind !== 'channel') return narrow;
  return channelTopic ? { kind: 'topic', streamId: narrow.streamId, topic: channelTopic } : null;
}

export function typingTarget(conversation: Conversation | null, selfId: number | undefined): TypingTarget {
  if (!conversation) return null;
  if (conversation.kind === 'topic')
    return { kind: 'channel', streamId: conversation.streamId, topic: conversation.topic };
  const { userIds } = conversation;
  return { kind: 'direct', userIds: userIds.length ? userIds : selfId !== undefined ? [selfId] : [] };
}

import type { Narrow } from '../../api/narrow';
import { inboxConversations, type InboxConversation, type InboxInput } from '../inbox/inbox-model';

type Conversation = Extract<Narrow, { kind: 'topic' | 'dm' }>;

function narrowOf(c: InboxConversation): Conversation {
  return c.kind === 'topic'
    ? { kind: 'topic', streamId: c.streamId, topic: c.topic }
    : { kind: 'dm', userIds: c.userIds };
}

function sameConversation(a: Conversation, b: Narrow | null, selfId: number | undefined): boolean {
  if (!b) return false;
  if (a.kind === 'topic')
    return b.kind === 'topic' && b.streamId === a.streamId && b.topic.toLowerCase() === a.topic.toLowerCase();
  if (b.kind !== 'dm') return false;
  const others = (ids: number[]) =>
    ids
      .filter((id) => id !== selfId)
      .sort((x, y) => x - y)
      .join(',');
  return others(a.userIds) === others(b.userIds);
}

/**
 * The unread conversation `n` (topics) or `p` (direct messages) goes to: in the Inbox's order
 * (channels as the sidebar lists them, each topic newest unread first; direct messages newest
 * first), the one after the conversation shown, or the first when the one shown has nothing
 * unread left. Null when there is no other.
 */
export function nextUnreadConversation(
  kind: 'topic' | 'dm',
  input: Omit<InboxInput, 'collapsed'>,
  current: Narrow | null,
): Conversation | null {
  const { dms, byChannel } = inboxConversations(input);
  let list: InboxConversation[];
  if (kind === 'dm') list = dms;
  else {
    list = [];
    const listed = new Set<number>();
    for (const channel of input.channels) {
      listed.add(channel.stream_id);
      list.push(...(byChannel.get(channel.stream_id) ?? []));
    }
    for (const [streamId, topics] of byChannel) if (!listed.has(streamId)) list.push(...topics);
  }
  const conversations = list.map(narrowOf);
  const at = conversations.findIndex((c) => sameConversation(c, current, input.selfId));
  if (at < 0) return conversations[0] ?? null;
  if (conversations.length === 1) return null;
  return conversations[(at + 1) % conversations.length]!;
}

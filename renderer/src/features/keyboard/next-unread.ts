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
 * first), the one after the conversation shown, wrapping around at the end. When the one shown has
 * nothing unread left (read just now), `n` goes on from its channel, as the real service does: that
 * channel's unread topics, then the channels after it; the first otherwise. Null when there is no
 * other.
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
    const order = input.channels.map((channel) => channel.stream_id);
    // Read just now: from its channel on (a channel view counts as its channel too).
    const streamId = current?.kind === 'topic' || current?.kind === 'channel' ? current.streamId : null;
    const from = streamId === null ? -1 : order.indexOf(streamId);
    const shownHasUnread =
      current?.kind === 'topic' &&
      (byChannel.get(current.streamId) ?? []).some((c) =>
        sameConversation(narrowOf(c), current, input.selfId),
      );
    const rotated = from > 0 && !shownHasUnread ? [...order.slice(from), ...order.slice(0, from)] : order;
    list = rotated.flatMap((id) => byChannel.get(id) ?? []);
  }
  const conversations = list.map(narrowOf);
  const at = conversations.findIndex((c) => sameConversation(c, current, input.selfId));
  if (at < 0) return conversations[0] ?? null;
  if (conversations.length === 1) return null;
  return conversations[(at + 1) % conversations.length]!;
}

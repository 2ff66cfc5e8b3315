import type { Message } from '../../api/model';
import type { ComposeNarrow } from '../../api/narrow';

/** The conversation a reply to `message` goes to. */
export function replyNarrow(message: Message, selfId: number | undefined): ComposeNarrow {
  if (message.type === 'stream' && message.stream_id !== undefined)
    return { kind: 'topic', streamId: message.stream_id, topic: message.subject ?? '' };
  const ids = Array.isArray(message.display_recipient) ? message.display_recipient.map((u) => u.id) : [];
  const others = ids.filter((id) => id !== selfId);
  return { kind: 'dm', userIds: others.length ? others : ids };
}

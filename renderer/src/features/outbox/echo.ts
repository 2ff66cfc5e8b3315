import type { OutboxDestination, OutboxEntry } from '../../../../shared/ipc';
import type { ComposeNarrow, Narrow } from '../../api/narrow';

/** Where a compose box's message goes, or null when the view has no single destination. */
export function destinationFor(
  narrow: Narrow,
  channelTopic: string,
  selfId: number | undefined,
): OutboxDestination | null {
  if (narrow.kind === 'topic') return { type: 'channel', streamId: narrow.streamId, topic: narrow.topic };
  if (narrow.kind === 'channel') return { type: 'channel', streamId: narrow.streamId, topic: channelTopic };
  if (narrow.kind === 'dm')
    return {
      type: 'direct',
      userIds: narrow.userIds.length || selfId === undefined ? narrow.userIds : [selfId],
    };
  return null;
}

/** The conversation a message goes to, as the view whose compose box writes there. */
export function conversationOfDestination(
  destination: OutboxDestination,
  selfId: number | undefined,
): ComposeNarrow {
  return destination.type === 'channel'
    ? { kind: 'topic', streamId: destination.streamId, topic: destination.topic }
    : { kind: 'dm', userIds: destination.userIds.filter((id) => id !== selfId) };
}

const others = (ids: number[], selfId: number | undefined) =>
  ids
    .filter((id) => id !== selfId)
    .sort((a, b) => a - b)
    .join(',');

export function destinationInNarrow(
  destination: OutboxDestination,
  narrow: Narrow,
  selfId: number | undefined,
): boolean {
  switch (narrow.kind) {
    // Every conversation the person writes to is in it (a reply opened there, for one).
    case 'all':
      return true;
    case 'topic':
      return (
        destination.type === 'channel' &&
        destination.streamId === narrow.streamId &&
        destination.topic.trim().toLowerCase() === narrow.topic.trim().toLowerCase()
      );
    case 'channel':
      return destination.type === 'channel' && destination.streamId === narrow.streamId;
    case 'dm':
      return (
        destination.type === 'direct' &&
        others(destination.userIds, selfId) === others(narrow.userIds, selfId)
      );
    default:
      return false;
  }
}

export interface FeedView {
  /** Ids of the messages the feed holds now. */
  loadedIds: ReadonlySet<number>;
  /** The feed ends at the conversation's newest message (a new one would be appended to it). */
  atNewest: boolean;
  selfId: number | undefined;
}

/**
 * The local echoes a feed shows at its end: its conversation's outbox messages, minus those whose
 * real message the feed already has (by the id the outbox or the event stream reported), so a
 * message never shows twice. A delivered message the feed cannot show (it does not end at the
 * newest) leaves its echo too.
 */
export function echoesFor(
  narrow: Narrow,
  entries: readonly OutboxEntry[],
  confirmed: Readonly<Record<string, number>>,
  view: FeedView,
): OutboxEntry[] {
  return entries.filter((entry) => {
    if (!destinationInNarrow(entry.destination, narrow, view.selfId)) return false;
    const messageId = entry.messageId ?? confirmed[entry.localId];
    if (messageId === undefined) return true;
    return view.atNewest && !view.loadedIds.has(messageId);
  });
}

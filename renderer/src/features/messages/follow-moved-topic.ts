import type { InitialState } from '../../api/model';
import type { Narrow } from '../../api/narrow';

interface MoveEvent {
  type?: unknown;
  propagate_mode?: unknown;
  stream_id?: unknown;
  new_stream_id?: unknown;
  orig_subject?: unknown;
  subject?: unknown;
  message_ids?: unknown;
}

export interface TopicPlace {
  streamId: number;
  topic: string;
}

/**
 * A topic moved (renamed, resolved, or moved to another channel) by anyone, from a message on:
 * the whole topic (`change_all`) or its later part (`change_later`), which the real service's
 * clients treat alike for drafts and compose boxes.
 */
export interface TopicMove {
  from: TopicPlace;
  to: TopicPlace;
  whole: boolean;
  messageIds: readonly number[];
}

export const sameTopic = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Whether the person can open a channel, by the register state: one they are in, have left, or
 * may read (public). A topic moved into any other (a private channel they are not in) takes
 * neither their view nor their drafts: there they could read nothing and post nothing.
 */
export function channelOpener(state: InitialState | undefined): (streamId: number) => boolean {
  // Built on the first question only: every event batch makes an opener, and few hold a move.
  let ids: Set<number> | null = null;
  return (streamId) => {
    ids ??= new Set(
      [
        ...(state?.subscriptions ?? []),
        ...(state?.unsubscribed ?? []),
        ...(state?.never_subscribed ?? []),
      ].map((channel) => channel.stream_id),
    );
    return ids.has(streamId);
  };
}

/**
 * The moves of a topic or of its later part among `events`, in order, into channels the person
 * can open (`opens`, see channelOpener).
 */
export function topicMovesForward(
  events: readonly unknown[],
  opens: (streamId: number) => boolean,
): TopicMove[] {
  const moves: TopicMove[] = [];
  for (const raw of events) {
    const event = raw as MoveEvent;
    if (event.type !== 'update_message') continue;
    if (event.propagate_mode !== 'change_all' && event.propagate_mode !== 'change_later') continue;
    if (typeof event.stream_id !== 'number' || typeof event.orig_subject !== 'string') continue;
    const streamId = typeof event.new_stream_id === 'number' ? event.new_stream_id : event.stream_id;
    const topic = typeof event.subject === 'string' ? event.subject : event.orig_subject;
    if (streamId === event.stream_id && topic === event.orig_subject) continue;
    if (!opens(streamId)) continue;
    const messageIds = Array.isArray(event.message_ids)
      ? event.message_ids.filter((id): id is number => typeof id === 'number')
      : [];
    moves.push({
      from: { streamId: event.stream_id, topic: event.orig_subject },
      to: { streamId, topic },
      whole: event.propagate_mode === 'change_all',
      messageIds,
    });
  }
  return moves;
}

/**
 * Whether `move` takes the topic view `narrow` with it, as the real service's web app decides:
 * the whole topic moved, or the part moved holds the message the person has selected.
 */
export function takesTopicView(
  move: TopicMove,
  narrow: Narrow | null,
  selectedId: number | undefined,
): boolean {
  if (narrow?.kind !== 'topic' || move.from.streamId !== narrow.streamId) return false;
  if (!sameTopic(move.from.topic, narrow.topic)) return false;
  return move.whole || (selectedId !== undefined && move.messageIds.includes(selectedId));
}

/**
 * Where a topic view goes when its topic moves (takesTopicView): to the topic's new place. Null
 * when none of `events` takes the topic `narrow` shows. Later events win (a topic moved twice).
 */
export function movedTopicNarrow(
  narrow: Narrow | null,
  events: readonly unknown[],
  opens: (streamId: number) => boolean,
  selectedId?: number,
): Narrow | null {
  let current = narrow;
  for (const move of topicMovesForward(events, opens))
    if (takesTopicView(move, current, selectedId)) current = { kind: 'topic', ...move.to };
  return current === narrow ? null : current;
}

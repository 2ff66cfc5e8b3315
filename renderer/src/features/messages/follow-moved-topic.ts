import type { Narrow } from '../../api/narrow';

interface MoveEvent {
  type?: unknown;
  propagate_mode?: unknown;
  stream_id?: unknown;
  new_stream_id?: unknown;
  orig_subject?: unknown;
  subject?: unknown;
}

export interface TopicPlace {
  streamId: number;
  topic: string;
}

/** A whole topic moved (renamed, resolved, or moved to another channel), by anyone. */
export interface TopicMove {
  from: TopicPlace;
  to: TopicPlace;
}

export const sameTopic = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The whole-topic moves among `events`, in order. */
export function wholeTopicMoves(events: readonly unknown[]): TopicMove[] {
  const moves: TopicMove[] = [];
  for (const raw of events) {
    const event = raw as MoveEvent;
    if (event.type !== 'update_message' || event.propagate_mode !== 'change_all') continue;
    if (typeof event.stream_id !== 'number' || typeof event.orig_subject !== 'string') continue;
    const streamId = typeof event.new_stream_id === 'number' ? event.new_stream_id : event.stream_id;
    const topic = typeof event.subject === 'string' ? event.subject : event.orig_subject;
    if (streamId === event.stream_id && topic === event.orig_subject) continue;
    moves.push({ from: { streamId: event.stream_id, topic: event.orig_subject }, to: { streamId, topic } });
  }
  return moves;
}

/**
 * Where a topic view goes when its whole topic moves: to the topic's new place, as the real
 * service's clients do. Null when none of `events` moves the topic `narrow` shows. Later events
 * win (a topic moved twice).
 */
export function movedTopicNarrow(narrow: Narrow | null, events: readonly unknown[]): Narrow | null {
  let current = narrow;
  let moved = false;
  for (const { from, to } of wholeTopicMoves(events)) {
    if (
      current?.kind !== 'topic' ||
      from.streamId !== current.streamId ||
      !sameTopic(from.topic, current.topic)
    )
      continue;
    current = { kind: 'topic', ...to };
    moved = true;
  }
  return moved ? current : null;
}

import type { Narrow } from '../../api/narrow';

interface MoveEvent {
  type?: unknown;
  propagate_mode?: unknown;
  stream_id?: unknown;
  new_stream_id?: unknown;
  orig_subject?: unknown;
  subject?: unknown;
}

const sameTopic = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Where a topic view goes when its whole topic moves (a rename, a resolve, a move to another
 * channel, by anyone): to the topic's new place, as the real service's clients do. Null when
 * none of `events` moves the topic `narrow` shows. Later events win (a topic moved twice).
 */
export function movedTopicNarrow(narrow: Narrow | null, events: readonly unknown[]): Narrow | null {
  let current = narrow;
  let moved = false;
  for (const raw of events) {
    const event = raw as MoveEvent;
    if (current?.kind !== 'topic' || event.type !== 'update_message' || event.propagate_mode !== 'change_all')
      continue;
    if (event.stream_id !== current.streamId || typeof event.orig_subject !== 'string') continue;
    if (!sameTopic(event.orig_subject, current.topic)) continue;
    const streamId = typeof event.new_stream_id === 'number' ? event.new_stream_id : current.streamId;
    const topic = typeof event.subject === 'string' ? event.subject : current.topic;
    if (streamId === current.streamId && topic === current.topic) continue;
    current = { kind: 'topic', streamId, topic };
    moved = true;
  }
  return moved ? current : null;
}

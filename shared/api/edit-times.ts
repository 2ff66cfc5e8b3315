/** The real service's prefix of a resolved topic; resolving or unresolving is not a move. */
const RESOLVED_PREFIX = '✔ ';

interface EditEntry {
  timestamp: number;
  prev_content?: string;
  prev_rendered_content?: string;
  prev_topic?: string;
  prev_subject?: string;
  topic?: string;
  prev_stream?: number;
}

interface EditTimes {
  last_edit_timestamp?: number;
  last_moved_timestamp?: number;
  edit_history?: EditEntry[];
}

const unresolved = (topic: string) =>
  topic.startsWith(RESOLVED_PREFIX) ? topic.slice(RESOLVED_PREFIX.length) : topic;

function movedBy(entry: EditEntry): boolean {
  if (entry.prev_stream !== undefined) return true;
  const before = entry.prev_topic ?? entry.prev_subject;
  if (before === undefined) return false;
  return entry.topic === undefined || unresolved(before) !== unresolved(entry.topic);
}

/** A change of topic (a move, or resolving) or channel, without a change of content. */
function changedPlace(entry: EditEntry): boolean {
  const placeChanged =
    entry.prev_stream !== undefined || entry.prev_topic !== undefined || entry.prev_subject !== undefined;
  return placeChanged && entry.prev_content === undefined && entry.prev_rendered_content === undefined;
}

/**
 * Servers before feature level 365 send no `last_moved_timestamp` and set `last_edit_timestamp` when
 * a message was moved or its topic resolved too, so such a message would read "(edited)" (every
 * message of a resolved topic). When the message's `edit_history` (sent where the organization shows
 * it) has that time on a change of topic or channel, it was not a content edit: the times are then
 * taken from the history, the content's last edit and the last move (resolving is neither), as
 * newer servers send them. Anything else (no history, or the last change edited the content)
 * stays as sent.
 */
export function withEditAndMoveTimes<M extends EditTimes>(message: M): M {
  const history = message.edit_history;
  const last = message.last_edit_timestamp;
  if (message.last_moved_timestamp !== undefined || !history || last === undefined) return message;
  if (!history.some((entry) => entry.timestamp === last && changedPlace(entry))) return message;
  let edited: number | undefined;
  let moved: number | undefined;
  for (const entry of history) {
    if (entry.prev_content !== undefined || entry.prev_rendered_content !== undefined)
      edited = Math.max(edited ?? 0, entry.timestamp);
    if (movedBy(entry)) moved = Math.max(moved ?? 0, entry.timestamp);
  }
  const { last_edit_timestamp: _edit, ...rest } = message;
  return {
    ...rest,
    ...(edited !== undefined ? { last_edit_timestamp: edited } : {}),
    ...(moved !== undefined ? { last_moved_timestamp: moved } : {}),
  } as M;
}

/** Numeric limits reported by POST /register (spec part 8 leaves the values to the server). */
export const MAX_TOPIC_LENGTH = 60;
export const MAX_MESSAGE_LENGTH = 10000;
export const MAX_STREAM_NAME_LENGTH = 60;
export const MAX_STREAM_DESCRIPTION_LENGTH = 1024;
export const MAX_STATUS_TEXT_LENGTH = 60;
/** The check-mark prefix that marks a topic resolved (part 3). */
export const RESOLVED_TOPIC_PREFIX = '✔ ';
/** Grace period added to the content edit limit, so a save started just before the deadline lands. */
export const EDIT_LIMIT_GRACE_SECONDS = 20;

export function truncateTopic(topic: string): string {
  const chars = [...topic];
  return chars.length > MAX_TOPIC_LENGTH ? chars.slice(0, MAX_TOPIC_LENGTH - 1).join('') + '…' : topic;
}

/** Cut at MAX_MESSAGE_LENGTH code points, as the real service counts (Python's len), not UTF-16 units. */
export function truncateContent(content: string): string {
  const suffix = '\n[message truncated]';
  const chars = [...content];
  return chars.length > MAX_MESSAGE_LENGTH
    ? chars.slice(0, MAX_MESSAGE_LENGTH - suffix.length).join('') + suffix
    : content;
}

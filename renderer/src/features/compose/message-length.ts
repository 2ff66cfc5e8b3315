import { normalizedContent } from './message-content';

/**
 * What to say when a message's text is over the organization's maximum length (`max_message_length`
 * from POST /register), or null when it fits or the server gave no maximum: for the compose box and
 * the edit dialog, which both keep the text and refuse to send it (the server would cut it). The
 * maximum is of the text the server keeps, so what it strips is not counted.
 */
export function tooLongWarning(text: string, maxLength: number | undefined): string | null {
  return maxLength !== undefined && codePoints(normalizedContent(text)) > maxLength
    ? `Too long: at most ${maxLength} characters.`
    : null;
}

/**
 * What to say when a topic is over the organization's maximum (`max_topic_length`), or null. The
 * field itself takes any length, so a pasted topic is never cut short unseen; what is too long is
 * said and not sent (the server would cut it).
 */
export function topicTooLongWarning(topic: string, maxTopic: number | undefined): string | null {
  return maxTopic !== undefined && codePoints(topic.trim()) > maxTopic
    ? `Topic too long: at most ${maxTopic} characters.`
    : null;
}

/** Characters as the server counts them: code points, so an emoji is one, not two UTF-16 units. */
function codePoints(text: string): number {
  return [...text].length;
}

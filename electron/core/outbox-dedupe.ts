import type { GetMessagesParams } from '../../shared/api/messages';
import type { NarrowElement } from '../../shared/api/resources';
import type { OutboxDestination } from '../../shared/ipc';

/**
 * Before a message whose answer was lost is sent again, the server is asked whether it already
 * has it: the newest messages of its conversation sent by this user, since its first attempt,
 * with the same text. A message this outbox already accounted for never counts twice.
 */

/** How many of the conversation's newest own messages are looked at. */
export const DEDUPE_LOOKBACK = 50;
/**
 * Allowance (seconds) for the server's clock being behind this machine's: a match may be this much
 * older than the first attempt. Kept short, since a longer one could take an earlier message
 * with the same words for this one.
 */
export const CLOCK_SLACK_SECONDS = 120;

export function dedupeQuery(destination: OutboxDestination, sender: string): GetMessagesParams {
  const conversation: NarrowElement[] =
    destination.type === 'channel'
      ? [
          { operator: 'channel', operand: destination.streamId },
          { operator: 'topic', operand: destination.topic.trim() },
        ]
      : [{ operator: 'dm', operand: [...destination.userIds].sort((a, b) => a - b) }];
  return {
    anchor: 'newest',
    num_before: DEDUPE_LOOKBACK,
    num_after: 0,
    narrow: [...conversation, { operator: 'sender', operand: sender }],
    // The text as written, to compare with what was sent.
    apply_markdown: false,
    allow_empty_topic_name: true,
  };
}

export interface CandidateMessage {
  id: number;
  content: string;
  timestamp: number;
}

/** Line endings and the ends of the text are what a server may change about a message's content. */
function normalized(content: string): string {
  return content.replace(/\r\n?/g, '\n').trim();
}

/**
 * The earliest message that is this send, or null when the server does not have it. `seenUpToId`:
 * the newest message the app had seen when the first request left (0 when unknown); anything up
 * to it was on the server before this send, like the same words sent from a phone a moment before.
 */
export function findSentCopy(
  messages: readonly CandidateMessage[],
  sent: { content: string; firstAttemptAt: number; seenUpToId: number },
  alreadyClaimed: ReadonlySet<number>,
): number | null {
  const text = normalized(sent.content);
  const since = Math.floor(sent.firstAttemptAt / 1000) - CLOCK_SLACK_SECONDS;
  const match = [...messages]
    .sort((a, b) => a.id - b.id)
    .find(
      (m) =>
        !alreadyClaimed.has(m.id) &&
        m.id > sent.seenUpToId &&
        m.timestamp >= since &&
        normalized(m.content) === text,
    );
  return match?.id ?? null;
}

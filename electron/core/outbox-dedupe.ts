import type { GetMessagesParams } from '../../shared/api/messages';
import type { NarrowElement } from '../../shared/api/resources';
import type { OutboxDestination } from '../../shared/ipc';

/**
 * Before a message whose answer was lost is sent again, the server is asked whether it already
 * has it: this user's newest messages, since its first attempt, with the same text. For a channel
 * message they are asked for across all conversations, since someone may have moved it (or
 * resolved its topic) meanwhile. A message this outbox already accounted for never counts twice.
 */

/** How many of the newest own messages are looked at. */
export const DEDUPE_LOOKBACK = 50;
/**
 * Allowance (seconds) for the server's clock being behind this machine's: a match may be this much
 * older than the first attempt. Kept short, since a longer one could take an earlier message
 * with the same words for this one.
 */
export const CLOCK_SLACK_SECONDS = 120;

export function dedupeQuery(destination: OutboxDestination, sender: string): GetMessagesParams {
  // A direct message cannot be moved: its conversation is enough.
  const conversation: NarrowElement[] =
    destination.type === 'channel'
      ? []
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
  stream_id?: number;
  subject?: string;
  /** Present once the message has been moved to another topic or channel. */
  last_moved_timestamp?: number;
}

/** Line endings and the ends of the text are what a server may change about a message's content. */
function normalized(content: string): string {
  return content.replace(/\r\n?/g, '\n').trim();
}

const RESOLVED_TOPIC_PREFIX = '✔ ';

/**
 * Topics match as in a topic narrow (whatever the case and the outer spaces), and a topic resolved
 * or unresolved meanwhile is still its conversation: the real service does not count that as a move.
 */
function sameTopic(a: string, b: string): boolean {
  const key = (topic: string) => {
    const trimmed = topic.trim();
    const unresolved = trimmed.startsWith(RESOLVED_TOPIC_PREFIX)
      ? trimmed.slice(RESOLVED_TOPIC_PREFIX.length)
      : trimmed;
    return unresolved.trim().toLowerCase();
  };
  return key(a) === key(b);
}

/**
 * Whether a candidate can be this send where it is now: in its conversation, or, for a channel
 * message, moved since (elsewhere and never moved, it is the same words sent there).
 */
function whereItCanBe(message: CandidateMessage, destination: OutboxDestination): boolean {
  if (destination.type === 'direct') return true; // asked for in its conversation only
  const inConversation =
    message.stream_id === destination.streamId && sameTopic(message.subject ?? '', destination.topic);
  return inConversation || (message.stream_id !== undefined && message.last_moved_timestamp !== undefined);
}

/**
 * The earliest message that is this send, or null when the server does not have it. `seenUpToId`:
 * the newest message the app had seen when the first request left (0 when unknown); anything up
 * to it was on the server before this send, like the same words sent from a phone a moment before.
 */
export function findSentCopy(
  messages: readonly CandidateMessage[],
  sent: { destination: OutboxDestination; content: string; firstAttemptAt: number; seenUpToId: number },
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
        normalized(m.content) === text &&
        whereItCanBe(m, sent.destination),
    );
  return match?.id ?? null;
}

import { useMemo } from 'react';
import type { Message } from '../../api/model';
import { dayKeyOf, dayLabel } from './day';

/** Same sender within this many seconds: no repeated name and avatar. */
const GROUP_SECONDS = 5 * 60;

export interface FeedRowLayout {
  daySeparator: string | null;
  recipientHeader: boolean;
  showSender: boolean;
}

function sameConversation(a: Message, b: Message): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'stream') return a.stream_id === b.stream_id && a.subject === b.subject;
  const ids = (m: Message) =>
    Array.isArray(m.display_recipient)
      ? m.display_recipient
          .map((r) => r.id)
          .sort()
          .join(',')
      : '';
  return ids(a) === ids(b);
}

/**
 * Where day separators, conversation headers and sender names go between consecutive messages: in
 * every combined view alike (search results too, as in the real service), consecutive messages of
 * one conversation share its header.
 */
export function feedRowLayout(messages: readonly Message[], showHeaders: boolean): FeedRowLayout[] {
  let prevDay = NaN;
  return messages.map((m, i) => {
    const prev = messages[i - 1];
    const newConversation = !prev || !sameConversation(prev, m);
    const day = dayKeyOf(m.timestamp);
    const newDay = !prev || prevDay !== day;
    prevDay = day;
    return {
      daySeparator: newDay ? dayLabel(m.timestamp) : null,
      recipientHeader: showHeaders && newConversation,
      showSender:
        newConversation ||
        newDay ||
        !prev ||
        prev.sender_id !== m.sender_id ||
        m.timestamp - prev.timestamp > GROUP_SECONDS,
    };
  });
}

export function useFeedRowLayout(messages: readonly Message[], showHeaders: boolean): FeedRowLayout[] {
  return useMemo(() => feedRowLayout(messages, showHeaders), [messages, showHeaders]);
}

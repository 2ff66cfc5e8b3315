import type { Message } from './model';
import { dmConversationKey } from './dm-participants';
import { parseSearch, searchNarrow, searchRulesOut } from './search-query';

/** A conversation view the user can select, and its spec form (`narrow` parameter). */
export type Narrow =
  | { kind: 'all' }
  | { kind: 'starred' }
  | { kind: 'channel'; streamId: number }
  | { kind: 'topic'; streamId: number; topic: string }
  | { kind: 'dm'; userIds: number[] }
  | { kind: 'search'; query: string };

/**
 * Where a feed opens: a message id (a link, a search hit), the newest message, or (null) the first
 * unread message.
 */
export type FeedAnchor = number | 'newest' | null;

export interface NarrowTerm {
  operator: string;
  operand: string | number | number[];
  negated?: boolean;
}

export function narrowTerms(narrow: Narrow): NarrowTerm[] {
  switch (narrow.kind) {
    case 'all':
      return [];
    case 'starred':
      return [{ operator: 'is', operand: 'starred' }];
    case 'channel':
      return [{ operator: 'channel', operand: narrow.streamId }];
    case 'topic':
      return [
        { operator: 'channel', operand: narrow.streamId },
        { operator: 'topic', operand: narrow.topic },
      ];
    case 'dm':
      return [{ operator: 'dm', operand: [...narrow.userIds].sort((a, b) => a - b) }];
    case 'search':
      // The query as typed: filters (`channel:general`, `-is:read`, ...) and free words.
      return searchNarrow(parseSearch(narrow.query));
  }
}

/** A stable string for a view: what tells two views apart (see `conversationKey` for compose boxes). */
export function narrowKey(narrow: Narrow): string {
  switch (narrow.kind) {
    case 'all':
    case 'starred':
      return narrow.kind;
    case 'channel':
      return `channel:${narrow.streamId}`;
    case 'topic':
      return `topic:${narrow.streamId}:${narrow.topic}`;
    case 'dm':
      return `dm:${[...narrow.userIds].sort((a, b) => a - b).join(',')}`;
    case 'search':
      return `search:${narrow.query}`;
  }
}

/** A view with a compose box: a topic, a channel (its box names the topic), or a direct-message conversation. */
export type ComposeNarrow = Extract<Narrow, { kind: 'topic' | 'channel' | 'dm' }>;

export function isComposeNarrow(narrow: Narrow): narrow is ComposeNarrow {
  return narrow.kind === 'topic' || narrow.kind === 'channel' || narrow.kind === 'dm';
}

/**
 * The key a conversation's compose text, draft and typing indicator are kept under. A topic is
 * case-folded, as the service compares topic names ("Lunch" and "lunch" are one topic); a
 * direct-message conversation is named by its participants other than the user, so a note to self
 * is `dm:` however it was opened. A channel view's compose box, which names its own topic, is the
 * channel's.
 */
export function conversationKey(narrow: ComposeNarrow, selfId: number | undefined): string {
  switch (narrow.kind) {
    case 'topic':
      return `topic:${narrow.streamId}:${narrow.topic.toLowerCase()}`;
    case 'channel':
      return `channel:${narrow.streamId}`;
    case 'dm':
      return `dm:${dmConversationKey(narrow.userIds, selfId)}`;
  }
}

export function sameNarrow(a: Narrow | null, b: Narrow | null): boolean {
  return a !== null && b !== null && narrowKey(a) === narrowKey(b);
}

/**
 * Whether a message belongs to a narrow; null when only the server can tell (a search the message
 * does not answer by itself: see `searchRulesOut`).
 */
export function messageInNarrow(
  narrow: Narrow,
  message: Pick<Message, 'type' | 'stream_id' | 'subject' | 'flags' | 'sender_id' | 'sender_email'>,
  recipientIds: number[],
  selfId: number | undefined,
): boolean | null {
  switch (narrow.kind) {
    case 'all':
      return true;
    case 'starred':
      return (message.flags ?? []).includes('starred');
    case 'channel':
      return message.type === 'stream' && message.stream_id === narrow.streamId;
    case 'topic':
      return (
        message.type === 'stream' &&
        message.stream_id === narrow.streamId &&
        (message.subject ?? '').toLowerCase() === narrow.topic.toLowerCase()
      );
    case 'dm': {
      if (message.type !== 'private') return false;
      return dmConversationKey(recipientIds, selfId) === dmConversationKey(narrow.userIds, selfId);
    }
    case 'search':
      return searchRulesOut(parseSearch(narrow.query), message) ? false : null;
  }
}

import { parseSearch, searchNarrow } from './search-query';

/** A conversation view the user can select, and its spec form (`narrow` parameter). */
export type Narrow =
  | { kind: 'all' }
  | { kind: 'starred' }
  | { kind: 'channel'; streamId: number }
  | { kind: 'topic'; streamId: number; topic: string }
  | { kind: 'dm'; userIds: number[] }
  | { kind: 'search'; query: string };

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

/** A stable string for a narrow: the compose-box and cache key of a conversation. */
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

export function sameNarrow(a: Narrow | null, b: Narrow | null): boolean {
  return a !== null && b !== null && narrowKey(a) === narrowKey(b);
}

/** Whether a message belongs to a narrow; null when only the server can tell (search). */
export function messageInNarrow(
  narrow: Narrow,
  message: { type: string; stream_id?: number; subject: string; flags: string[]; sender_id: number },
  recipientIds: number[],
  selfId: number | undefined,
): boolean | null {
  switch (narrow.kind) {
    case 'all':
      return true;
    case 'starred':
      return message.flags.includes('starred');
    case 'channel':
      return message.type === 'stream' && message.stream_id === narrow.streamId;
    case 'topic':
      return (
        message.type === 'stream' &&
        message.stream_id === narrow.streamId &&
        message.subject.toLowerCase() === narrow.topic.toLowerCase()
      );
    case 'dm': {
      if (message.type !== 'private') return false;
      const others = recipientIds.filter((id) => id !== selfId).sort((a, b) => a - b);
      const wanted = narrow.userIds.filter((id) => id !== selfId).sort((a, b) => a - b);
      if (wanted.length === 0) return others.length === 0;
      return others.join(',') === wanted.join(',');
    }
    case 'search':
      return null;
  }
}

/**
 * The real service's links to conversations live in the URL fragment, e.g.
 * `#narrow/channel/5-engineering/topic/deploy.20pipeline/near/123`. Each part is percent-encoded
 * with `%` written as `.` (and `.`, `(`, `)` escaped too), so that links survive chat clients that
 * mangle percent signs. Both the server's rendered links and the client's "copy link" use this.
 */
const HASH_REPLACEMENTS: Record<string, string> = { '%': '.', '(': '.28', ')': '.29', '.': '.2E' };

export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text).replace(/[%().]/g, (c) => HASH_REPLACEMENTS[c] ?? c);
}

/** Reads both this encoding and plain percent-encoding (links written by hand or by older servers). */
export function decodeHashComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\.([0-9A-Fa-f]{2})/g, '%$1'));
  } catch {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  }
}

/** `5-engineering` style: the id decides, the name is only there for people reading the link. */
export function channelSlug(streamId: number, name: string): string {
  return encodeHashComponent(`${streamId}-${name.replace(/ /g, '-')}`);
}

/** One `operator/operand` pair of a link that is not a single conversation (a search). */
export interface NarrowLinkTerm {
  operator: string;
  operand: string;
  negated: boolean;
}

export type NarrowLinkTarget =
  | { kind: 'channel'; streamId: number; topic?: string; messageId?: number }
  | { kind: 'dm'; userIds: number[]; messageId?: number }
  | { kind: 'search'; terms: NarrowLinkTerm[] };

const CHANNEL_OPERATORS = new Set(['channel', 'stream']);
const TOPIC_OPERATORS = new Set(['topic', 'subject']);
const DM_OPERATORS = new Set(['dm', 'pm-with']);
const MESSAGE_OPERATORS = new Set(['near', 'with', 'id']);

/**
 * What a `#narrow/...` fragment points at: a channel, topic or direct-message conversation (near a
 * message or not), or else the search it is (`#narrow/search/lunch`, `#narrow/is/starred`,
 * `#narrow/channel/5-engineering/sender/12-ben`: the real service links its search views too).
 * Null for anything that is not a narrow.
 */
export function parseNarrowHash(hash: string): NarrowLinkTarget | null {
  const body = hash.replace(/^#/, '');
  if (!body.startsWith('narrow/')) return null;
  const parts = body.slice('narrow/'.length).split('/');
  const terms: NarrowLinkTerm[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const negated = parts[i]!.startsWith('-');
    const operator = parts[i]!.replace(/^-/, '').toLowerCase();
    const operand = decodeHashComponent(parts[i + 1]!);
    if (operator && operand) terms.push({ operator, operand, negated });
  }
  if (terms.length === 0) return null;
  return conversationOf(terms) ?? { kind: 'search', terms };
}

/** The conversation the terms name, when they name only one (and, maybe, a message in it). */
function conversationOf(terms: NarrowLinkTerm[]): NarrowLinkTarget | null {
  let streamId: number | undefined;
  let topic: string | undefined;
  let userIds: number[] | undefined;
  let messageId: number | undefined;
  for (const { operator, operand, negated } of terms) {
    if (negated) return null;
    if (CHANNEL_OPERATORS.has(operator)) streamId = leadingNumber(operand);
    else if (TOPIC_OPERATORS.has(operator)) topic = operand;
    else if (DM_OPERATORS.has(operator)) userIds = leadingIdList(operand);
    else if (MESSAGE_OPERATORS.has(operator)) messageId = leadingNumber(operand);
    else return null;
  }
  const near = messageId !== undefined ? { messageId } : {};
  if (streamId !== undefined)
    return { kind: 'channel', streamId, ...(topic !== undefined ? { topic } : {}), ...near };
  if (userIds?.length) return { kind: 'dm', userIds, ...near };
  return null;
}

/** The id a link's operand starts with (`5-engineering`), if any. */
export function leadingNumber(text: string): number | undefined {
  const match = /^\d+/.exec(text);
  return match ? Number(match[0]) : undefined;
}

/** The ids a link's people operand starts with (`12,14-group`), if any. */
export function leadingIdList(text: string): number[] {
  const match = /^\d+(,\d+)*/.exec(text);
  return match ? match[0].split(',').map(Number) : [];
}

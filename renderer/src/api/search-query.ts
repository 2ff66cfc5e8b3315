/**
 * The search box's language, as the real service's search box reads it: `operator:operand` filters
 * (a leading `-` negates one; an operand with spaces is quoted) and free words, which become one
 * `search` term. A word that looks like a filter but names no known operator stays a word.
 */
import { mentionedByFlags } from './mention-flags';
import type { Message } from './model';
import type { Narrow } from './narrow';

export interface SearchTerm {
  operator: string;
  operand: string;
  negated: boolean;
}

export interface ParsedSearch {
  /** The filters, in the order typed. */
  terms: SearchTerm[];
  /** The free words (quoted phrases keep their quotes), joined by single spaces. */
  text: string;
}

/** The narrow operators a search may use (spec 4.8, the service's search filters). */
const SEARCH_OPERATORS = [
  'channel',
  'channels',
  'topic',
  'sender',
  'dm',
  'dm-including',
  'is',
  'has',
  'id',
  'near',
  'with',
] as const;

/** Older names, read as their current operator. */
const ALIASES: Record<string, string> = {
  stream: 'channel',
  streams: 'channels',
  subject: 'topic',
  'pm-with': 'dm',
  'group-pm-with': 'dm-including',
};

export function canonicalOperator(name: string): string | null {
  const lower = name.toLowerCase();
  const canonical = ALIASES[lower] ?? lower;
  return (SEARCH_OPERATORS as readonly string[]).includes(canonical) || canonical === 'search'
    ? canonical
    : null;
}

/** Splits at spaces, keeping a double-quoted span (anywhere in a token) in one piece. */
export function tokenize(query: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of query) {
    if (char === '"') quoted = !quoted;
    if (!quoted && /\s/.test(char)) {
      if (current) tokens.push(current);
      current = '';
    } else current += char;
  }
  if (current) tokens.push(current);
  return tokens;
}

function unquote(operand: string): string {
  return operand.length >= 2 && operand.startsWith('"') && operand.endsWith('"')
    ? operand.slice(1, -1)
    : operand.replace(/^"/, '');
}

/** One token as a filter, or null when it is a plain word. */
export function termOf(token: string): SearchTerm | null {
  const match = /^(-?)([A-Za-z][A-Za-z-]*):(.+)$/s.exec(token);
  if (!match) return null;
  const operator = canonicalOperator(match[2]!);
  const operand = unquote(match[3]!).trim();
  if (!operator || !operand) return null;
  return { operator, operand, negated: match[1] === '-' };
}

/**
 * `sender:me` and `dm:me` as the real service reads them: the user's own email. Null for any
 * other term (or when the email is not known yet).
 */
export function meTerm(term: SearchTerm, selfEmail: string | undefined): SearchTerm | null {
  const mine = ['sender', 'dm'].includes(term.operator) && term.operand.toLowerCase() === 'me';
  return mine && selfEmail ? { ...term, operand: selfEmail } : null;
}

export function parseSearch(query: string): ParsedSearch {
  const terms: SearchTerm[] = [];
  const words: string[] = [];
  for (const token of tokenize(query)) {
    const term = termOf(token);
    // `search:` is how the free words travel; typed out, it is just more words.
    if (term && term.operator === 'search' && !term.negated) words.push(...tokenize(term.operand));
    else if (term && term.operator !== 'search') terms.push(term);
    else words.push(token);
  }
  return { terms, text: words.join(' ') };
}

function quoteIfNeeded(operand: string): string {
  return /[\s"]/.test(operand) ? `"${operand.replace(/"/g, '')}"` : operand;
}

export function formatTerm(term: SearchTerm): string {
  return `${term.negated ? '-' : ''}${term.operator}:${quoteIfNeeded(term.operand)}`;
}

/** The query text for a parsed search: `parseSearch(formatSearch(p))` gives `p` back. */
export function formatSearch(search: ParsedSearch): string {
  return [...search.terms.map(formatTerm), search.text.trim()].filter(Boolean).join(' ');
}

interface WireTerm {
  operator: string;
  operand: string | number;
  negated?: boolean;
}

const NUMERIC = new Set(['id', 'near', 'with']);

/**
 * The narrow a search is sent as. `near` filters nothing on the server (it is where the view opens:
 * see `nearAnchor`), so it is left out.
 */
export function searchNarrow(search: ParsedSearch): WireTerm[] {
  const out: WireTerm[] = [];
  for (const term of search.terms) {
    if (term.operator === 'near') continue;
    const operand =
      NUMERIC.has(term.operator) && /^\d+$/.test(term.operand) ? Number(term.operand) : term.operand;
    out.push(
      term.negated
        ? { operator: term.operator, operand, negated: true }
        : { operator: term.operator, operand },
    );
  }
  if (search.text) out.push({ operator: 'search', operand: search.text });
  return out;
}

/** The operands the service knows for these operators (spec 4.8); any other is refused. */
export const KNOWN_OPERANDS: Record<string, readonly string[]> = {
  is: ['unread', 'read', 'starred', 'mentioned', 'alerted', 'dm', 'private', 'resolved', 'followed', 'muted'],
  has: ['link', 'image', 'attachment', 'reaction'],
  channels: ['public', 'web-public'],
};

const orList = (values: readonly string[]) => `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

/**
 * The part of a search the service would not understand, said in plain words (`has:video`,
 * `near:abc`), or null. The server would refuse it (or, for `near:`, open at no message) however
 * often it is sent.
 */
export function searchProblem(search: ParsedSearch): string | null {
  for (const term of search.terms) {
    const known = KNOWN_OPERANDS[term.operator];
    const shown = `“${term.operator}:${term.operand}”`;
    if (known && !known.includes(term.operand))
      return `Search does not understand ${shown}: ${term.operator}: can be ${orList(known.filter((v) => v !== 'private'))}.`;
    if (NUMERIC.has(term.operator) && !/^\d+$/.test(term.operand))
      return `Search does not understand ${shown}: ${term.operator}: takes a message ID (a number).`;
  }
  return null;
}

type SearchedMessage = Pick<Message, 'type' | 'subject' | 'flags' | 'sender_id' | 'sender_email'>;

/** Whether one filter, as the server reads it, certainly leaves the message out; null when only the server can tell. */
function termRulesOut(term: SearchTerm, message: SearchedMessage): boolean | null {
  if (term.negated) return null;
  const flags = message.flags ?? [];
  switch (term.operator) {
    case 'is':
      if (term.operand === 'mentioned') return !mentionedByFlags(flags);
      if (term.operand === 'starred') return !flags.includes('starred');
      if (term.operand === 'dm' || term.operand === 'private') return message.type !== 'private';
      return null;
    case 'topic':
      return (
        message.type !== 'stream' || (message.subject ?? '').toLowerCase() !== term.operand.toLowerCase()
      );
    case 'sender':
      if (/^\d+$/.test(term.operand)) return message.sender_id !== Number(term.operand);
      if (message.sender_email === undefined) return null;
      return message.sender_email.toLowerCase() !== term.operand.toLowerCase();
    default:
      return null;
  }
}

/**
 * Whether a search certainly leaves a message out, by a filter the message itself answers
 * (`is:mentioned` by its flags, `topic:`, `sender:`, ...): the filters all apply, so one is
 * enough. False when only the server can tell (the words, `has:`, `channel:` by name, ...).
 */
export function searchRulesOut(search: ParsedSearch, message: SearchedMessage): boolean {
  return search.terms.some((term) => termRulesOut(term, message) === true);
}

/** The message a `near:` filter asks the view to open at, if any. */
export function nearAnchor(search: ParsedSearch): number | null {
  const near = search.terms.find((term) => term.operator === 'near' && /^\d+$/.test(term.operand));
  return near ? Number(near.operand) : null;
}

/** How a search names people: an email or a user ID to the user's ID, and who the user is. */
export interface SearchPeople {
  idOf: (emailOrId: string) => number | undefined;
  selfId: number | undefined;
}

/**
 * A search that is only a channel, or a channel and one of its topics, or only `dm:` with one or
 * more people (opened near a message or not: see `nearAnchor`), is that conversation's own view, as
 * in the real service (one header, a compose box), rather than a search of it. Null when the search
 * asks for more, or names a channel `channelIdOf` (or a person `people`) does not know.
 */
export function conversationOfSearch(
  search: ParsedSearch,
  channelIdOf: (name: string) => number | undefined,
  people?: SearchPeople,
): Narrow | null {
  if (search.text.trim() || search.terms.some((t) => t.negated)) return null;
  if (isStarredSearch(search)) return { kind: 'starred' };
  const channel = search.terms.filter((t) => t.operator === 'channel');
  const topic = search.terms.filter((t) => t.operator === 'topic');
  const dm = search.terms.filter((t) => t.operator === 'dm');
  // The service's channel view is the channel alone; a topic's or a conversation's can open near a message.
  const near = topic.length === 1 || dm.length === 1 ? search.terms.filter((t) => t.operator === 'near') : [];
  if (near.length > 1) return null;
  if (dm.length === 1 && dm.length + near.length === search.terms.length)
    return people ? dmOfSearch(dm[0]!.operand, people) : null;
  const counted = channel.length + topic.length + near.length;
  if (channel.length !== 1 || topic.length > 1 || counted !== search.terms.length) return null;
  const streamId = channelIdOf(channel[0]!.operand);
  if (streamId === undefined) return null;
  return topic[0] ? { kind: 'topic', streamId, topic: topic[0].operand } : { kind: 'channel', streamId };
}

/**
 * Whether a search is only `is:starred` (opened near a message or not): the Starred view, however
 * it is reached (typed, a link), as in the real service, where its title is "Starred messages" and a
 * message unstarred leaves it.
 */
export function isStarredSearch(search: ParsedSearch): boolean {
  if (search.text.trim()) return false;
  const rest = search.terms.filter((t) => !(t.operator === 'near' && !t.negated));
  if (search.terms.length - rest.length > 1 || rest.length !== 1) return false;
  const [only] = rest;
  return only!.operator === 'is' && only!.operand === 'starred' && !only!.negated;
}

/** `dm:` people (emails or IDs, comma-separated) as their conversation: the others, or none for the user alone. */
function dmOfSearch(operand: string, people: SearchPeople): Narrow | null {
  const ids = operand.split(',').map((part) => people.idOf(part.trim()));
  if (ids.length === 0 || ids.some((id) => id === undefined)) return null;
  const others = [...new Set(ids as number[])].filter((id) => id !== people.selfId);
  return { kind: 'dm', userIds: others.sort((a, b) => a - b) };
}

const PEOPLE_OPERATORS = new Set(['sender', 'dm', 'dm-including']);

/** The search the sidebar's Mentions view is: the messages that mention the user. */
export const MENTIONS_QUERY = 'is:mentioned';

/**
 * A search as its view's title says it: the query as typed, but with the people of `sender:`,
 * `dm:` and `dm-including:` (emails or IDs) named by `nameOf`, as the real service titles a
 * search. Anyone `nameOf` does not know stays as typed.
 */
export function searchTitle(query: string, nameOf: (emailOrId: string) => string | undefined): string {
  return tokenize(query)
    .map((token) => {
      const term = termOf(token);
      if (!term || !PEOPLE_OPERATORS.has(term.operator)) return token;
      const parts = term.operand.split(',').map((part) => part.trim());
      const names = parts.map((part) => nameOf(part));
      if (names.every((name) => name === undefined)) return token;
      const typedOperator = token.slice(0, token.indexOf(':') + 1);
      return typedOperator + parts.map((part, i) => names[i] ?? part).join(', ');
    })
    .join(' ');
}

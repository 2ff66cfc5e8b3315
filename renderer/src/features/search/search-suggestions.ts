import { canonicalOperator, formatTerm, meTerm, tokenize } from '../../api/search-query';

/** What a search box can offer for the word being typed. */
export interface Suggestion {
  /** The text that replaces the word being typed. */
  replacement: string;
  /** What the list shows. */
  label: string;
  description: string;
  /** A whole filter (becomes a pill), or only an operator waiting for its operand. */
  complete: boolean;
}

export interface SuggestionSources {
  channels: readonly string[];
  people: readonly { email: string; fullName: string }[];
  /** Topics of the channel the search is already limited to, if any. */
  topics: readonly string[];
  /** The user's own email, what `sender:me` and `dm:me` stand for. */
  selfEmail?: string;
}

const OPERATOR_HELP: [string, string][] = [
  ['channel:', 'Messages in a channel'],
  ['topic:', 'Messages in a topic'],
  ['sender:', 'Messages sent by someone'],
  ['dm:', 'Direct messages with someone'],
  ['dm-including:', 'Direct messages that include someone'],
  ['is:', 'Starred, unread, mentioned, resolved…'],
  ['has:', 'Links, images, attachments, reactions'],
  ['channels:', 'All public channels'],
  ['id:', 'One message by its ID'],
  ['near:', 'Open the results at a message ID'],
];

const OPERAND_VALUES: Record<string, [string, string][]> = {
  is: [
    ['unread', 'Unread messages'],
    ['read', 'Messages you have read'],
    ['starred', 'Starred messages'],
    ['mentioned', 'Messages that mention you'],
    ['alerted', 'Messages with your alert words'],
    ['dm', 'Direct messages'],
    ['resolved', 'Messages in resolved topics'],
    ['followed', 'Messages in topics you follow'],
    ['muted', 'Messages in muted topics and channels'],
  ],
  has: [
    ['link', 'Messages with links'],
    ['image', 'Messages with images'],
    ['attachment', 'Messages with attachments'],
    ['reaction', 'Messages with emoji reactions'],
  ],
  channels: [
    ['public', 'All public channels'],
    ['web-public', 'All web-public channels'],
  ],
};

const MAX = 8;

/** The word the caret is on: the last token, unless the text ends with a space. */
export function currentWord(text: string): string {
  if (!text || /\s$/.test(text)) return '';
  return tokenize(text).at(-1) ?? '';
}

/** `text` with its current word replaced. */
export function replaceCurrentWord(text: string, replacement: string): string {
  const word = currentWord(text);
  return text.slice(0, text.length - word.length) + replacement;
}

const includes = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

function term(operator: string, operand: string, negated: boolean, description: string): Suggestion {
  const replacement = formatTerm({ operator, operand, negated });
  return { replacement, label: replacement, description, complete: true };
}

/** Suggestions for the word being typed: operators, then channels, people and topics by name. */
export function suggest(word: string, sources: SuggestionSources): Suggestion[] {
  const negated = word.startsWith('-');
  const bare = negated ? word.slice(1) : word;
  if (!bare) return [];
  const colon = bare.indexOf(':');
  if (colon < 0) {
    const operators = OPERATOR_HELP.filter(([name]) => name.startsWith(bare.toLowerCase())).map(
      ([name, description]): Suggestion => ({
        replacement: `${negated ? '-' : ''}${name}`,
        label: `${negated ? '-' : ''}${name}`,
        description: negated ? `Exclude: ${description.toLowerCase()}` : description,
        complete: false,
      }),
    );
    const channels = sources.channels
      .filter((name) => includes(name, bare))
      .map((name) => term('channel', name, negated, `Messages in #${name}`));
    const people = sources.people
      .filter((p) => includes(p.fullName, bare) || includes(p.email, bare))
      .map((p) => term('sender', p.email, negated, `Messages from ${p.fullName}`));
    return [...operators, ...channels, ...people].slice(0, MAX);
  }
  const operator = canonicalOperator(bare.slice(0, colon));
  const partial = bare
    .slice(colon + 1)
    .replace(/^"/, '')
    .replace(/"$/, '');
  switch (operator) {
    case 'channel':
      return sources.channels
        .filter((name) => includes(name, partial))
        .map((name) => term('channel', name, negated, `Messages in #${name}`))
        .slice(0, MAX);
    case 'sender':
    case 'dm':
    case 'dm-including': {
      const me = meTerm({ operator, operand: partial, negated }, sources.selfEmail);
      const people = sources.people
        .filter((p) => includes(p.fullName, partial) || includes(p.email, partial))
        .map((p) =>
          term(
            operator,
            p.email,
            negated,
            operator === 'sender' ? `Messages from ${p.fullName}` : `With ${p.fullName}`,
          ),
        );
      const mine = operator === 'sender' ? 'Messages you sent' : 'Your messages to yourself';
      return [...(me ? [term(operator, me.operand, negated, mine)] : []), ...people].slice(0, MAX);
    }
    case 'topic':
      return sources.topics
        .filter((topic) => topic && includes(topic, partial))
        .map((topic) => term('topic', topic, negated, 'Topic'))
        .slice(0, MAX);
    case 'is':
    case 'has':
    case 'channels':
      return OPERAND_VALUES[operator]!.filter(([value]) => value.startsWith(partial.toLowerCase())).map(
        ([value, description]) =>
          term(operator, value, negated, negated ? `Not: ${description.toLowerCase()}` : description),
      );
    default:
      return [];
  }
}

import { describe, expect, it } from 'vitest';
import { narrowTerms } from '../../../../renderer/src/api/narrow';
import {
  conversationOfSearch,
  formatSearch,
  meTerm,
  nearAnchor,
  parseSearch,
  searchNarrow,
  searchTitle,
  tokenize,
} from '../../../../renderer/src/api/search-query';

describe('search query parser', () => {
  it('reads filters and free words, as typed in the issue', () => {
    expect(parseSearch('channel:general table')).toEqual({
      terms: [{ operator: 'channel', operand: 'general', negated: false }],
      text: 'table',
    });
    expect(parseSearch('sender:grace@partner.example').terms).toEqual([
      { operator: 'sender', operand: 'grace@partner.example', negated: false },
    ]);
    expect(parseSearch('is:starred has:link').terms.map((t) => `${t.operator}:${t.operand}`)).toEqual([
      'is:starred',
      'has:link',
    ]);
  });

  it('negation with a leading minus', () => {
    expect(parseSearch('-is:read -sender:ben@northwind.example lunch')).toEqual({
      terms: [
        { operator: 'is', operand: 'read', negated: true },
        { operator: 'sender', operand: 'ben@northwind.example', negated: true },
      ],
      text: 'lunch',
    });
  });

  it('quoted operands and quoted phrases', () => {
    expect(tokenize('topic:"team lunch" "exact phrase" word')).toEqual([
      'topic:"team lunch"',
      '"exact phrase"',
      'word',
    ]);
    expect(parseSearch('topic:"team lunch" "exact phrase" word')).toEqual({
      terms: [{ operator: 'topic', operand: 'team lunch', negated: false }],
      text: '"exact phrase" word',
    });
  });

  it('old operator names are read as the current ones', () => {
    expect(
      parseSearch('stream:general subject:plans pm-with:ada@northwind.example').terms.map((t) => t.operator),
    ).toEqual(['channel', 'topic', 'dm']);
  });

  it('leaves unknown operators, empty operands and URLs as words', () => {
    expect(parseSearch('colour:red topic: https://example.com/x')).toEqual({
      terms: [],
      text: 'colour:red topic: https://example.com/x',
    });
    expect(parseSearch('search:hello world')).toEqual({ terms: [], text: 'hello world' });
  });

  it('round-trips: formatting a parsed search and parsing it again gives the same search', () => {
    for (const query of [
      'channel:general table',
      '-is:read topic:"team lunch" "exact phrase" words',
      'dm:ada@northwind.example,ben@northwind.example has:image',
      'near:42 channel:engineering',
      'just words',
    ]) {
      const parsed = parseSearch(query);
      expect(parseSearch(formatSearch(parsed))).toEqual(parsed);
    }
    expect(formatSearch(parseSearch('  STREAM:general   table '))).toBe('channel:general table');
  });

  it('becomes the narrow sent to the server; near becomes the anchor instead', () => {
    const parsed = parseSearch('channel:general -is:read id:7 near:12 "team lunch" soon');
    expect(searchNarrow(parsed)).toEqual([
      { operator: 'channel', operand: 'general' },
      { operator: 'is', operand: 'read', negated: true },
      { operator: 'id', operand: 7 },
      { operator: 'search', operand: '"team lunch" soon' },
    ]);
    expect(nearAnchor(parsed)).toBe(12);
    expect(narrowTerms({ kind: 'search', query: 'has:link table' })).toEqual([
      { operator: 'has', operand: 'link' },
      { operator: 'search', operand: 'table' },
    ]);
  });
});

describe('conversationOfSearch', () => {
  const ids: Record<string, number> = { general: 1, engineering: 2 };
  const idOf = (name: string) => ids[name.toLowerCase()];
  const of = (query: string) => conversationOfSearch(parseSearch(query), idOf);

  it('takes a channel, or a channel and a topic, in either order, for that conversation', () => {
    expect(of('channel:general')).toEqual({ kind: 'channel', streamId: 1 });
    expect(of('channel:General topic:firehose')).toEqual({ kind: 'topic', streamId: 1, topic: 'firehose' });
    expect(of('topic:"release plan" stream:engineering')).toEqual({
      kind: 'topic',
      streamId: 2,
      topic: 'release plan',
    });
  });

  it('takes a channel, a topic and near: as the topic opened at that message, as the real service does', () => {
    const query = parseSearch('channel:general topic:firehose near:50000');
    expect(conversationOfSearch(query, idOf)).toEqual({ kind: 'topic', streamId: 1, topic: 'firehose' });
    expect(nearAnchor(query)).toBe(50000);
    // The channel view is the channel alone.
    expect(of('channel:general near:50000')).toBeNull();
    expect(of('channel:general topic:firehose near:1 near:2')).toBeNull();
  });

  it('takes is:starred alone for the Starred view, as the real service (and a #narrow/is/starred link) does', () => {
    expect(of('is:starred')).toEqual({ kind: 'starred' });
    expect(of('is:starred near:12')).toEqual({ kind: 'starred' });
    expect(of('is:starred lunch')).toBeNull();
    expect(of('is:starred has:link')).toBeNull();
    expect(of('is:starred is:starred')).toBeNull();
    expect(of('-is:starred')).toBeNull();
    expect(of('is:mentioned')).toBeNull();
  });

  it('leaves anything more, anything negated, and an unknown channel to the search', () => {
    expect(of('channel:general topic:firehose deploy')).toBeNull();
    expect(of('channel:general sender:ada@example.com')).toBeNull();
    expect(of('channel:general -topic:firehose')).toBeNull();
    expect(of('topic:firehose')).toBeNull();
    expect(of('channel:nowhere topic:x')).toBeNull();
    expect(of('channel:general channel:engineering')).toBeNull();
  });

  const people = {
    idOf: (emailOrId: string) =>
      ({ 'ada@example.com': 7, '7': 7, 'ben@example.com': 8, 'cy@example.com': 9 })[emailOrId.toLowerCase()],
    selfId: 7,
  };
  const dmOf = (query: string) => conversationOfSearch(parseSearch(query), idOf, people);

  it('takes dm: alone (one person, several, by email or ID, or the user) for that conversation', () => {
    expect(dmOf('dm:ben@example.com')).toEqual({ kind: 'dm', userIds: [8] });
    expect(dmOf('dm:cy@example.com,Ben@example.com')).toEqual({ kind: 'dm', userIds: [8, 9] });
    expect(dmOf('dm:ada@example.com,ben@example.com')).toEqual({ kind: 'dm', userIds: [8] });
    expect(dmOf('pm-with:ada@example.com')).toEqual({ kind: 'dm', userIds: [] });
    expect(dmOf('dm:7')).toEqual({ kind: 'dm', userIds: [] });
    const near = parseSearch('dm:ben@example.com near:12');
    expect(conversationOfSearch(near, idOf, people)).toEqual({ kind: 'dm', userIds: [8] });
    expect(nearAnchor(near)).toBe(12);
  });

  it('leaves dm: with anything more, or naming someone unknown, to the search', () => {
    expect(dmOf('dm:ben@example.com deploy')).toBeNull();
    expect(dmOf('dm:ben@example.com is:starred')).toBeNull();
    expect(dmOf('dm:ben@example.com channel:general')).toBeNull();
    expect(dmOf('-dm:ben@example.com')).toBeNull();
    expect(dmOf('dm:nobody@example.com')).toBeNull();
    expect(dmOf('dm:ben@example.com,')).toBeNull();
    expect(dmOf('dm-including:ben@example.com')).toBeNull();
    expect(dmOf('dm:ben@example.com dm:cy@example.com')).toBeNull();
    expect(of('dm:ben@example.com')).toBeNull();
  });
});

describe('meTerm', () => {
  it('reads sender:me and dm:me as the user, any other term as itself (null)', () => {
    const term = (operator: string, operand: string) => ({ operator, operand, negated: false });
    expect(meTerm(term('sender', 'Me'), 'ben@northwind.example')).toEqual(
      term('sender', 'ben@northwind.example'),
    );
    expect(meTerm(term('dm', 'me'), 'ben@northwind.example')?.operand).toBe('ben@northwind.example');
    expect(meTerm(term('dm-including', 'me'), 'ben@northwind.example')).toBeNull();
    expect(meTerm(term('sender', 'meg@x.example'), 'ben@northwind.example')).toBeNull();
    expect(meTerm(term('sender', 'me'), undefined)).toBeNull();
  });
});

describe('searchTitle', () => {
  const names: Record<string, string> = {
    'quintessa@northwind.example': 'Quintessa Vandermolen',
    '12': 'Ben Okafor',
  };
  const title = (query: string) => searchTitle(query, (emailOrId) => names[emailOrId.toLowerCase()]);

  it('names the known people of sender:, dm: and dm-including: (emails or IDs)', () => {
    expect(title('sender:Quintessa@northwind.example')).toBe('sender:Quintessa Vandermolen');
    expect(title('dm:12,quintessa@northwind.example lunch')).toBe(
      'dm:Ben Okafor, Quintessa Vandermolen lunch',
    );
    expect(title('-dm-including:12 channel:general')).toBe('-dm-including:Ben Okafor channel:general');
    expect(title('pm-with:12')).toBe('pm-with:Ben Okafor');
  });

  it('leaves unknown people, other filters and words as typed', () => {
    expect(title('sender:nobody@x.example is:starred')).toBe('sender:nobody@x.example is:starred');
    expect(title('sender:me')).toBe('sender:me');
    expect(title('dm:12,99')).toBe('dm:Ben Okafor, 99');
    expect(title('topic:12 "sender:12"')).toBe('topic:12 "sender:12"');
  });
});

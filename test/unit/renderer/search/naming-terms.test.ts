import { describe, expect, it } from 'vitest';
import type { SearchTerm } from '../../../../renderer/src/api/search-query';
import { resolveNamingTerms, type SearchNames } from '../../../../renderer/src/features/search/naming-terms';

const people = [
  { id: 1, email: 'ada@x.example', fullName: 'Ada Park' },
  { id: 2, email: 'ben@x.example', fullName: 'Ben Okafor' },
];
const names: SearchNames = {
  sources: { channels: ['general', 'old projects'], people, topics: [] },
  people: {
    idOf: (emailOrId) =>
      people.find((p) => p.email === emailOrId.toLowerCase() || String(p.id) === emailOrId)?.id,
    selfId: 1,
  },
  channelIdOf: (name) => ({ general: 10, 'old projects': 11 })[name.toLowerCase()],
};
const term = (operator: string, operand: string, negated = false): SearchTerm => ({
  operator,
  operand,
  negated,
});

describe('the filters of a search that name people or channels', () => {
  it('are kept as typed when they name exactly what the organization has', () => {
    const terms = [
      term('sender', 'BEN@x.example'),
      term('dm', 'ada@x.example,2'),
      term('channel', 'General'),
    ];
    expect(resolveNamingTerms(terms, names)).toEqual(terms);
  });

  it('named in part, anywhere in the search, are the one the suggestions offer', () => {
    expect(
      resolveNamingTerms([term('sender', 'okaf', true), term('has', 'link'), term('channel', 'old')], names),
    ).toEqual([term('sender', 'ben@x.example', true), term('has', 'link'), term('channel', 'old projects')]);
  });

  it('naming nobody, say so instead', () => {
    expect(resolveNamingTerms([term('channel', 'general'), term('dm-including', 'zed')], names)).toBe(
      'No one matches “zed”.',
    );
    expect(resolveNamingTerms([term('channel', 'nowhere')], names)).toBe('No channel matches “nowhere”.');
  });
});

import { describe, expect, it } from 'vitest';
import {
  compareNames,
  indexPeople,
  searchPeople,
} from '../../../../renderer/src/features/users/person-search';

const person = (full_name: string, email: string) => ({ full_name, email });

describe('person search', () => {
  const people = [
    person('Zoë Park', 'zoe@example.org'),
    person('ada Lovelace', 'ada@example.org'),
    person('Émile Durand', 'emile@example.org'),
    person('Ben Okafor', 'ben.park@example.org'),
  ];

  it('orders names as localeCompare does', () => {
    const expected = [...people].sort((a, b) => a.full_name.localeCompare(b.full_name));
    expect([...people].sort(compareNames)).toEqual(expected);
  });

  it('finds by name or email in any letter case, keeping the index order', () => {
    const index = indexPeople(people);
    expect(searchPeople(index, '  PARK ').map((p) => p.full_name)).toEqual(['Zoë Park', 'Ben Okafor']);
    expect(searchPeople(index, 'émile').map((p) => p.email)).toEqual(['emile@example.org']);
    expect(searchPeople(index, 'nobody')).toEqual([]);
  });

  it('does not match a query spanning the end of a name and the start of the email', () => {
    const index = indexPeople([person('Ada', 'x@example.org')]);
    expect(searchPeople(index, 'adax')).toEqual([]);
    expect(searchPeople(index, 'ada')).toHaveLength(1);
  });

  it('returns the whole list for an empty query', () => {
    const index = indexPeople(people);
    expect(searchPeople(index, ' ')).toBe(index.people);
  });

  it('finds one person among 20,000', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => person(`Person ${i}`, `p${i}@example.org`));
    many.push(person('Quintessa Vandermolen', 'q@example.org'));
    const index = indexPeople(many);
    expect(searchPeople(index, 'quintessa v').map((p) => p.email)).toEqual(['q@example.org']);
  });
});

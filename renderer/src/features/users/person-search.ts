import type { User } from '../../api/model';

type Person = Pick<User, 'full_name' | 'email'>;

const collator = new Intl.Collator();

/** Display order by name (the order `localeCompare` gives, with one collator instead of one per call). */
export function compareNames(a: Person, b: Person): number {
  return collator.compare(a.full_name, b.full_name);
}

/**
 * People in display order with the text a search looks in, built once per list: over 20,000
 * people a keystroke then only filters (no lowercasing, no sorting).
 */
export interface PeopleIndex<T extends Person> {
  people: readonly T[];
  /** Lowercased name and email of each person, in the same order, separated so a query cannot span both. */
  keys: readonly string[];
}

export function indexPeople<T extends Person>(people: readonly T[]): PeopleIndex<T> {
  return { people, keys: people.map((p) => `${p.full_name.toLowerCase()}\u0000${p.email.toLowerCase()}`) };
}

/** The people whose name or email contains the query (any letter case), in the index's order. */
export function searchPeople<T extends Person>(index: PeopleIndex<T>, query: string): readonly T[] {
  const q = query.trim().toLowerCase();
  if (!q) return index.people;
  const out: T[] = [];
  for (let i = 0; i < index.keys.length; i++) if (index.keys[i]!.includes(q)) out.push(index.people[i]!);
  return out;
}

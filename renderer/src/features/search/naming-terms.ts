import { formatTerm, termOf, type SearchPeople, type SearchTerm } from '../../api/search-query';
import { suggest, type SuggestionSources } from './search-suggestions';

const NAMING_OPERATORS = new Set(['sender', 'dm', 'dm-including', 'channel']);

/** What the search box knows of the organization's names, to read the filters that name someone or a channel. */
export interface SearchNames {
  sources: SuggestionSources;
  people: SearchPeople;
  channelIdOf: (name: string) => number | undefined;
}

/** What a filter naming nobody (or no channel) says: "No one matches “zzz”." */
function noMatchText(term: SearchTerm): string {
  return term.operator === 'channel'
    ? `No channel matches “${term.operand}”.`
    : `No one matches “${term.operand}”.`;
}

/** Whether the operand names exactly what the organization has: a channel, or each person of the list. */
function namesExactly(term: SearchTerm, names: SearchNames): boolean {
  if (term.operator === 'channel') return names.channelIdOf(term.operand) !== undefined;
  return term.operand.split(',').every((part) => names.people.idOf(part.trim()) !== undefined);
}

/**
 * A filter naming a person or a channel (`sender:`, `dm:`, `dm-including:`, `channel:`) as the
 * server can read it: as typed when it names exactly one the organization has, else the one the
 * suggestions offer for it (a part of a name: the server knows no one by that), or, naming nobody,
 * what the box says instead of searching. Other filters as they are.
 */
export function resolveNamingTerm(term: SearchTerm, names: SearchNames): SearchTerm | string {
  if (!NAMING_OPERATORS.has(term.operator) || namesExactly(term, names)) return term;
  const word = formatTerm(term);
  const offered = suggest(word, names.sources).filter((s) => s.complete);
  const chosen = offered.find((s) => s.replacement.toLowerCase() === word.toLowerCase()) ?? offered[0];
  const picked = chosen ? termOf(chosen.replacement) : null;
  return picked ?? noMatchText(term);
}

/** Every filter of a search read by `resolveNamingTerm`, or what the first naming nobody says. */
export function resolveNamingTerms(terms: readonly SearchTerm[], names: SearchNames): SearchTerm[] | string {
  const resolved: SearchTerm[] = [];
  for (const term of terms) {
    const read = resolveNamingTerm(term, names);
    if (typeof read === 'string') return read;
    resolved.push(read);
  }
  return resolved;
}

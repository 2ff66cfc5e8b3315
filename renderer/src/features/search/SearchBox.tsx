import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { conversationLinkTarget, linkNamesOf, type LinkTarget } from '../../api/conversation-links';
import { getInitialState } from '../../api/keys';
import { currentServerBase } from '../../components/sanitize';
import {
  conversationOfSearch,
  formatSearch,
  formatTerm,
  meTerm,
  nearAnchor,
  parseSearch,
  searchProblem,
  termOf,
  tokenize,
  type SearchPeople,
  type SearchTerm,
} from '../../api/search-query';
import { useNarrowStore } from '../../state/narrow';
import { findUser, useSelfId, useUsers } from '../../app/realm';
import { useChannelIndex } from '../channels/hooks';
import { currentWord, replaceCurrentWord, suggest, type Suggestion } from './search-suggestions';
import { resolveNamingTerms, type SearchNames } from './naming-terms';
import { useSuggestionSources } from './useSuggestionSources';
import { focusFallback } from '../../components/focus-fallback';
import { viewTakesFocusOnOpen } from '../../app/view-takes-focus';
import { useHeldHighlight } from '../../components/held-highlight';

const LIST_ID = 'search-suggestions';

/**
 * Opens the search for these filters and words (or leaves search when nothing is left). A filter
 * naming a person or a channel in part is the one the suggestions offer (`resolveNamingTerms`).
 * With `opensConversations` (a search typed and entered, not one refined by removing a pill), a
 * channel alone, a channel and a topic, or `dm:` people alone, opens that conversation. A search
 * naming no one the organization has, or with a part the service would not understand, is not
 * run: returns what is wrong with it.
 */
function runSearch(
  terms: SearchTerm[],
  text: string,
  names: SearchNames,
  opensConversations: boolean,
): string | null {
  const parsed = parseSearch(text);
  const typed = parsed.terms.map((term) => meTerm(term, names.sources.selfEmail) ?? term);
  const named = resolveNamingTerms([...terms, ...typed], names);
  if (typeof named === 'string') return named;
  const search = { terms: named, text: parsed.text };
  const problem = searchProblem(search);
  if (problem) return problem;
  const query = formatSearch(search);
  const store = useNarrowStore.getState();
  const conversation = opensConversations
    ? conversationOfSearch(search, names.channelIdOf, names.people)
    : null;
  if (conversation) store.select(conversation, nearAnchor(search));
  else if (query) store.select({ kind: 'search', query }, nearAnchor(search));
  else if (store.narrow?.kind === 'search') store.clear();
  return null;
}

/**
 * Typed (or pasted) filters become pills once the word is finished (a space after it, outside
 * quotes): returns them and the words left, or null when there is none.
 */
function finishedTerms(text: string, selfEmail?: string): { terms: SearchTerm[]; rest: string } | null {
  if (!/\s$/.test(text) || (text.match(/"/g)?.length ?? 0) % 2 === 1) return null;
  const terms: SearchTerm[] = [];
  const words: string[] = [];
  for (const token of tokenize(text)) {
    const term = termOf(token);
    if (term && term.operator !== 'search') terms.push(meTerm(term, selfEmail) ?? term);
    else words.push(token);
  }
  if (terms.length === 0) return null;
  return { terms, rest: words.length ? `${words.join(' ')} ` : '' };
}

const suggestionKey = (suggestion: Suggestion) => suggestion.replacement;

/**
 * The place of the pill whose × was pressed, until the box has drawn the pills without it: the
 * focus then goes to the × of the pill now in its place, else to the box itself, instead of the
 * page. Outside the component, as the new search a removal runs draws a new box.
 */
let pillRemovedAt: number | null = null;
const notePillRemoved = (index: number) => (pillRemovedAt = index);
const takePillRemoved = () => {
  const at = pillRemovedAt;
  pillRemovedAt = null;
  return at;
};

/**
 * Search: filters (`channel:general`, `-is:read`, …) shown as removable pills, free words in the
 * box; suggestions for operators, channels, people and topics while typing (arrows to choose,
 * Enter or Tab to take one, Esc to close). Hits are highlighted in the feed.
 */
export function SearchBox() {
  const narrow = useNarrowStore((s) => s.narrow);
  // The box is keyed by the narrow (ChatShell), so this reads the search being shown.
  const [initial] = useState(() =>
    narrow?.kind === 'search' ? parseSearch(narrow.query) : { terms: [], text: '' },
  );
  const [terms, setTerms] = useState<SearchTerm[]>(initial.terms);
  const [text, setText] = useState(initial.text);
  const [open, setOpen] = useState(false);
  /**
   * Why the last Enter searched nothing: a person or channel named that the organization lacks, or
   * a filter the service does not understand.
   */
  const [noMatch, setNoMatch] = useState<string | null>(null);
  const sources = useSuggestionSources(terms);
  const channels = useChannelIndex();
  // A channel by name, or by the ID a link names it by when this window does not know its name.
  const channelIdOf = (name: string) =>
    /^\d+$/.test(name) && channels.has(Number(name))
      ? Number(name)
      : [...channels.values()].find((c) => c.name.toLowerCase() === name.toLowerCase())?.stream_id;
  const users = useUsers();
  const selfId = useSelfId();
  const people: SearchPeople = {
    idOf: (emailOrId) => findUser(users, emailOrId)?.user_id,
    selfId,
  };
  const names: SearchNames = { sources, people, channelIdOf };
  const suggestions = open ? suggest(currentWord(text), sources) : [];
  // The topics offered move as messages arrive: the one under Enter stays the one chosen.
  const highlight = useHeldHighlight(suggestions, suggestionKey, -1);
  const highlighted = highlight.current;
  // The pills scroll sideways in one row: a new one brings the end of the row, where one types, into view.
  const field = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // The end of the field (where typing goes) stays in view as pills are added. Not with none: reading
  // its width lays the page out mid-render, the launch's first frame included.
  useLayoutEffect(() => {
    if (field.current && terms.length > 0) field.current.scrollLeft = field.current.scrollWidth;
  }, [terms.length]);

  const changeText = (value: string) => {
    const finished = finishedTerms(value, sources.selfEmail);
    if (finished) {
      setTerms([...terms, ...finished.terms]);
      setText(finished.rest);
    } else setText(value);
    setOpen(true);
    highlight.reset();
    setNoMatch(null);
  };

  const take = (suggestion: Suggestion) => {
    if (suggestion.complete) {
      const term = termOf(suggestion.replacement);
      if (term) {
        setTerms([...terms, term]);
        const rest = replaceCurrentWord(text, '').trimEnd();
        setText(rest ? `${rest} ` : '');
      }
    } else setText(replaceCurrentWord(text, suggestion.replacement));
    highlight.reset();
    setOpen(true);
  };

  useLayoutEffect(() => {
    const removedAt = takePillRemoved();
    if (removedAt === null) return;
    const removes = field.current?.querySelectorAll<HTMLElement>('.search-pill-remove');
    (removes?.[removedAt] ?? input.current)?.focus();
  }, [terms]);

  const removeTerm = (index: number) => {
    notePillRemoved(index);
    const rest = terms.filter((_, i) => i !== index);
    setTerms(rest);
    if (narrow?.kind === 'search') setNoMatch(runSearch(rest, text, names, false));
  };

  const afterRun = (problem: string | null) => {
    // A search that opened a conversation is done: the view shows it now, and the box (kept across
    // views that are not searches) starts the next one empty. The keyboard goes to that view, as
    // after a search (whose new box is not the focused one) or the quick switcher.
    if (!problem && useNarrowStore.getState().narrow?.kind !== 'search') {
      setTerms([]);
      setText('');
      focusFallback();
      viewTakesFocusOnOpen();
    }
    setNoMatch(problem);
  };

  const queryClient = useQueryClient();
  /** A link to a view of the organization pasted alone (the app has no address bar): that view. */
  const pastedLink = (): LinkTarget | null => {
    const pasted = text.trim();
    if (terms.length > 0 || !pasted || /\s/.test(pasted)) return null;
    const state = getInitialState(queryClient);
    return conversationLinkTarget(pasted, currentServerBase(), state?.user_id, linkNamesOf(state));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setOpen(false);
    const link = pastedLink();
    if (link) {
      useNarrowStore.getState().select(link.narrow, link.anchor);
      return afterRun(null);
    }
    afterRun(runSearch(terms, text, names, true));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && suggestions.length > 0) {
      e.preventDefault();
      highlight.highlight((highlighted + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp' && suggestions.length > 0) {
      e.preventDefault();
      highlight.highlight(highlighted <= 0 ? suggestions.length - 1 : highlighted - 1);
    } else if ((e.key === 'Enter' && highlighted >= 0) || (e.key === 'Tab' && suggestions.length > 0)) {
      const chosen = suggestions[Math.max(0, highlighted)];
      if (!chosen) return;
      e.preventDefault();
      take(chosen);
    } else if (e.key === 'Escape' && suggestions.length > 0) {
      // One Esc closes one thing: the list, not the view behind it.
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    } else if (e.key === 'Escape') {
      // Esc leaves the box for the view, the query and its results kept in step (the field's own
      // Esc would empty it and leave the results of a query no longer shown); the next Esc is the
      // view's (home).
      e.preventDefault();
      e.stopPropagation();
      focusFallback();
    } else if (e.key === 'Backspace' && text === '' && terms.length > 0) {
      e.preventDefault();
      setTerms(terms.slice(0, -1));
    }
  };

  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <div className="search-field" ref={field}>
        {terms.map((term, index) => (
          <span
            key={`${index}:${formatTerm(term)}`}
            className={`search-pill${term.negated ? ' negated' : ''}`}
            data-testid={`search-pill-${index}`}
          >
            <span className="search-pill-text">{formatTerm(term)}</span>
            <button
              type="button"
              className="search-pill-remove"
              aria-label={`Remove ${formatTerm(term)}`}
              data-testid="remove-search-pill"
              onClick={() => removeTerm(index)}
            >
              ×
            </button>
          </span>
        ))}
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label="Search messages"
          aria-autocomplete="list"
          aria-expanded={suggestions.length > 0}
          aria-controls={LIST_ID}
          aria-activedescendant={highlighted >= 0 ? `${LIST_ID}-${highlighted}` : undefined}
          placeholder={terms.length ? 'Add words or filters' : 'Search messages (try channel:, sender:, is:)'}
          data-testid="search-input"
          value={text}
          onChange={(e) => changeText(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
      </div>
      {noMatch && suggestions.length === 0 && (
        <p className="search-suggestions search-no-match" role="alert" data-testid="search-no-match">
          {noMatch}
        </p>
      )}
      {suggestions.length > 0 && (
        <ul className="search-suggestions" id={LIST_ID} role="listbox" data-testid="search-suggestions">
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.replacement}
              id={`${LIST_ID}-${index}`}
              role="option"
              aria-selected={index === highlighted}
              className={index === highlighted ? 'active' : undefined}
              data-testid={`search-suggestion-${index}`}
              // Before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                take(suggestion);
              }}
            >
              <span className="search-suggestion-label" title={suggestion.label}>
                {suggestion.label}
              </span>
              <span className="search-suggestion-description muted small" title={suggestion.description}>
                {suggestion.description}
              </span>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

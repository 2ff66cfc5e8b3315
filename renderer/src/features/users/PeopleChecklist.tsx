import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { User } from '../../api/model';
import { useUsers } from '../../app/realm';
import { compareNames, indexPeople, searchPeople } from './person-search';

/** How many matching people are listed at once; the search narrows the rest. */
const SHOWN = 60;

/** Active people (no bots), in name order, indexed once per list of users. */
function useActivePeopleIndex() {
  const users = useUsers();
  return useMemo(
    () =>
      indexPeople([...users.values()].filter((u) => u.is_active !== false && !u.is_bot).sort(compareNames)),
    [users],
  );
}

/**
 * Active people with a search box and a checkbox each; the chosen ones are listed first (as chosen
 * when the list opened or was last searched: a click does not move the rows). Over a
 * large organization only the first matches are rendered, and a keystroke only filters the index.
 * Enter or ↓ in the search goes to the first person listed (Space ticks them): Enter there never
 * submits the form around the list, which would save it without the person searched for.
 */
export function PeopleChecklist({
  selected,
  onToggle,
  testIdFor,
  searchTestId,
  showEmail = true,
}: {
  selected: readonly number[];
  onToggle: (userId: number) => void;
  testIdFor: (user: User) => string;
  searchTestId: string;
  showEmail?: boolean;
}) {
  const users = useUsers();
  const index = useActivePeopleIndex();
  const [query, setQuery] = useState('');
  // Who is listed first: the chosen people as they were when the list was last ordered (opened, or
  // searched). A tick or untick leaves every row where it is, so the next click lands where aimed.
  const [listedFirst, setListedFirst] = useState<readonly number[]>(selected);
  const { shown, more, none } = useMemo(() => {
    const chosen = new Set(listedFirst);
    const matches = searchPeople(index, query);
    const matched = query.trim() ? new Set(matches.map((u) => u.user_id)) : null;
    // The chosen people first (those the search matches), then the others, cut at SHOWN.
    const first = listedFirst
      .map((id) => users.get(id))
      .filter((u): u is User => u !== undefined && (matched === null || matched.has(u.user_id)))
      .sort(compareNames);
    const rest: User[] = [];
    let others = 0;
    for (const u of matches) {
      if (chosen.has(u.user_id)) continue;
      others++;
      if (first.length + rest.length < SHOWN) rest.push(u);
    }
    const list = [...first, ...rest];
    return { shown: list, more: first.length + others - list.length, none: list.length === 0 };
  }, [index, users, query, listedFirst]);
  const list = useRef<HTMLDivElement>(null);
  const onSearchKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    list.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
  };
  return (
    <div className="member-checklist">
      <input
        type="search"
        aria-label="Search people"
        placeholder="Search people"
        data-testid={searchTestId}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setListedFirst(selected);
        }}
        onKeyDown={onSearchKeyDown}
      />
      <div className="checklist tall" role="group" aria-label="People" ref={list}>
        {shown.map((u) => (
          <label key={u.user_id} className="check">
            <input
              type="checkbox"
              data-testid={testIdFor(u)}
              checked={selected.includes(u.user_id)}
              onChange={() => onToggle(u.user_id)}
            />
            <span className="check-name">{u.full_name}</span>{' '}
            {showEmail && (
              <span className="check-detail muted small" title={u.email}>
                {u.email}
              </span>
            )}
          </label>
        ))}
        {none && <span className="muted small">Nobody matches.</span>}
        {more > 0 && (
          <span className="muted small">{more.toLocaleString('en-US')} more: search to find them.</span>
        )}
      </div>
    </div>
  );
}

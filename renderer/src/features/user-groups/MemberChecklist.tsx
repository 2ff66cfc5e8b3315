import { useMemo, useState } from 'react';
import { useUsers } from '../../app/realm';

/** How many matching people are listed at once; the search narrows the rest. */
const SHOWN = 60;

/** Active people with a search box and a checkbox each; the chosen ones are listed first. */
export function MemberChecklist({
  selected,
  onToggle,
}: {
  selected: readonly number[];
  onToggle: (userId: number) => void;
}) {
  const users = useUsers();
  const [query, setQuery] = useState('');
  const people = useMemo(() => {
    const q = query.trim().toLowerCase();
    return [...users.values()]
      .filter((u) => u.is_active !== false && !u.is_bot)
      .filter((u) => !q || u.full_name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q))
      .sort(
        (a, b) =>
          Number(selected.includes(b.user_id)) - Number(selected.includes(a.user_id)) ||
          a.full_name.localeCompare(b.full_name),
      );
  }, [users, query, selected]);
  return (
    <div className="member-checklist">
      <input
        type="search"
        aria-label="Search people"
        placeholder="Search people"
        data-testid="member-search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div className="checklist tall" role="group" aria-label="People">
        {people.slice(0, SHOWN).map((u) => (
          <label key={u.user_id} className="check">
            <input
              type="checkbox"
              data-testid={`member-${u.email}`}
              checked={selected.includes(u.user_id)}
              onChange={() => onToggle(u.user_id)}
            />
            {u.full_name} <span className="muted small">{u.email}</span>
          </label>
        ))}
        {people.length === 0 && <span className="muted small">Nobody matches.</span>}
        {people.length > SHOWN && (
          <span className="muted small">{people.length - SHOWN} more: search to find them.</span>
        )}
      </div>
    </div>
  );
}

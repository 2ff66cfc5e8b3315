import { useState, type FormEvent } from 'react';
import { useNarrowStore } from '../../state/narrow';

/** Full-text search: opens a search narrow whose hits are highlighted. */
export function SearchBox() {
  const narrow = useNarrowStore((s) => s.narrow);
  const select = useNarrowStore((s) => s.select);
  const [query, setQuery] = useState(narrow?.kind === 'search' ? narrow.query : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = query.trim();
    if (q) select({ kind: 'search', query: q });
  };
  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <input
        type="search"
        aria-label="Search messages"
        placeholder="Search messages"
        data-testid="search-input"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
    </form>
  );
}

import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useInitialState } from '../../app/session';
import { EXTRA_EMOJI, loadUnicodeEmoji, realmEmojiChoices, searchEmoji, type EmojiChoice } from './emoji';
import { resolveServerUrl } from '../../components/SafeHtml';
import { Popover } from '../../components/Popover';
import { recentFirst, useRecentEmoji } from './recent-emoji';

/** Emoji a row in the grid (the style's grid-template-columns). */
const GRID_COLUMNS = 8;

/**
 * Searchable emoji grid: the ones picked lately, then custom (realm) emoji, the service's extra
 * emoji and Unicode. A pick counts as recent use (shared with the compose box's `:` autocomplete).
 */
export function EmojiPicker({
  onPick,
  onClose,
}: {
  onPick: (emoji: EmojiChoice) => void;
  onClose: () => void;
}) {
  const realmEmoji = useInitialState((s) => s.realm_emoji);
  const [query, setQuery] = useState('');
  const unicodeQuery = { queryKey: ['emoji', 'unicode'], queryFn: loadUnicodeEmoji, staleTime: Infinity };
  const unicode = useQuery(unicodeQuery);
  const queryClient = useQueryClient();
  const all = useMemo(
    () => [...realmEmojiChoices(realmEmoji), ...EXTRA_EMOJI, ...(unicode.data ?? [])],
    [realmEmoji, unicode.data],
  );
  const recent = useRecentEmoji((s) => s.names);
  const recordUse = useRecentEmoji((s) => s.used);
  const shown = useMemo(
    () => searchEmoji(query.trim() ? all : recentFirst(all, recent), query, 240),
    [all, query, recent],
  );
  const pick = (emoji: EmojiChoice) => {
    recordUse(emoji.name);
    onPick(emoji);
  };
  // Unicode emoji load on the picker's first use: Enter typed before they came picks the first
  // match once they are in (if the search is still the same and the picker open), not nothing.
  const loading = unicode.isPending;
  const latestQuery = useRef('');
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  const pickOnceLoaded = (typed: string) => {
    void queryClient.fetchQuery(unicodeQuery).then(
      (loaded) => {
        if (!open.current || latestQuery.current !== typed) return;
        const first = searchEmoji([...realmEmojiChoices(realmEmoji), ...EXTRA_EMOJI, ...loaded], typed, 1)[0];
        if (first) pick(first);
      },
      () => undefined,
    );
  };
  const search = useRef<HTMLInputElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const focusChoice = (index: number) => {
    const choice = grid.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    choice?.focus();
    choice?.scrollIntoView({ block: 'nearest' });
  };
  // The grid by arrows (GRID_COLUMNS a row, as the style lays it out); up from the top row, or
  // any typing, goes back to the search field.
  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = Number((event.target as HTMLElement).dataset.index);
    if (Number.isNaN(at)) return;
    const last = shown.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: Math.min(at + 1, last),
      ArrowLeft: Math.max(at - 1, 0),
      ArrowDown: Math.min(at + GRID_COLUMNS, last),
      ArrowUp: at - GRID_COLUMNS,
      Home: 0,
      End: last,
    };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      if (to < 0) search.current?.focus();
      else focusChoice(to);
    } else if (
      (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey) ||
      event.key === 'Backspace'
    ) {
      // The key itself lands in the field, which now has the focus.
      search.current?.focus();
    }
  };
  return (
    <Popover
      onClose={onClose}
      className="emoji-picker"
      role="dialog"
      aria-label="Pick an emoji"
      data-testid="emoji-picker"
    >
      <input
        ref={search}
        autoFocus
        type="search"
        placeholder="Search emoji"
        aria-label="Search emoji"
        data-testid="emoji-search"
        value={query}
        onChange={(e) => {
          latestQuery.current = e.target.value;
          setQuery(e.target.value);
        }}
        aria-describedby="emoji-picker-hint"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && loading && query.trim()) {
            e.preventDefault();
            pickOnceLoaded(query);
          } else if (e.key === 'Enter' && shown[0]) {
            e.preventDefault();
            pick(shown[0]);
          } else if (e.key === 'ArrowDown' && shown[0]) {
            e.preventDefault();
            focusChoice(0);
          }
        }}
      />
      <span id="emoji-picker-hint" hidden>
        Enter picks the first emoji shown; the arrow keys choose another.
      </span>
      <div className="emoji-grid" ref={grid} onKeyDown={onGridKey}>
        {shown.map((e, index) => (
          <button
            key={`${e.reaction_type}:${e.code}`}
            type="button"
            data-index={index}
            // One stop for Tab (the arrows go through the grid): not 240.
            tabIndex={index === 0 ? 0 : -1}
            className="emoji-choice"
            title={[e.name, ...(e.aliases ?? [])].map((n) => `:${n}:`).join(' ')}
            aria-label={e.name.replace(/_/g, ' ')}
            data-testid={`emoji-${e.name}`}
            onClick={() => pick(e)}
          >
            {e.imageUrl ? <img src={resolveServerUrl(e.imageUrl)} alt="" width={20} height={20} /> : e.glyph}
          </button>
        ))}
        {loading && (
          <p className="muted emoji-none" role="status" data-testid="emoji-loading">
            Loading emoji…
          </p>
        )}
        {shown.length === 0 && !loading && (
          <p className="muted emoji-none" data-testid="emoji-none">
            No emoji named like that.
          </p>
        )}
      </div>
    </Popover>
  );
}

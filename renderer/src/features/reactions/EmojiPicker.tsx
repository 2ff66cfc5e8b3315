import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useInitialState } from '../../app/session';
import { EXTRA_EMOJI, loadUnicodeEmoji, realmEmojiChoices, searchEmoji, type EmojiChoice } from './emoji';
import { resolveServerUrl } from '../../components/SafeHtml';
import { Popover } from '../../components/Popover';
import { recentFirst, useRecentEmoji } from './recent-emoji';

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
  const unicode = useQuery({
    queryKey: ['emoji', 'unicode'],
    queryFn: loadUnicodeEmoji,
    staleTime: Infinity,
  });
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
  return (
    <Popover
      onClose={onClose}
      className="emoji-picker"
      role="dialog"
      aria-label="Pick an emoji"
      data-testid="emoji-picker"
    >
      <input
        autoFocus
        type="search"
        placeholder="Search emoji"
        aria-label="Search emoji"
        data-testid="emoji-search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && shown[0]) {
            e.preventDefault();
            pick(shown[0]);
          }
        }}
      />
      <div className="emoji-grid">
        {shown.map((e) => (
          <button
            key={`${e.reaction_type}:${e.code}`}
            type="button"
            className="emoji-choice"
            title={[e.name, ...(e.aliases ?? [])].map((n) => `:${n}:`).join(' ')}
            aria-label={e.name.replace(/_/g, ' ')}
            data-testid={`emoji-${e.name}`}
            onClick={() => pick(e)}
          >
            {e.imageUrl ? <img src={resolveServerUrl(e.imageUrl)} alt="" width={20} height={20} /> : e.glyph}
          </button>
        ))}
        {shown.length === 0 && (
          <p className="muted emoji-none" data-testid="emoji-none">
            No emoji named like that.
          </p>
        )}
      </div>
    </Popover>
  );
}

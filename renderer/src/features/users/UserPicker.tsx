import { useMemo, useState, type KeyboardEvent } from 'react';
import type { User, UserStatus } from '../../api/model';
import { useSelfId, useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { Avatar } from '../../components/Avatar';
import { resolveServerUrl } from '../../components/SafeHtml';
import { Empty, ErrorState, Loading } from '../../components/states';
import { useApiQuery } from '../../api/queries';
import { VirtualList } from '../../components/VirtualList';
import { EmojiGlyph } from '../reactions/Reactions';
import { useMutedUserIds } from './muted-users';
import { compareNames, indexPeople, searchPeople } from './person-search';

export function StatusLine({ status }: { status: UserStatus | undefined }) {
  if (!status || (!status.status_text && !status.emoji_name)) return null;
  return (
    <span className="status muted small" title={status.status_text || undefined}>
      {status.emoji_name && status.emoji_code && (
        <EmojiGlyph
          name={status.emoji_name}
          code={status.emoji_code}
          type={status.reaction_type ?? 'unicode_emoji'}
        />
      )}{' '}
      {status.status_text}
    </span>
  );
}

/**
 * Searchable list of active users with avatar and status; toggles a selection. From the search box,
 * Enter toggles the first match and clears the search for the next name, Enter on an empty search
 * submits (`onSubmit`), and ArrowDown moves into the list.
 */
export function UserPicker({
  selected,
  onToggle,
  onSubmit,
  includeSelf = false,
  leaveOutMuted = false,
}: {
  selected: number[];
  onToggle: (userId: number) => void;
  onSubmit?: () => void;
  includeSelf?: boolean;
  /** Picking whom to write to: the real service offers nobody the user muted. */
  leaveOutMuted?: boolean;
}) {
  const known = useUsers();
  const selfId = useSelfId();
  const statuses = useInitialState((s) => s.user_status);
  const mutedUserIds = useMutedUserIds();
  const [query, setQuery] = useState('');
  // GET /users, overlaid with the register state that realm_user events keep current.
  const fetched = useApiQuery('getUsers', {});
  // Merged, sorted and indexed once per change of the people; a keystroke only filters.
  const index = useMemo(() => {
    const users = new Map<number, User>();
    for (const u of fetched.data?.members ?? []) users.set(u.user_id, { ...u, ...known.get(u.user_id) });
    for (const [id, u] of known) if (!users.has(id)) users.set(id, u);
    return indexPeople(
      [...users.values()]
        .filter(
          (u: User) =>
            u.is_active !== false &&
            (includeSelf || u.user_id !== selfId) &&
            !(leaveOutMuted && mutedUserIds.has(u.user_id)),
        )
        .sort(compareNames),
    );
  }, [known, fetched.data, selfId, includeSelf, leaveOutMuted, mutedUserIds]);
  const list = useMemo(() => searchPeople(index, query), [index, query]);
  const firstMatch = query.trim() ? list[0] : undefined;
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (firstMatch) {
        onToggle(firstMatch.user_id);
        setQuery('');
      } else if (!query.trim()) onSubmit?.();
    } else if (event.key === 'ArrowDown') {
      const row = event.currentTarget.parentElement?.querySelector<HTMLElement>('.user-row');
      if (row) {
        event.preventDefault();
        row.focus();
      }
    }
  };
  return (
    <div className="user-picker">
      <input
        type="search"
        placeholder="Search people"
        aria-label="Search people"
        data-testid="user-search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onSearchKey}
      />
      {fetched.isPending && known.size === 0 ? (
        <Loading />
      ) : fetched.isError && known.size === 0 ? (
        <ErrorState error={fetched.error} retry={() => void fetched.refetch()} />
      ) : list.length === 0 ? (
        <Empty>Nobody matches.</Empty>
      ) : (
        <VirtualList
          items={list}
          label="People"
          className="user-list"
          testId="user-list"
          estimateSize={44}
          getKey={(u) => u.user_id}
          renderRow={(u) => {
            const on = selected.includes(u.user_id);
            const enterPicks = u === firstMatch;
            return (
              <button
                type="button"
                className={`user-row row-main${on ? ' selected' : ''}${enterPicks ? ' enter-picks' : ''}`}
                aria-pressed={on}
                data-testid={`user-${u.email}`}
                onClick={() => onToggle(u.user_id)}
              >
                <Avatar
                  name={u.full_name}
                  url={u.avatar_url ? resolveServerUrl(u.avatar_url) : null}
                  size={28}
                />
                <span className="user-text">
                  <span>
                    {u.full_name} {u.is_bot && <span className="tag">Bot</span>}
                  </span>
                  <StatusLine status={statuses?.[String(u.user_id)]} />
                </span>
                {on && <span aria-hidden="true">✓</span>}
              </button>
            );
          }}
        />
      )}
    </div>
  );
}

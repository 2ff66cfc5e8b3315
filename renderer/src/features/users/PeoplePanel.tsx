import { useMemo, useRef, useState } from 'react';
import { useSelfId } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { useNowSeconds } from '../../app/use-now';
import { Avatar } from '../../components/Avatar';
import { resolveServerUrl } from '../../components/SafeHtml';
import { ListFilter } from '../../components/ListFilter';
import { VirtualList, type VirtualListHandle } from '../../components/VirtualList';
import { useNarrowStore } from '../../state/narrow';
import { peopleForPanel, presenceOf, roleBadge } from './people';
import { StatusBadge } from './StatusBadge';
import { useMutedUserIds } from './muted-users';
import { indexPeople, searchPeople } from './person-search';

/**
 * The organization's people in the home view's right pane: name, status, role and presence when the
 * server reports it. Virtualized, with a search box (`w`), so a large organization stays quick; a
 * click opens a direct message.
 */
export function PeoplePanel({
  searchOnOpen = false,
  onLeave,
}: {
  /** Shown for `w`: the search takes the keyboard at once. */
  searchOnOpen?: boolean;
  /** Esc in the search: the pane goes back to what it showed. */
  onLeave?: () => void;
} = {}) {
  // The organization's own users: cross-realm bots (the notification bot) are not its people.
  const realmUsers = useInitialState((s) => s.realm_users);
  const selfId = useSelfId();
  const statuses = useInitialState((s) => s.user_status);
  const presences = useInitialState((s) => s.presences);
  const offlineAfter = useInitialState((s) => s.server_presence_offline_threshold_seconds);
  const realmName = useInitialState((s) => s.realm_name);
  const select = useNarrowStore((s) => s.select);
  const [query, setQuery] = useState('');
  const muted = useMutedUserIds();
  const everyone = useMemo(
    () => peopleForPanel(realmUsers ?? [], selfId, '', muted),
    [realmUsers, selfId, muted],
  );
  const index = useMemo(() => indexPeople(everyone), [everyone]);
  const shown = useMemo(() => searchPeople(index, query), [index, query]);
  const now = useNowSeconds(presences !== undefined, 30_000);
  const list = useRef<VirtualListHandle>(null);
  const openDm = (userId: number) => select({ kind: 'dm', userIds: userId === selfId ? [] : [userId] });
  const first = shown[0];

  return (
    <section className="details people-panel" aria-label="People" data-testid="people-panel">
      <h2>{realmName ?? 'Organization'}</h2>
      <p className="muted small" data-testid="people-count">
        {everyone.length.toLocaleString('en-US')} {everyone.length === 1 ? 'person' : 'people'}
      </p>
      <ListFilter
        value={query}
        onChange={setQuery}
        list={list}
        openFirst={first && (() => openDm(first.user_id))}
        label="Search people"
        testId="people-search"
        autoFocus={searchOnOpen}
        onLeave={onLeave}
      />
      {shown.length === 0 ? (
        <p className="muted small">Nobody matches.</p>
      ) : (
        <VirtualList
          items={shown}
          label="People"
          testId="people-list"
          className="people-list"
          handle={list}
          estimateSize={44}
          getKey={(u) => u.user_id}
          renderRow={(u) => {
            const badge = u.is_bot ? 'Bot' : roleBadge(u.role);
            const presence = presenceOf(presences, u.user_id, now, offlineAfter);
            return (
              <button
                type="button"
                className="person row-main"
                data-testid={`person-${u.user_id}`}
                onClick={() => openDm(u.user_id)}
              >
                <span className="person-avatar">
                  <Avatar
                    name={u.full_name}
                    url={u.avatar_url ? resolveServerUrl(u.avatar_url) : null}
                    size={28}
                  />
                  {presence && (
                    <span
                      className={`presence-dot ${presence}`}
                      title={presence === 'active' ? 'Active' : presence === 'idle' ? 'Idle' : 'Offline'}
                      data-testid={`presence-${u.user_id}`}
                    />
                  )}
                </span>
                <span className="user-text">
                  <span className="person-name">
                    <span className="ellipsis" title={u.full_name}>
                      {u.full_name}
                      {u.user_id === selfId ? ' (you)' : ''}
                    </span>
                    {badge && (
                      <span className="tag" data-testid={`role-${u.user_id}`}>
                        {badge}
                      </span>
                    )}
                  </span>
                  <StatusBadge status={statuses?.[String(u.user_id)]} testId={`person-status-${u.user_id}`} />
                </span>
              </button>
            );
          }}
        />
      )}
    </section>
  );
}

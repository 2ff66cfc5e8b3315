import { useMemo, useRef, useState } from 'react';
import { errorText } from '../../api/call';
import { unmetError } from '../../api/unmet-error';
import { useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { formatDateTime, useTwentyFourHourTime } from '../../app/time-format';
import { useFocusAfterRowRemoved } from '../../components/row-removal-focus';
import { Empty } from '../../components/states';
import { mutedUserIds, useMuteUser } from './muted-users';
import { mutedUserRows } from './muted-user-rows';

/**
 * Settings → Muted users, as the real service's: everyone the user muted, newest first, with when,
 * and Unmute. Live from the register state's `muted_users`, which the `muted_users` event replaces
 * after each mute or unmute, from this window or another.
 */
export function MutedUsersScreen() {
  const mutedUsers = useInitialState((s) => s.muted_users);
  const users = useUsers();
  const twentyFour = useTwentyFourHourTime();
  const unmute = useMuteUser();
  const [query, setQuery] = useState('');
  const rows = useMemo(() => mutedUserRows(mutedUsers ?? [], users, query), [mutedUsers, users, query]);
  const stillMuted = useMemo(() => mutedUserIds(mutedUsers), [mutedUsers]);
  // An unmute whose answer was lost may have gone through: the event then took the row away.
  const failure = unmetError(unmute, (v) => !stillMuted.has(v.userId));
  const list = useRef<HTMLTableSectionElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The row that takes the place of an unmuted one keeps the keyboard, else the search, else the heading.
  const removing = useFocusAfterRowRemoved(
    rows.map((r) => r.userId),
    list,
    '[data-testid="muted-user-unmute"]',
    () => search.current ?? heading.current,
    !unmute.isPending,
  );
  const anyone = (mutedUsers ?? []).length > 0;
  return (
    <div className="settings-page" data-testid="muted-users-screen">
      <h2 ref={heading} tabIndex={-1}>
        Muted users
      </h2>
      <p className="muted small">
        Messages from people you mute are hidden and marked as read, and they are left out of your lists of
        people and conversations. Nobody is told.
      </p>
      {!anyone ? (
        <Empty>
          <span data-testid="muted-users-empty">You have not muted anyone.</span>
        </Empty>
      ) : (
        <>
          <input
            type="search"
            ref={search}
            aria-label="Search muted users"
            placeholder="Search muted users"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          {failure && (
            <p className="form-error" role="alert" data-testid="muted-user-unmute-error">
              Not unmuted: {errorText(failure)}
            </p>
          )}
          <table className="table" data-testid="muted-users-list">
            <thead>
              <tr>
                <th>Name</th>
                <th>Muted</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody ref={list}>
              {rows.map((row, index) => (
                <tr key={row.userId} data-testid={`muted-user-${row.userId}`}>
                  <td>
                    {row.name}
                    {row.email && <span className="muted small"> {row.email}</span>}
                  </td>
                  <td data-testid="muted-user-date">
                    {row.timestamp === undefined ? '' : formatDateTime(row.timestamp, twentyFour)}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-small"
                      data-testid="muted-user-unmute"
                      aria-label={`Unmute ${row.name}`}
                      disabled={unmute.isPending}
                      onClick={() => {
                        removing({ key: row.userId, at: index });
                        unmute.mutate({ userId: row.userId, mute: false }, { onError: () => removing(null) });
                      }}
                    >
                      Unmute
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 && <Empty>Nobody matches.</Empty>}
        </>
      )}
    </div>
  );
}

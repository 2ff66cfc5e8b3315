import { useMemo, useState } from 'react';
import type { DemoAccounts } from '../../../../shared/ipc';
import { roleLabel } from '../invitations/invite-form';

/** Above this many people (a big seed), the list shows a search field and the first matches only. */
const SHOWN_AT_MOST = 12;

type DemoAccount = DemoAccounts['accounts'][number];

/** One button per demo person, with their role and printed password. */
export function DemoAccountList({
  accounts,
  disabled,
  onPick,
}: {
  accounts: DemoAccount[];
  disabled: boolean;
  onPick: (email: string) => void;
}) {
  const [query, setQuery] = useState('');
  const many = accounts.length > SHOWN_AT_MOST;
  const matching = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return accounts;
    return accounts.filter((a) => a.fullName.toLowerCase().includes(q) || a.email.toLowerCase().includes(q));
  }, [accounts, query]);
  const shown = many ? matching.slice(0, SHOWN_AT_MOST) : matching;
  return (
    <>
      {many && (
        <input
          type="search"
          className="demo-account-search"
          aria-label="Find a demo person"
          placeholder={`Find one of ${accounts.length.toLocaleString('en-US')} people`}
          data-testid="demo-account-search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      <ul>
        {shown.map((a) => (
          <li key={a.email}>
            <button
              type="button"
              className="btn demo-account"
              data-testid={`demo-account-${a.email}`}
              disabled={disabled}
              onClick={() => onPick(a.email)}
            >
              <span>
                <strong>{a.fullName}</strong>
                <span className="tag">{roleLabel(a.role)}</span>
              </span>
              <span className="muted small">{a.email}</span>
              {a.password && (
                <span className="muted small" data-testid={`demo-password-${a.email}`}>
                  Password: <code>{a.password}</code>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {many && matching.length > shown.length && (
        <p className="muted small" data-testid="demo-account-more">
          {(matching.length - shown.length).toLocaleString('en-US')} more: type a name or email to find them.
        </p>
      )}
      {many && matching.length === 0 && <p className="muted small">Nobody by that name or email.</p>}
    </>
  );
}

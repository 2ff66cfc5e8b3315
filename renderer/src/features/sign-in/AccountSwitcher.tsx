import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountsActiveKey, accountsListKey } from '../../api/keys';
import { useState } from 'react';
import type { AccountSummary } from '../../../../shared/ipc';
import { useBridge } from '../../app/bridge-context';
import { Dialog } from '../../components/Dialog';
import { useDialogStore } from '../../state/dialogs';
import { SignIn } from './SignIn';
import { forgetAccountScope } from '../../state/account-scope';

/** Lists the accounts; switch to one, remove one, or add another. */
export function AccountSwitcher() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const close = useDialogStore((s) => s.close);
  const [adding, setAdding] = useState(false);
  const accounts = useQuery({ queryKey: accountsListKey, queryFn: () => bridge.accounts.list() });
  const active = useQuery({ queryKey: accountsActiveKey, queryFn: () => bridge.accounts.active() });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['accounts'] });

  const switchTo = async (a: AccountSummary) => {
    await bridge.accounts.switchTo(a.id);
    await refresh();
    close();
  };
  if (adding)
    return (
      <div className="dialog-backdrop">
        <SignIn onCancel={() => setAdding(false)} onDone={close} />
      </div>
    );
  return (
    <Dialog title="Accounts" onClose={close} testId="accounts-dialog">
      <ul className="account-list">
        {(accounts.data ?? []).map((a) => (
          <li key={a.id} className={a.id === active.data ? 'current' : ''}>
            <button
              type="button"
              className="row-main"
              data-testid={`account-${a.email}`}
              onClick={() => void switchTo(a)}
            >
              <strong>{a.realmName}</strong>
              <span className="muted small">
                {a.email} · {a.serverUrl}
              </span>
              {a.id === active.data && <span className="tag">current</span>}
            </button>
            <button
              type="button"
              className="btn btn-small"
              aria-label={`Remove ${a.email}`}
              onClick={() =>
                void bridge.accounts
                  .remove(a.id)
                  .then(() => forgetAccountScope(a.id))
                  .then(refresh)
              }
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="btn" data-testid="add-account" onClick={() => setAdding(true)}>
          Add an account
        </button>
      </div>
    </Dialog>
  );
}

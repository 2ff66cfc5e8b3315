import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountsActiveKey, accountsListKey } from '../../api/keys';
import { useEffect, useRef, useState } from 'react';
import type { AccountSummary } from '../../../../shared/ipc';
import { useBridge } from '../../app/bridge-context';
import { Dialog } from '../../components/Dialog';
import { keepTabInside, takeDroppedFocus } from '../../components/focus-fallback';
import { useDialogStore } from '../../state/dialogs';
import { SignIn } from './SignIn';
import { forgetAccountScope } from '../../state/account-scope';
import { useOutboxStore } from '../outbox/outbox-store';
import { accountLabel } from './account-label';

/** Lists the accounts; switch to one, remove one, or add another. */
export function AccountSwitcher() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const close = useDialogStore((s) => s.close);
  const [adding, setAdding] = useState(false);
  /** The account whose removal waits for a second click. */
  const [removing, setRemoving] = useState<string | null>(null);
  // What removing an account would throw away: the active account's outbox as the window follows
  // it, another's as main counted it when the list was read.
  const outboxAccount = useOutboxStore((s) => s.accountId);
  const unsent = useOutboxStore((s) => s.entries.length);
  const unsentOf = (a: AccountSummary) => (outboxAccount === a.id ? unsent : (a.unsentMessages ?? 0));
  const remove = (id: string) =>
    void bridge.accounts
      .remove(id)
      .then(() => forgetAccountScope(id))
      .then(refresh)
      .finally(() => setRemoving(null));
  // Read again each time the dialog opens: the other accounts' unsent counts change meanwhile.
  const accounts = useQuery({
    queryKey: accountsListKey,
    queryFn: () => bridge.accounts.list(),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const active = useQuery({ queryKey: accountsActiveKey, queryFn: () => bridge.accounts.active() });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['accounts'] });

  const switchTo = async (a: AccountSummary) => {
    await bridge.accounts.switchTo(a.id);
    await refresh();
    close();
  };
  const list = accounts.data ?? [];
  // Also in labels and test ids: one person's accounts in two organizations are told apart.
  const labelOf = (a: AccountSummary) => accountLabel(a, list);
  if (adding) return <AddAccountOverlay onCancel={() => setAdding(false)} onDone={close} />;
  return (
    <Dialog title="Accounts" onClose={close} testId="accounts-dialog">
      <ul className="account-list">
        {list.map((a) => (
          <li key={a.id} className={a.id === active.data ? 'current' : ''}>
            <button
              type="button"
              className="row-main"
              data-testid={`account-${labelOf(a)}`}
              onClick={() => void switchTo(a)}
            >
              <strong>{a.realmName}</strong>
              <span className="muted small">
                {a.email} · {a.serverUrl}
              </span>
              {a.id === active.data && <span className="tag">current</span>}
            </button>
            {removing === a.id ? (
              <div className="account-remove-confirm" role="group" aria-label={`Remove ${labelOf(a)}?`}>
                <span className="small" data-testid={`remove-warning-${labelOf(a)}`}>
                  Sign out and forget this account here
                  {unsentOf(a) > 0
                    ? `: ${unsentOf(a)} ${unsentOf(a) === 1 ? 'message' : 'messages'} not yet sent will be lost.`
                    : '.'}
                </span>
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  data-testid={`confirm-remove-${labelOf(a)}`}
                  onClick={() => remove(a.id)}
                >
                  Remove
                </button>
                <button type="button" className="btn btn-small" autoFocus onClick={() => setRemoving(null)}>
                  Keep
                </button>
              </div>
            ) : (
              <button
                type="button"
                className="btn btn-small"
                aria-label={`Remove ${labelOf(a)}`}
                data-testid={`remove-${labelOf(a)}`}
                // Back after "Keep" (gone with its question): the keyboard goes on from here.
                ref={takeDroppedFocus}
                onClick={() => {
                  setRemoving(a.id);
                  void accounts.refetch();
                }}
              >
                Remove
              </button>
            )}
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

/**
 * The sign-in form over the app, for another account: a modal dialog of its own (focus moves into
 * it, Tab stays in it, and comes back to the accounts list when it closes); Esc, like Cancel, goes
 * back to the list.
 */
function AddAccountOverlay({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('#server-url, input, button')?.focus();
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  return (
    <div className="dialog-backdrop" data-testid="add-account-overlay">
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-label="Add an account"
        tabIndex={-1}
        onKeyDown={(e) => keepTabInside(e, box.current)}
      >
        <SignIn onCancel={onCancel} onDone={onDone} />
      </div>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { AccountSummary } from '../../../../shared/ipc';
import { accountsListKey } from '../../api/keys';
import { useBridge } from '../../app/bridge-context';

/**
 * How the app names an account to the person: its email, and where another account here has the
 * same email (one person in two organizations), its organization too: the name, or where that is
 * the same as well, the server's host (or its whole address).
 */
export function accountLabel(account: AccountSummary, accounts: readonly AccountSummary[]): string {
  const namesakes = accounts.filter((other) => other.id !== account.id && other.email === account.email);
  if (namesakes.length === 0) return account.email;
  const ways = [(a: AccountSummary) => a.realmName, (a: AccountSummary) => hostOf(a.serverUrl)];
  const telling = ways.find((way) => namesakes.every((other) => way(other) !== way(account)));
  return `${account.email} (${telling ? telling(account) : account.serverUrl})`;
}

/** The name of the account on screen, told apart from another of the same email (accountLabel). */
export function useAccountLabel(account: AccountSummary): string {
  const bridge = useBridge();
  const accounts = useQuery({ queryKey: accountsListKey, queryFn: () => bridge.accounts.list() });
  return accountLabel(account, accounts.data ?? [account]);
}

function hostOf(serverUrl: string): string {
  try {
    return new URL(serverUrl).host;
  } catch {
    return serverUrl;
  }
}

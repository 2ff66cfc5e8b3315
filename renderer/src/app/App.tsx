import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountsActiveKey, accountsListKey } from '../api/keys';
import { useEffect, useLayoutEffect, useState } from 'react';
import type { ChatBridge } from '../../../shared/ipc';
import { ApiCallError } from '../../../shared/failures';
import { SignIn } from '../features/sign-in/SignIn';
import { HtmlReaderProvider } from '../components/html-reader';
import { ChatShell } from './ChatShell';
import { BridgeContext, useBridge } from './bridge-context';
import { forgetOtherAccountsSession, useSessionSync } from './session';
import { useOutboxSync } from '../features/outbox/outbox-sync';
import { setServerBase, setUploadRoute } from '../components/SafeHtml';
import { ErrorState, Loading } from '../components/states';
import { rescueDroppedFocus } from '../components/focus-fallback';
import { gateOnLiveSession } from './launch-gate';
import { retainLeftFeeds } from '../features/messages/feed-retention';
import { enterAccountScope, useAccountScope } from '../state/account-scope';

/**
 * A call's failure is final here: main already repeated what was worth repeating (a GET after a
 * network or server failure, anything after a 429), and more rounds on top made nine requests of
 * each failing GET. Reconnecting fetches failed views again (session.ts). Anything else (a chunk
 * that did not load) gets two more tries.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && !(error instanceof ApiCallError);
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        // Events keep the cache current; nothing goes stale by time.
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: retryQuery,
      },
      mutations: { retry: false },
    },
  });
  retainLeftFeeds(client);
  return gateOnLiveSession(client);
}

export function App({ bridge, queryClient }: { bridge: ChatBridge; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <BridgeContext.Provider value={bridge}>
      <QueryClientProvider client={client}>
        <Root />
      </QueryClientProvider>
    </BridgeContext.Provider>
  );
}

function Root() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  useSessionSync(queryClient);
  useOutboxSync();
  // Focus the page dropped (its element replaced or disabled) goes to the view, not the body; on the
  // sign-in screen too, where Continue and Sign in are disabled while they work.
  useEffect(() => rescueDroppedFocus(), []);
  const active = useQuery({ queryKey: accountsActiveKey, queryFn: () => bridge.accounts.active() });
  const accounts = useQuery({ queryKey: accountsListKey, queryFn: () => bridge.accounts.list() });
  const account = accounts.data?.find((a) => a.id === active.data);
  useEffect(() => setServerBase(account?.serverUrl ?? null), [account?.serverUrl]);
  const accountId = account?.id;
  useEffect(
    () => setUploadRoute(accountId ? { accountId, url: (path) => bridge.files.url(accountId, path) } : null),
    [bridge, accountId],
  );
  useEffect(
    () =>
      bridge.onAccountsChanged((state) => {
        forgetOtherAccountsSession(queryClient, state.activeId);
        queryClient.setQueryData(accountsListKey, state.accounts);
        queryClient.setQueryData(accountsActiveKey, state.activeId);
      }),
    [bridge, queryClient],
  );

  // Whatever made another account active (the switcher, a sign-in, main after a notification
  // click), the client stores follow before anything of the new account renders.
  const activeId = active.isPending ? undefined : (active.data ?? null);
  useLayoutEffect(() => {
    if (activeId !== undefined) enterAccountScope(activeId);
  }, [activeId]);
  const scope = useAccountScope((s) => s.accountId);

  // The app's own side never answered (the web host gone, or refusing this page): not a sign-in.
  // A later refetch that fails keeps what was loaded.
  const launchError =
    (active.data === undefined ? active.error : null) ??
    (accounts.data === undefined ? accounts.error : null);
  if (launchError)
    return (
      <main className="launch-failed" data-testid="launch-failed">
        <ErrorState
          error={launchError}
          retry={() => {
            void active.refetch();
            void accounts.refetch();
          }}
        />
      </main>
    );
  if (active.isPending || accounts.isPending || scope !== activeId) return <Loading label="Starting…" />;
  if (!active.data || !account) return <SignIn />;
  return (
    <HtmlReaderProvider>
      <ChatShell key={account.id} account={account} />
    </HtmlReaderProvider>
  );
}

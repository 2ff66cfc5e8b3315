import type { QueryClient } from '@tanstack/react-query';
import type { AccountSummary, CachedConversation, ChatBridge, SessionStarted } from '../../../shared/ipc';
import { sessionAfter } from './session-order';
import {
  accountsActiveKey,
  accountsListKey,
  conversationCacheKey,
  openConversationKey,
  sessionKey,
} from '../api/keys';

/**
 * The questions every launch asks main before it can draw anything of the user's: which account is
 * active, the accounts, that account's session (the register state) and the conversation kept from
 * the last launch. Sent as the page's code starts to run, they are answered while the rest of it
 * is evaluated and the first frame drawn; asked from the components, they waited for the first
 * render's effects, and the session waited for the accounts' answers.
 */
export interface LaunchCalls {
  active: Promise<string | null>;
  accounts: Promise<AccountSummary[]>;
  session: Promise<SessionStarted | null>;
  cachedConversation: Promise<CachedConversation | null>;
  /** Asked first: the launch decides what to show from it as soon as the session is there. */
  lastOpen: Promise<unknown>;
}

export function sendLaunchCalls(bridge: ChatBridge): LaunchCalls {
  const calls: LaunchCalls = {
    lastOpen: bridge.conversationCache.lastOpen(),
    active: bridge.accounts.active(),
    accounts: bridge.accounts.list(),
    session: bridge.session(),
    cachedConversation: bridge.conversationCache.last(),
  };
  // A failure is the query's to show (it asks again); none is left unhandled meanwhile.
  for (const call of Object.values(calls) as Promise<unknown>[]) call.catch(() => undefined);
  return calls;
}

/**
 * Hands each answer to the query that would have asked the same question: its first fetch waits
 * for the call already on its way instead of sending another.
 */
export function seedLaunchCalls(queryClient: QueryClient, calls: LaunchCalls): void {
  const seed = (queryKey: readonly unknown[], answer: Promise<unknown>) =>
    void queryClient.prefetchQuery({ queryKey, queryFn: () => answer, retry: false });
  // Keyed by account: the answer is the active account's, known once `active` answers.
  void calls.active.then(
    (accountId) => accountId && seed(openConversationKey(accountId), calls.lastOpen),
    () => undefined,
  );
  seed(accountsActiveKey, calls.active);
  seed(accountsListKey, calls.accounts);
  // Main may have pushed this session (and events on it) before its answer came: kept, not reset.
  seed(
    sessionKey,
    calls.session.then(
      (answer) => sessionAfter(queryClient.getQueryData<SessionStarted | null>(sessionKey), answer).session,
    ),
  );
  seed(conversationCacheKey, calls.cachedConversation);
}

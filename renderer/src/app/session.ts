import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChatBridge, SessionStarted } from '../../../shared/ipc';
import { sessionKey, sessionSharing } from '../api/keys';
import type { InitialState } from '../api/model';
import { applyEvents } from '../events/apply';
import { useConnectionStore } from '../state/connection';
import { useTypingStore } from '../state/typing';
import { useBridge } from './bridge-context';

/**
 * A new session replaces all server state: the register state goes under `sessionKey` and every
 * other query is reset (active ones refetch). Events of an older generation are dropped.
 */
export function startSession(queryClient: QueryClient, session: SessionStarted): void {
  queryClient.setQueryData(sessionKey, session);
  useTypingStore.getState().reset();
  void queryClient.resetQueries({
    predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'accounts',
  });
}

export function connectBridge(bridge: ChatBridge, queryClient: QueryClient): () => void {
  // Also for writes to the session before any component observes it.
  queryClient.setQueryDefaults(sessionKey, { structuralSharing: sessionSharing });
  const current = () => queryClient.getQueryData<SessionStarted | null>(sessionKey);
  const offSession = bridge.onSession((session) => startSession(queryClient, session));
  const offEvents = bridge.onEvents((batch) => {
    const session = current();
    if (!session || session.accountId !== batch.accountId || session.generation !== batch.generation) return;
    applyEvents(queryClient, batch.events);
  });
  const setStatus = useConnectionStore.getState().setStatus;
  const offStatus = bridge.onConnectionStatus((status) => {
    const before = useConnectionStore.getState().status.state;
    setStatus(status);
    // Back in touch: what failed meanwhile (a conversation opened during the outage) loads again
    // by itself, without a "Try again" click.
    if (status.state === 'connected' && before !== 'connected')
      void queryClient.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
  });
  void bridge.connectionStatus().then(setStatus, () => undefined);
  const timer = setInterval(() => useTypingStore.getState().expire(Date.now()), 1000);
  return () => {
    offSession();
    offEvents();
    offStatus();
    clearInterval(timer);
  };
}

export function useSessionSync(queryClient: QueryClient): void {
  const bridge = useBridge();
  useEffect(() => connectBridge(bridge, queryClient), [bridge, queryClient]);
}

export function useSession() {
  const bridge = useBridge();
  return useQuery({
    queryKey: sessionKey,
    queryFn: () => bridge.session(),
    staleTime: Infinity,
    structuralSharing: sessionSharing,
  });
}

/** A value derived from the register state, re-rendering only when it changes. */
export function useInitialState<T>(select: (state: InitialState) => T): T | undefined {
  const bridge = useBridge();
  const { data } = useQuery({
    queryKey: sessionKey,
    queryFn: () => bridge.session(),
    staleTime: Infinity,
    structuralSharing: sessionSharing,
    select: (session: SessionStarted | null) =>
      session ? select(session.initialState as InitialState) : undefined,
  });
  return data;
}

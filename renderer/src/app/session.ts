import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ChatBridge, SessionStarted } from '../../../shared/ipc';
import { conversationCacheKey, sessionKey, sessionSharing, updateInitialState } from '../api/keys';
import type { InitialState } from '../api/model';
import { applyEvents } from '../events/apply';
import { mergePresences } from '../events/reducers/presence';
import { announceApplied } from '../events/taps';
import { keepComposeFocus } from '../state/compose-focus';
import { useConnectionStore } from '../state/connection';
import { useTypingStore } from '../state/typing';
import { useNarrowStore } from '../state/narrow';
import { useMessageSelection } from '../state/message-selection';
import { narrowKey } from '../api/narrow';
import { channelOpener, movedTopicNarrow } from '../features/messages/follow-moved-topic';
import { useBridge } from './bridge-context';
import { releaseHeldQueries } from './launch-gate';
import { sortBatches, unappliedEvents, type AppliedThrough, type QueuedBatch } from './event-batches';
import { withEventsApplied } from './session-fold';
import { sessionAfter } from './session-order';
import { sessionStore } from './session-store';
import { reportUserInput } from './user-input';

/** Connected, or connecting for the first time: not (yet) known to be out of reach. */
const reaching = (state: string) => state === 'connected' || state === 'connecting';

/**
 * A new session replaces all server state: the register state goes under `sessionKey` and every
 * other query is reset (active ones refetch). Events of an older generation are dropped.
 */
export function startSession(queryClient: QueryClient, session: SessionStarted): void {
  const previous = queryClient.getQueryData<SessionStarted | null>(sessionKey);
  // Not the live registration after the state kept from the last launch: the launch still opens
  // the kept conversation at what is unread now.
  if (previous && !previous.keptFromLastLaunch && previous.accountId === session.accountId)
    reopenAtSelectedMessage();
  queryClient.setQueryData(sessionKey, session);
  useTypingStore.getState().reset();
  // The conversation kept on this computer does not come from the registration: it stays.
  void queryClient.resetQueries({
    predicate: (q) =>
      q.queryKey[0] !== 'session' &&
      q.queryKey[0] !== 'accounts' &&
      q.queryKey[0] !== conversationCacheKey[0],
  });
}

/**
 * A registration that replaces a lost one reloads the open conversation: it is loaded again around
 * its selected message, where the reader is, not where it first opened (its newest message after
 * End, a linked message), which would carry the reader past what came meanwhile or back up.
 */
function reopenAtSelectedMessage(): void {
  const { narrow, anchor, follow } = useNarrowStore.getState();
  if (!narrow) return;
  const selected = useMessageSelection.getState().byNarrow[narrowKey(narrow)];
  if (selected !== undefined && selected !== anchor) follow(narrow, selected);
}

/**
 * Another account became active: what the cache holds belongs to the previous one and must not be
 * shown under the new one's name, not even for the moment its (possibly fresh) session takes.
 */
export function forgetOtherAccountsSession(queryClient: QueryClient, activeId: string | null): void {
  const session = queryClient.getQueryData<SessionStarted | null>(sessionKey);
  if (!session || session.accountId === activeId) return;
  queryClient.setQueryData(sessionKey, null);
  useTypingStore.getState().reset();
  void queryClient.resetQueries({
    predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'accounts',
  });
}

/** Each query client's bridge, while connected (the launch connects before React draws). */
const connected = new WeakMap<QueryClient, ChatBridge>();

export function connectBridge(bridge: ChatBridge, queryClient: QueryClient): () => void {
  connected.set(queryClient, bridge);
  // Also for writes to the session before any component observes it.
  queryClient.setQueryDefaults(sessionKey, { structuralSharing: sessionSharing });
  const current = () => queryClient.getQueryData<SessionStarted | null>(sessionKey);
  // Batches that arrive while earlier ones wait to be applied (a burst) are applied together: one
  // cache update and one render for all of them. Those of a session not in yet wait for it
  // (sortBatches); those of an older session are dropped; an event already applied is not applied
  // again (a session's `eventsSince` and the live batches overlap).
  let waiting: QueuedBatch[] = [];
  let applyTimer: ReturnType<typeof setTimeout> | null = null;
  let through: AppliedThrough | null = null;
  const applyWaiting = () => {
    applyTimer = null;
    const session = current();
    const { ready, later } = sortBatches(waiting, session);
    waiting = later;
    if (!session || ready.length === 0) return;
    const next = unappliedEvents(ready, session, through);
    through = next.through;
    if (next.events.length === 0) return;
    applyEvents(queryClient, next.events);
    const live = next.events.filter((event) => !next.replayed.has(event.id));
    if (live.length === 0) return;
    announceApplied(live);
    // A topic moved while it is open: the view follows it to its new place.
    const narrowStore = useNarrowStore.getState();
    const open = narrowStore.narrow;
    const selectedId = open ? useMessageSelection.getState().byNarrow[narrowKey(open)] : undefined;
    const moved = movedTopicNarrow(open, live, channelOpener(current()?.initialState), selectedId);
    if (!moved) return;
    // The person may be typing in it: the new compose box takes the keyboard over.
    keepComposeFocus();
    narrowStore.follow(moved);
  };
  const offSession = bridge.onSession((incoming) => {
    const { session, started } = sessionAfter(current(), incoming);
    if (started && session) startSession(queryClient, session);
    else if (session !== current()) queryClient.setQueryData(sessionKey, session);
    // The session the window holds, offered again (its socket back after a drop): the events
    // delivered on it meanwhile are applied like a batch, each once, unannounced (they are past).
    if (!started && incoming?.eventsSince?.length) {
      const { accountId, generation, eventsSince } = incoming;
      waiting.push({ accountId, generation, events: eventsSince, replayed: true });
      applyTimer ??= setTimeout(applyWaiting, 0);
    }
  });
  const offEvents = bridge.onEvents((batch) => {
    waiting.push(batch);
    applyTimer ??= setTimeout(applyWaiting, 0);
  });
  // A session that comes in (the launch's answer, a push) releases the batches that waited for it.
  const offSessionData = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryKey[0] === sessionKey[0] && waiting.length > 0)
      applyTimer ??= setTimeout(applyWaiting, 0);
  });
  // What the account's presence reports learned: people whose presence changed.
  const offPresences = bridge.onPresences((update) => {
    if (current()?.accountId !== update.accountId) return;
    updateInitialState(queryClient, (s) => ({
      ...s,
      presences: mergePresences(s.presences, update.presences),
    }));
  });
  const offInput = reportUserInput(bridge, window);
  const setStatus = useConnectionStore.getState().setStatus;
  const offStatus = bridge.onConnectionStatus((status) => {
    const before = useConnectionStore.getState().status.state;
    setStatus(status);
    // Back in touch: what failed meanwhile (a conversation opened during the outage) loads again
    // by itself, without a "Try again" click.
    if (status.state === 'connected' && before !== 'connected')
      void queryClient.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
    else if (reaching(before) && !reaching(status.state)) releaseHeldQueries(queryClient);
  });
  void bridge.connectionStatus().then(
    (status) => {
      setStatus(status);
      if (!reaching(status.state)) releaseHeldQueries(queryClient);
    },
    () => undefined,
  );
  const timer = setInterval(() => useTypingStore.getState().expire(Date.now()), 1000);
  return () => {
    if (connected.get(queryClient) === bridge) connected.delete(queryClient);
    offSession();
    offEvents();
    offSessionData();
    if (applyTimer) clearTimeout(applyTimer);
    offStatus();
    offPresences();
    offInput();
    clearInterval(timer);
  };
}

export function useSessionSync(queryClient: QueryClient): void {
  const bridge = useBridge();
  useEffect(
    () => (connected.get(queryClient) === bridge ? undefined : connectBridge(bridge, queryClient)),
    [bridge, queryClient],
  );
}

/** Main's session, with the events delivered on it since applied (session-fold.ts). */
async function sessionAnswer(bridge: ChatBridge): Promise<SessionStarted | null> {
  const session = await bridge.session();
  return session && withEventsApplied(session);
}

export function useSession() {
  const bridge = useBridge();
  return useQuery({
    queryKey: sessionKey,
    queryFn: () => sessionAnswer(bridge),
    staleTime: Infinity,
    structuralSharing: sessionSharing,
  });
}

/**
 * A value derived from the register state, re-rendering only when it changes (a selection shallowly
 * equal to the last one keeps its identity, as `sessionSharing` says). A selector defined once (not
 * inline) runs only when the state changes, not at every render of the component.
 */
export function useInitialState<T>(select: (state: InitialState) => T): T | undefined {
  const store = sessionStore(useQueryClient());
  const last = useRef<{ session: unknown; select: unknown; value: T | undefined } | null>(null);
  const selected = () => {
    const session = store.get();
    const before = last.current;
    if (before && before.session === session && before.select === select) return before.value;
    const fresh = session ? select(session.initialState) : undefined;
    const value = (before ? sessionSharing(before.value, fresh) : fresh) as T | undefined;
    last.current = { session, select, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, selected);
}

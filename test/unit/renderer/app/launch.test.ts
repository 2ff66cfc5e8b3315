import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ChatBridge, SessionStarted } from '../../../../shared/ipc';
import { accountsListKey, feedKey, sessionKey, sessionSharing } from '../../../../renderer/src/api/keys';
import { createQueryClient } from '../../../../renderer/src/app/App';
import { seedLaunchCalls, sendLaunchCalls } from '../../../../renderer/src/app/launch-calls';
import { releaseHeldQueries, waitsForLiveSession } from '../../../../renderer/src/app/launch-gate';
import { useConnectionStore } from '../../../../renderer/src/state/connection';
import { startSession } from '../../../../renderer/src/app/session';
import type { InitialState } from '../../../../renderer/src/api/model';

const state = { queue_id: 'q', realm_name: 'Org' } as unknown as InitialState;
const live: SessionStarted = { accountId: 'a', generation: 1, initialState: state };
const kept: SessionStarted = {
  accountId: 'a',
  generation: 0,
  initialState: { ...state, queue_id: 'old' },
  stale: true,
  keptFromLastLaunch: true,
};

function launchBridge(session: SessionStarted | null) {
  return {
    accounts: { active: vi.fn(async () => 'a'), list: vi.fn(async () => []) },
    session: vi.fn(async () => session),
    conversationCache: { last: vi.fn(async () => null), lastOpen: vi.fn(async () => null) },
  };
}

describe('the launch calls', () => {
  it('asks each launch question once, and the queries take those answers instead of asking again', async () => {
    const bridge = launchBridge(live);
    const queryClient = createQueryClient();
    seedLaunchCalls(queryClient, sendLaunchCalls(bridge as unknown as ChatBridge));
    expect(bridge.session).toHaveBeenCalledTimes(1);
    expect(bridge.accounts.list).toHaveBeenCalledTimes(1);
    const again = vi.fn(async () => null);
    expect(await queryClient.ensureQueryData({ queryKey: sessionKey, queryFn: again })).toEqual(live);
    expect(await queryClient.ensureQueryData({ queryKey: accountsListKey, queryFn: again })).toEqual([]);
    expect(again).not.toHaveBeenCalled();
  });
});

describe('while the window shows the state kept from the last launch', () => {
  it('holds back queries to the server, not those main answers, until the live session', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionKey, kept);
    expect(waitsForLiveSession(queryClient, feedKey({ kind: 'all' }))).toBe(true);
    expect(waitsForLiveSession(queryClient, accountsListKey)).toBe(false);
    expect(waitsForLiveSession(queryClient, ['conversationCache'])).toBe(false);

    const fetchFeed = vi.fn(async () => ({ messages: [] }));
    const observer = new QueryObserver(queryClient, {
      queryKey: feedKey({ kind: 'all' }),
      queryFn: fetchFeed,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchFeed).not.toHaveBeenCalled();

    // A query's own `enabled` does not open the gate; its `false` keeps it shut after.
    const fetchTopics = vi.fn(async () => ({ topics: [] }));
    const topics = new QueryObserver(queryClient, {
      queryKey: ['getStreamTopics'],
      queryFn: fetchTopics,
      enabled: true,
    });
    const offTopics = topics.subscribe(() => undefined);
    const fetchOff = vi.fn(async () => null);
    const off = new QueryObserver(queryClient, {
      queryKey: ['getStreams'],
      queryFn: fetchOff,
      enabled: false,
    });
    const offOff = off.subscribe(() => undefined);
    // Answered on this computer: not held.
    const loadEmoji = vi.fn(async () => []);
    const emoji = new QueryObserver(queryClient, { queryKey: ['emoji', 'unicode'], queryFn: loadEmoji });
    const offEmoji = emoji.subscribe(() => undefined);
    await vi.waitFor(() => expect(loadEmoji).toHaveBeenCalledTimes(1));
    expect(fetchTopics).not.toHaveBeenCalled();

    startSession(queryClient, live);
    await vi.waitFor(() => expect(fetchFeed).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(fetchTopics).toHaveBeenCalledTimes(1));
    expect(fetchOff).not.toHaveBeenCalled();
    offTopics();
    offOff();
    offEmoji();
    expect(waitsForLiveSession(queryClient, feedKey({ kind: 'all' }))).toBe(false);
    unsubscribe();
  });

  it('lets them ask once the server is known to be out of reach: they say so instead of loading for ever', async () => {
    useConnectionStore.getState().setStatus({ state: 'connecting' });
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionKey, kept);
    const fetchFeed = vi.fn(async () => {
      throw new Error('Could not reach the server.');
    });
    const observer = new QueryObserver(queryClient, {
      queryKey: feedKey({ kind: 'all' }),
      queryFn: fetchFeed,
      retry: false,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchFeed).not.toHaveBeenCalled();

    useConnectionStore
      .getState()
      .setStatus({ state: 'reconnecting', failures: 1, retryInMs: 1000, reason: 'refused' });
    releaseHeldQueries(queryClient);
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    expect(fetchFeed).toHaveBeenCalledTimes(1);
    // Released once: a failed view is not asked again at every status change (Try again, or the
    // reconnection, does that).
    releaseHeldQueries(queryClient);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchFeed).toHaveBeenCalledTimes(1);
    unsubscribe();
    useConnectionStore.getState().setStatus({ state: 'connecting' });
  });

  it('never lets a late kept answer replace the live session', () => {
    expect(sessionSharing(live, kept)).toBe(live);
    expect(sessionSharing(kept, live)).toEqual(live);
    expect(sessionSharing({ ...live, accountId: 'b' }, kept)).toBe(kept);
  });
});

describe('the live session after the kept one', () => {
  it('keeps the identity of every part that did not change since the last launch', () => {
    const before = {
      queue_id: 'old',
      subscriptions: [{ stream_id: 1, name: 'general' }],
      realm_users: [{ user_id: 1, full_name: 'Ada' }],
    } as unknown as InitialState;
    const after = {
      queue_id: 'new',
      subscriptions: [{ stream_id: 1, name: 'general' }],
      realm_users: [{ user_id: 1, full_name: 'Ada Park' }],
    } as unknown as InitialState;
    const shared = sessionSharing(
      { ...kept, initialState: before },
      { ...live, initialState: after },
    ) as SessionStarted;
    expect(shared.initialState).toEqual(after);
    expect(shared.generation).toBe(1);
    expect(shared.initialState.subscriptions).toBe(before.subscriptions);
    expect(shared.initialState.realm_users).not.toBe(before.realm_users);
    // Between live sessions nothing is compared: a new registration is a new state.
    const next = { ...live, generation: 2, initialState: { ...after } };
    expect((sessionSharing(live, next) as SessionStarted).initialState).toBe(next.initialState);
  });
});

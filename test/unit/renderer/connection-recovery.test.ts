// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { connectBridge } from '../../../renderer/src/app/session';
import { useConnectionStore } from '../../../renderer/src/state/connection';
import { FakeBridge } from './fake-bridge';

// Queries that failed while the server could not be reached load again when the connection is
// back, without the user pressing "Try again"; nothing else is refetched.
describe('coming back online', () => {
  afterEach(() => useConnectionStore.getState().setStatus({ state: 'connecting' }));

  it('refetches the active queries that failed, and only those', async () => {
    const bridge = new FakeBridge();
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const stop = connectBridge(bridge, qc);
    bridge.setStatus({ state: 'connected' });

    let feedCalls = 0;
    let feedUp = false;
    const feed = new QueryObserver(qc, {
      queryKey: ['feed'],
      queryFn: async () => {
        feedCalls++;
        if (!feedUp) throw new Error('Could not reach the server.');
        return 'messages';
      },
    });
    let topicsCalls = 0;
    const topics = new QueryObserver(qc, {
      queryKey: ['topics'],
      queryFn: async () => {
        topicsCalls++;
        return 'topics';
      },
    });
    const unsubscribe = [feed.subscribe(() => {}), topics.subscribe(() => {})];
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(feed.getCurrentResult().status).toBe('error');
    expect([feedCalls, topicsCalls]).toEqual([1, 1]);

    bridge.setStatus({
      state: 'reconnecting',
      failures: 3,
      retryInMs: 1000,
      reason: 'Cannot reach the server.',
    });
    feedUp = true;
    // Still failing: nothing is tried yet.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(feedCalls).toBe(1);

    bridge.setStatus({ state: 'connected' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(feed.getCurrentResult().data).toBe('messages');
    expect([feedCalls, topicsCalls]).toEqual([2, 1]);

    // A repeated "connected" is not a recovery.
    bridge.setStatus({ state: 'connected' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([feedCalls, topicsCalls]).toEqual([2, 1]);
    for (const off of unsubscribe) off();
    stop();
  });
});

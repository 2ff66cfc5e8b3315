import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  READ_QUEUE_MAX_IDS,
  READ_QUEUE_MAX_TRIES,
  ReadQueue,
} from '../../../../renderer/src/features/messages/read-queue';

/** POST /messages/flags as the network lets it through: each call fails while `failing`. */
function server() {
  const calls: number[][] = [];
  const state = { failing: true };
  const send = async (ids: readonly number[]) => {
    calls.push([...ids].sort((a, b) => a - b));
    if (state.failing) throw new Error('503 Service Unavailable');
  };
  return { calls, state, send };
}

describe('marking read again after a failure', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the ids of a failed request again after a wait, once, while the view stays still', async () => {
    const { calls, state, send } = server();
    const queue = new ReadQueue({ send, random: () => 0.5 });
    queue.mark([3, 1, 2]);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([[1, 2, 3]]);
    state.failing = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    expect(queue.pending).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(2);
  });

  it('waits longer after each failure, stops after a bounded number of tries, and goes again when the connection is back', async () => {
    const { calls, state, send } = server();
    const queue = new ReadQueue({ send, random: () => 0.5 });
    queue.mark([7]);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls).toHaveLength(READ_QUEUE_MAX_TRIES);
    expect(queue.pending).toEqual([7]);
    state.failing = false;
    queue.connected();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(READ_QUEUE_MAX_TRIES + 1);
    expect(queue.pending).toEqual([]);
  });

  it('sends what failed with the next ids the feed marks, in one request', async () => {
    const { calls, state, send } = server();
    const queue = new ReadQueue({ send, random: () => 0.5 });
    queue.mark([1, 2]);
    await vi.advanceTimersByTimeAsync(0);
    state.failing = false;
    queue.mark([5]);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([
      [1, 2],
      [1, 2, 5],
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(2);
  });

  it('does not send again ids read or marked unread meanwhile, and keeps a bounded number', async () => {
    const { calls, state, send } = server();
    const queue = new ReadQueue({ send, random: () => 0.5 });
    queue.mark([1, 2, 3]);
    await vi.advanceTimersByTimeAsync(0);
    queue.settled([1, 3]);
    state.failing = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls[1]).toEqual([2]);

    state.failing = true;
    queue.mark([4]);
    await vi.advanceTimersByTimeAsync(0);
    queue.settled([], true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(3);

    const many = Array.from({ length: READ_QUEUE_MAX_IDS + 500 }, (_, i) => 100 + i);
    queue.mark(many);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[3]).toHaveLength(many.length);
    expect(queue.pending).toHaveLength(READ_QUEUE_MAX_IDS);
  });

  it('forgets a request of the account left when it fails after the switch: its ids never go with the next account’s', async () => {
    const calls: number[][] = [];
    let fail = () => {};
    const send = (ids: readonly number[]) => {
      calls.push([...ids]);
      return calls.length === 1
        ? new Promise<void>((_, reject) => (fail = () => reject(new Error('503'))))
        : Promise.resolve();
    };
    const queue = new ReadQueue({ send, random: () => 0.5 });
    queue.mark([1, 2]);
    await vi.advanceTimersByTimeAsync(0);
    // Another account is entered while the first account's request is on its way, and it fails.
    queue.clear();
    fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.pending).toEqual([]);
    queue.mark([9]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([[1, 2], [9]]);
  });
});

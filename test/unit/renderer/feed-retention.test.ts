import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedKey } from '../../../renderer/src/api/keys';
import { createQueryClient } from '../../../renderer/src/app/App';
import { LEFT_FEEDS_MAX } from '../../../renderer/src/features/messages/feed-retention';

const topic = (n: number) => feedKey({ kind: 'topic', streamId: 1, topic: `topic ${n}` });

/** Opens a conversation's feed (an observer with its data) and returns how to leave it. */
function open(client: ReturnType<typeof createQueryClient>, n: number): () => void {
  client.setQueryData(topic(n), { pages: [{ messages: [] }], pageParams: [null] });
  const observer = new QueryObserver(client, { queryKey: topic(n), queryFn: () => new Promise(() => {}) });
  return observer.subscribe(() => {});
}

afterEach(() => {
  vi.useRealTimers();
});

describe('conversations one has left', () => {
  it('are kept for half an hour, not the five minutes after which one opened again offline failed', () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    open(client, 1)();
    vi.advanceTimersByTime(6 * 60_000);
    expect(client.getQueryData(topic(1))).toBeDefined();
    vi.advanceTimersByTime(25 * 60_000);
    expect(client.getQueryData(topic(1))).toBeUndefined();
  });

  it(`are kept ${LEFT_FEEDS_MAX} at most, the ones left longest ago going first; open ones stay`, () => {
    const client = createQueryClient();
    const stillOpen = open(client, 0);
    const leave = Array.from({ length: LEFT_FEEDS_MAX + 2 }, (_, i) => open(client, i + 1));
    // Left in the order 3, 1, 2, 4, 5, …: the first two left (3 and 1) go.
    for (const i of [2, 0, 1, ...leave.keys()].filter((i, at, all) => all.indexOf(i) === at)) leave[i]!();
    const kept = (n: number) => client.getQueryData(topic(n)) !== undefined;
    expect(kept(3)).toBe(false);
    expect(kept(1)).toBe(false);
    expect(kept(2)).toBe(true);
    for (let n = 4; n <= LEFT_FEEDS_MAX + 2; n++) expect(kept(n)).toBe(true);
    expect(kept(0)).toBe(true);
    stillOpen();
  });
});

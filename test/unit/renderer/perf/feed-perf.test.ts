import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { SessionStarted } from '../../../../shared/ipc';
import { sessionKey, sessionSharing, updateInitialState } from '../../../../renderer/src/api/keys';
import type { InitialState } from '../../../../renderer/src/api/model';
import { formatTime } from '../../../../renderer/src/app/time-format';
import { dayKeyOf, dayLabel } from '../../../../renderer/src/features/messages/day';
import { forgetUnloadedSizes } from '../../../../renderer/src/features/messages/size-cache';

describe('message times and days', () => {
  // Every ~7 hours over two years, so days, months and any daylight-saving change are crossed.
  const stamps = Array.from({ length: 2500 }, (_, i) => 1_700_000_000 + i * 25_000 + (i % 7) * 613);

  it('formatTime matches toLocaleTimeString for both hour cycles', () => {
    for (const t of stamps.slice(0, 50))
      for (const twentyFour of [true, false])
        expect(formatTime(t, twentyFour)).toBe(
          new Date(t * 1000).toLocaleTimeString([], {
            hour: 'numeric',
            minute: '2-digit',
            hour12: !twentyFour,
          }),
        );
    expect(formatTime(1_700_000_000, true)).not.toMatch(/[AP]M/i);
  });

  it('dayKeyOf names the same local day exactly when toDateString does, in and out of order', () => {
    const shuffled = [...stamps].reverse().concat(stamps.filter((_, i) => i % 3 === 0));
    for (const list of [stamps, shuffled])
      for (let i = 1; i < list.length; i++) {
        const [a, b] = [list[i - 1]!, list[i]!];
        const sameDay = new Date(a * 1000).toDateString() === new Date(b * 1000).toDateString();
        expect(dayKeyOf(a) === dayKeyOf(b)).toBe(sameDay);
      }
    // The last second of a local day and the first of the next.
    const midnight = new Date(2024, 2, 10).getTime() / 1000;
    expect(dayKeyOf(midnight - 1)).not.toBe(dayKeyOf(midnight));
    expect(dayKeyOf(midnight)).toBe(20240310);
  });

  it('dayLabel matches toLocaleDateString', () => {
    for (const t of stamps.slice(0, 200))
      expect(dayLabel(t)).toBe(
        new Date(t * 1000).toLocaleDateString([], {
          weekday: 'short',
          month: 'short',
          day: 'numeric',
          year: 'numeric',
        }),
      );
  });
});

describe('session register state without deep sharing', () => {
  const session = (unread: number[]): SessionStarted =>
    ({
      accountId: 'a',
      generation: 1,
      initialState: { user_id: 1, unread_msgs: { streams: [], pms: [], huddles: [], mentions: unread } },
    }) as unknown as SessionStarted;

  it('stores updates as given and still shares unchanged selections', async () => {
    const client = new QueryClient();
    client.setQueryDefaults(sessionKey, { structuralSharing: sessionSharing });
    client.setQueryData(sessionKey, session([1, 2]));
    const observer = new QueryObserver(client, {
      queryKey: sessionKey,
      queryFn: () => session([]),
      staleTime: Infinity,
      structuralSharing: sessionSharing,
      // As useQuery tracks it when a component reads only `data`.
      notifyOnChangeProps: ['data'],
      select: (s: SessionStarted) => ({
        mentions: (s.initialState as InitialState).unread_msgs?.mentions,
        userId: (s.initialState as InitialState).user_id,
      }),
    });
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((r) => seen.push(r.data));
    const firstSelection = observer.getCurrentResult().data;

    const copy = { ...(client.getQueryData<SessionStarted>(sessionKey)!.initialState as InitialState) };
    updateInitialState(client, () => copy);
    // Not merged into the previous state: exactly the new object.
    expect(client.getQueryData<SessionStarted>(sessionKey)!.initialState).toBe(copy);
    // The selection is equal, so it keeps its identity and observers are not told.
    expect(observer.getCurrentResult().data).toBe(firstSelection);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toHaveLength(0);

    updateInitialState(client, (s) => ({
      ...s,
      unread_msgs: { ...s.unread_msgs!, mentions: [1, 2, 3] },
    }));
    expect(observer.getCurrentResult().data).toEqual({ mentions: [1, 2, 3], userId: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toHaveLength(1);
    unsubscribe();
  });
});

describe('sessionSharing for selections', () => {
  const a = { id: 1 };
  const b = { id: 2 };

  it('keeps the previous selection when it is shallowly equal, whatever its identity', () => {
    const prevList = [a, b];
    expect(sessionSharing(prevList, [a, b])).toBe(prevList);
    const prevObject = { first: a, count: 2 };
    expect(sessionSharing(prevObject, { first: a, count: 2 })).toBe(prevObject);
  });

  it('takes the new selection when anything at the first level changed, without looking deeper', () => {
    const next = [a, { id: 2 }];
    expect(sessionSharing([a, b], next)).toBe(next);
    const longer = [a, b, a];
    expect(sessionSharing([a, b], longer)).toBe(longer);
    const renamed = { first: a, total: 2 };
    expect(sessionSharing({ first: a, count: 2 }, renamed)).toBe(renamed);
    expect(sessionSharing(1, 2)).toBe(2);
  });
});

describe('forgetUnloadedSizes', () => {
  const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i }));

  it('keeps every height while the stale ones are few', () => {
    const sizes = new Map<number, number>(ids(1, 500).map((m) => [m.id, 40]));
    forgetUnloadedSizes(sizes, ids(301, 200));
    expect(sizes.size).toBe(500);
  });

  it('drops the heights of messages outside the window once they outnumber it, keeping the window', () => {
    const sizes = new Map<number, number>(ids(1, 1400).map((m) => [m.id, m.id % 90]));
    const loaded = ids(401, 1000);
    forgetUnloadedSizes(sizes, loaded);
    expect(sizes.size).toBe(1000);
    for (const m of loaded) expect(sizes.get(m.id)).toBe(m.id % 90);
  });

  it('stays bounded over a long scroll through 100,000 messages', () => {
    const sizes = new Map<number, number>();
    let largest = 0;
    for (let top = 100_000; top > 0; top -= 100) {
      const loaded = ids(Math.max(1, top - 2000), 2000);
      for (const m of loaded.slice(0, 100)) sizes.set(m.id, 50);
      forgetUnloadedSizes(sizes, loaded);
      largest = Math.max(largest, sizes.size);
    }
    expect(largest).toBeLessThanOrEqual(2000 + 300 + 100);
  });
});

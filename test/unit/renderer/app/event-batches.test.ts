import { describe, expect, it } from 'vitest';
import { MAX_WAITING_BATCHES, sortBatches } from '../../../../renderer/src/app/event-batches';

const batch = (accountId: string, generation: number) => ({ accountId, generation, events: [] });
const session = (accountId: string, generation: number, keptFromLastLaunch = false) =>
  ({ accountId, generation, initialState: {}, keptFromLastLaunch }) as never;

describe('sortBatches', () => {
  it('applies the session’s own batches, keeps newer ones and other accounts’ waiting, drops older ones', () => {
    const waiting = [batch('a', 1), batch('a', 2), batch('a', 3), batch('b', 1)];
    const { ready, later } = sortBatches(waiting, session('a', 2));
    expect(ready).toEqual([batch('a', 2)]);
    expect(later).toEqual([batch('a', 3), batch('b', 1)]);
  });

  it('keeps everything waiting while there is no session, or only the one kept from the last launch', () => {
    const waiting = [batch('a', 4)];
    expect(sortBatches(waiting, null)).toEqual({ ready: [], later: waiting });
    expect(sortBatches(waiting, session('a', 0, true))).toEqual({ ready: [], later: waiting });
  });

  it('keeps at most MAX_WAITING_BATCHES waiting, the newest', () => {
    const waiting = Array.from({ length: MAX_WAITING_BATCHES + 5 }, (_, i) => batch('a', i + 10));
    const { later } = sortBatches(waiting, null);
    expect(later).toHaveLength(MAX_WAITING_BATCHES);
    expect(later[0]).toEqual(batch('a', 15));
  });
});

import { describe, expect, it } from 'vitest';
import { sessionAfter } from '../../../../renderer/src/app/session-order';

const session = (accountId: string, generation: number, extra: Record<string, unknown> = {}) =>
  ({ accountId, generation, initialState: { queue_id: `${accountId}${generation}` }, ...extra }) as never;

describe('sessionAfter', () => {
  it('starts a newer registration, another account’s, or the live one after the kept state', () => {
    expect(sessionAfter(undefined, session('a', 1))).toEqual({ session: session('a', 1), started: true });
    expect(sessionAfter(session('a', 1), session('a', 2)).started).toBe(true);
    expect(sessionAfter(session('a', 3), session('b', 1)).started).toBe(true);
    const kept = session('a', 0, { keptFromLastLaunch: true, stale: true });
    expect(sessionAfter(kept, session('a', 1)).started).toBe(true);
  });

  it('keeps what the window built from the same session (only its stale flag follows), and ignores an older one', () => {
    const held = {
      accountId: 'a',
      generation: 2,
      initialState: { queue_id: 'a2', realm_name: 'after events' },
    } as never;
    expect(sessionAfter(held, session('a', 2))).toEqual({ session: held, started: false });
    const marked = sessionAfter(held, session('a', 2, { stale: true }));
    expect(marked.started).toBe(false);
    expect(marked.session).toMatchObject({ stale: true, initialState: { realm_name: 'after events' } });
    expect(sessionAfter(held, session('a', 1))).toEqual({ session: held, started: false });
    expect(sessionAfter(held, session('a', 0, { keptFromLastLaunch: true }))).toEqual({
      session: held,
      started: false,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { CancellableCalls } from '../../../electron/core/cancellable-calls';
import type { CallResult } from '../../../shared/ipc';

// One renderer's cancellable calls in main: a cancel aborts the call's signal and answers it at
// once; anything else (unknown, answered, repeated ids) is ignored; the registry stays bounded.

/** A call that runs until its signal aborts (then answers as the HTTP client does), or `finish`. */
function heldWork() {
  let finish: (result: CallResult<string>) => void = () => {};
  const seen: { signal?: AbortSignal } = {};
  const work = (signal: AbortSignal | undefined) =>
    new Promise<CallResult<string>>((resolve) => {
      seen.signal = signal;
      finish = resolve;
      signal?.addEventListener('abort', () =>
        // Later than the cancel's own answer: the call must not wait for it.
        setTimeout(
          () => resolve({ ok: false, error: { kind: 'network', reason: 'other', message: 'x' } }),
          50,
        ),
      );
    });
  return { work, seen, finish: (result: CallResult<string>) => finish(result) };
}

describe('CancellableCalls', () => {
  it('aborts the signal of a cancelled call and answers it as cancelled at once', async () => {
    const calls = new CancellableCalls();
    const held = heldWork();
    const answer = calls.run(7, held.work);
    expect(calls.size).toBe(1);
    expect(held.seen.signal?.aborted).toBe(false);
    expect(calls.cancel(7)).toBe(true);
    expect(held.seen.signal?.aborted).toBe(true);
    expect(await answer).toEqual({ ok: false, error: { kind: 'cancelled', message: expect.any(String) } });
    expect(calls.size).toBe(0);
  });

  it('ignores a cancel for an unknown id, a finished call, or one already cancelled', async () => {
    const calls = new CancellableCalls();
    expect(calls.cancel(1)).toBe(false);
    const held = heldWork();
    const answer = calls.run(2, held.work);
    held.finish({ ok: true, value: 'done' });
    expect(await answer).toEqual({ ok: true, value: 'done' });
    expect(calls.cancel(2)).toBe(false);
    expect(calls.size).toBe(0);

    const other = heldWork();
    const cancelled = calls.run(3, other.work);
    expect(calls.cancel(3)).toBe(true);
    expect(calls.cancel(3)).toBe(false);
    expect((await cancelled).ok).toBe(false);
  });

  it('runs a call without an id, or past its bound, with no signal: it cannot be cancelled', async () => {
    const calls = new CancellableCalls(2);
    const plain = heldWork();
    void calls.run(undefined, plain.work);
    expect(plain.seen.signal).toBeUndefined();
    const a = heldWork();
    const b = heldWork();
    const c = heldWork();
    void calls.run(1, a.work);
    void calls.run(2, b.work);
    const third = calls.run(3, c.work);
    expect(calls.size).toBe(2);
    expect(c.seen.signal).toBeUndefined();
    expect(calls.cancel(3)).toBe(false);
    c.finish({ ok: true, value: 'ran' });
    expect(await third).toEqual({ ok: true, value: 'ran' });
  });

  it('gives a reused id to the newer call, and cancels everything when the renderer is gone', async () => {
    const calls = new CancellableCalls();
    const older = heldWork();
    const newer = heldWork();
    const first = calls.run(5, older.work);
    const second = calls.run(5, newer.work);
    calls.cancel(5);
    expect(newer.seen.signal?.aborted).toBe(true);
    expect(older.seen.signal?.aborted).toBe(false);
    expect((await second).ok).toBe(false);
    // The older call's end does not remove anything else.
    const third = heldWork();
    const pending = calls.run(6, third.work);
    older.finish({ ok: true, value: 'old' });
    expect(await first).toEqual({ ok: true, value: 'old' });
    expect(calls.size).toBe(1);
    calls.cancelAll();
    expect(third.seen.signal?.aborted).toBe(true);
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(calls.size).toBe(0);
  });
});

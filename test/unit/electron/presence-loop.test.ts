import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../electron/core/backoff';
import {
  ACTIVE_AFTER_INPUT_MS,
  MAX_BACKOFF_MS,
  PresenceLoop,
  type PresenceAnswer,
  type PresenceParams,
} from '../../../electron/core/presence-loop';
import type { CallResult } from '../../../shared/ipc';
import type { Presences } from '../../../shared/api/presence';

/** A clock whose waits end only when the test says so. */
class ManualClock implements Clock {
  time = 1_000_000;
  readonly waits: { ms: number; end: () => void }[] = [];
  now() {
    return this.time;
  }
  sleep(ms: number, signal?: AbortSignal) {
    return new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const wait = { ms, end: resolve };
      signal?.addEventListener('abort', () => resolve(), { once: true });
      this.waits.push(wait);
    });
  }
  /** Ends the newest wait after letting its time pass. */
  async elapse() {
    const wait = this.waits.at(-1)!;
    this.time += wait.ms;
    wait.end();
    await flush();
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

type Reply = (result: CallResult<PresenceAnswer>) => void;

function harness() {
  const clock = new ManualClock();
  const sent: PresenceParams[] = [];
  const replies: Reply[] = [];
  const pushed: Presences[] = [];
  let lastInputAt: number | null = null;
  const loop = new PresenceLoop({
    report: (params, options) => {
      sent.push(params);
      return new Promise((resolve) => {
        replies.push(resolve);
        // As the HTTP client does: a stop gives the request up.
        options.signal?.addEventListener('abort', () =>
          resolve({ ok: false, error: { kind: 'cancelled', message: 'stopped' } } as never),
        );
      });
    },
    lastInputAt: () => lastInputAt,
    onPresences: (presences) => pushed.push(presences),
    clock,
  });
  return {
    clock,
    sent,
    pushed,
    loop,
    input: (at = clock.time) => (lastInputAt = at),
    async answer(result: CallResult<PresenceAnswer>) {
      replies.shift()!(result);
      await flush();
    },
  };
}

const ok = (value: PresenceAnswer): CallResult<PresenceAnswer> => ({ ok: true, value });
const serverError: CallResult<PresenceAnswer> = {
  ok: false,
  error: { kind: 'server', status: 502 },
} as never;

describe('presence loop', () => {
  it('reports at once, then every ping interval, active only while the user used the window lately', async () => {
    const h = harness();
    h.loop.sessionStarted({ server_presence_ping_interval_seconds: 30, presence_last_update_id: 7 });
    await flush();
    expect(h.sent).toEqual([
      { status: 'idle', new_user_input: false, slim_presence: true, last_update_id: 7 },
    ]);
    const presences = { '12': { active_timestamp: 1000, idle_timestamp: 1000 } };
    await h.answer(ok({ presences, presence_last_update_id: 9 }));
    expect(h.pushed).toEqual([presences]);
    expect(h.clock.waits.map((w) => w.ms)).toEqual([30_000]);

    h.input();
    await h.clock.elapse();
    expect(h.sent[1]).toEqual({
      status: 'active',
      new_user_input: true,
      slim_presence: true,
      last_update_id: 9,
    });
    await h.answer(ok({ presences: {}, presence_last_update_id: 9 }));
    expect(h.pushed).toHaveLength(1);
    await h.clock.elapse();
    // Still active (input 30 s ago), but no new input since the last report.
    expect(h.sent[2]).toMatchObject({ status: 'active', new_user_input: false });
    h.clock.time += ACTIVE_AFTER_INPUT_MS;
    await h.answer(ok({}));
    await h.clock.elapse();
    expect(h.sent[3]).toMatchObject({ status: 'idle', new_user_input: false });
    await h.loop.stop();
  });

  it('keeps one report in flight at most: asking again meanwhile makes one more report after it', async () => {
    const h = harness();
    h.loop.sessionStarted({});
    await flush();
    h.loop.reportNow();
    h.loop.reportNow();
    h.loop.sessionStarted({ presence_last_update_id: 3 });
    await flush();
    expect(h.sent).toHaveLength(1);
    await h.answer(ok({}));
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]!.last_update_id).toBe(3);
    await h.answer(ok({}));
    expect(h.sent).toHaveLength(2);
    expect(h.clock.waits.at(-1)!.ms).toBe(60_000);
    await h.loop.stop();
  });

  it('waits twice as long after each failure in a row, up to a cap, and the interval again after a success', async () => {
    const h = harness();
    h.loop.sessionStarted({ server_presence_ping_interval_seconds: 60 });
    await flush();
    for (let i = 0; i < 6; i++) {
      await h.answer(serverError);
      await h.clock.elapse();
    }
    expect(h.clock.waits.map((w) => w.ms)).toEqual([
      120_000,
      240_000,
      480_000,
      MAX_BACKOFF_MS,
      MAX_BACKOFF_MS,
      MAX_BACKOFF_MS,
    ]);
    expect(h.sent).toHaveLength(7);
    await h.answer(ok({}));
    expect(h.clock.waits.at(-1)!.ms).toBe(60_000);
    await h.loop.stop();
  });

  it('stops reporting when stopped, and after a refusal for good (a key no longer valid)', async () => {
    const h = harness();
    h.loop.sessionStarted({});
    await flush();
    await h.answer({
      ok: false,
      error: { kind: 'api', status: 401, code: 'UNAUTHORIZED', msg: 'no' },
    } as never);
    expect(h.clock.waits).toHaveLength(0);
    h.loop.reportNow();
    await flush();
    expect(h.sent).toHaveLength(1);

    const g = harness();
    g.loop.sessionStarted({});
    await flush();
    await g.answer(ok({}));
    const stopped = g.loop.stop();
    await stopped;
    await flush();
    expect(g.sent).toHaveLength(1);
  });
});

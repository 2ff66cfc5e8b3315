import { flagLoop, type Api } from '../lib/api';
import { BareProcess } from '../lib/bare-process';
import { now, pageClockOffset, toDriver, type ClockOffset } from '../lib/clock';
import { LATENCY_TOPIC, openTopic, sleep, type BenchContext } from '../lib/context';
import { MARKER_PROBE, MARKER_RESULTS } from '../lib/probes';
import { profiled, type HotFunction } from '../lib/profile';
import type { Figure, Section } from '../lib/report';
import { ratio, summarize, type Summary } from '../lib/stats';

/**
 * 1. Message event to pixel. Someone else (Ben) sends messages over HTTP; the app (Ada, with
 * `#general > bench latency` open at the bottom) shows them. A bare long-poll client for Ada,
 * registered on the same server, receives the same events: the baseline.
 */

const TWO_FRAMES_MS = 33;

export interface LatencySamples {
  app: number[];
  appPainted: number[];
  bare: number[];
  missingApp: number;
  missingBare: number;
  appendedUnrendered: number;
}

/** Message ids by marker, from the POST answers: the order in which the app appends them. */
const idOf = new Map<string, number>();

async function sendMessage(api: Api, marker: string): Promise<void> {
  const { id } = await api.call<{ id: number }>('POST', '/messages', {
    type: 'stream',
    to: 'general',
    topic: LATENCY_TOPIC,
    content: `${marker} latency probe`,
  });
  idOf.set(marker, id);
}

/**
 * Waits until the bare client has every marker and the page has the newest one (by message id):
 * the app appends in id order, so by then every older one has been appended too.
 */
async function waitForAll(
  ctx: BenchContext,
  sent: Map<string, number>,
  bareSeen: Map<string, number>,
  timeoutMs: number,
): Promise<void> {
  const markers = [...sent.keys()];
  const newest = markers.reduce((a, b) => ((idOf.get(b) ?? 0) > (idOf.get(a) ?? 0) ? b : a));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const inPage = (await ctx.page.evaluate(
      `window.__benchMarks.seen.has(${JSON.stringify(newest)})`,
    )) as boolean;
    const inBare = markers.filter((k) => bareSeen.has(k)).length;
    if (inPage && inBare >= markers.length) return;
    if (Date.now() > deadline) {
      ctx.log(`  timed out: newest in the page: ${inPage}; ${inBare}/${markers.length} at the bare client`);
      return;
    }
    await sleep(100);
  }
}

async function collect(
  ctx: BenchContext,
  sentAt: Map<string, number>,
  bareSeen: Map<string, number>,
  clock: ClockOffset,
): Promise<LatencySamples> {
  const { seen, painted } = (await ctx.page.evaluate(MARKER_RESULTS)) as {
    seen: Record<string, number>;
    painted: Record<string, number>;
  };
  const samples: LatencySamples = {
    app: [],
    appPainted: [],
    bare: [],
    missingApp: 0,
    missingBare: 0,
    appendedUnrendered: 0,
  };
  // A message that arrives with newer ones in the same batch may be appended below the rendered
  // window and scrolled past without ever getting a node. It was in the feed by the time a newer
  // message's node appeared: that earliest time stands for it (counted in appendedUnrendered).
  const byIdDesc = [...sentAt.keys()].sort((a, b) => (idOf.get(b) ?? 0) - (idOf.get(a) ?? 0));
  const earliestNewer = new Map<string, { seen?: number; painted?: number }>();
  let runningSeen: number | undefined;
  let runningPainted: number | undefined;
  for (const marker of byIdDesc) {
    earliestNewer.set(marker, { seen: runningSeen, painted: runningPainted });
    const s = seen[marker];
    const p = painted[marker];
    if (s !== undefined) runningSeen = runningSeen === undefined ? s : Math.min(runningSeen, s);
    if (p !== undefined) runningPainted = runningPainted === undefined ? p : Math.min(runningPainted, p);
  }
  for (const [marker, sent] of sentAt) {
    let inPage = seen[marker];
    let shown = painted[marker];
    if (inPage === undefined) {
      inPage = earliestNewer.get(marker)?.seen;
      shown = earliestNewer.get(marker)?.painted;
      if (inPage !== undefined) samples.appendedUnrendered++;
    }
    const bare = bareSeen.get(marker);
    if (inPage === undefined) samples.missingApp++;
    else samples.app.push(toDriver(inPage, clock) - sent);
    if (shown !== undefined) samples.appPainted.push(toDriver(shown, clock) - sent);
    if (bare === undefined) samples.missingBare++;
    else samples.bare.push(bare - sent);
  }
  return samples;
}

function latencyFigures(id: string, label: string, samples: LatencySamples): Figure[] {
  const app = summarize(samples.app);
  const painted = summarize(samples.appPainted);
  const bare = summarize(samples.bare);
  const rows: Figure[] = [];
  for (const p of ['p50', 'p95', 'p99'] as const) {
    rows.push({
      id: `${id}.${p}`,
      label: `${label}: in feed ${p}`,
      unit: 'ms',
      app: app[p],
      baseline: bare[p],
      baselineLabel: 'bare long poll',
      ratio: ratio(app[p], bare[p]),
      target: p === 'p99' ? within(app, bare, 'in the feed ≤ bare + 33 ms at p99') : undefined,
    });
  }
  rows.push({
    id: `${id}.painted.p99`,
    label: `${label}: next frame p99`,
    unit: 'ms',
    app: painted.p99,
    baseline: bare.p99,
    baselineLabel: 'bare long poll',
    ratio: ratio(painted.p99, bare.p99),
    target: within(painted, bare, 'painted ≤ bare + 33 ms at p99'),
  });
  return rows;
}

function within(app: Summary, bare: Summary, text: string) {
  return {
    text,
    holds: app.p99 === null || bare.p99 === null ? null : app.p99 - bare.p99 <= TWO_FRAMES_MS,
  };
}

export async function messageEventToPixel(ctx: BenchContext): Promise<Section> {
  const { page, counts } = ctx;
  const bareSeen = new Map<string, number>();
  const bare = new BareProcess(ctx.me);
  ctx.cleanup(() => bare.stop());
  const bareClock = await bare.start({ event_types: ['message'], apply_markdown: true });
  bare.onEvent(({ event, receivedAt }) => {
    if (event.type === 'message' && event.marker && !bareSeen.has(event.marker))
      bareSeen.set(event.marker, receivedAt);
  });

  // Markers carry the run's number: a later run in the same page must not find its markers seen.
  const kind = (letter: string) => `bmk-${letter}${ctx.run || ''}`;
  // The reader sits at the newest message of a conversation read to the end. What an earlier run
  // left unread (its last burst) would open the topic at its first unread instead, as the app does
  // for anyone, away from the bottom where new messages are followed.
  await flagLoop(
    ctx.me,
    [
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: LATENCY_TOPIC },
      { operator: 'is', operand: 'unread' },
    ],
    'add',
    'read',
    5000,
  );
  // The topic must exist to be opened from the sidebar.
  await sendMessage(ctx.other, `${kind('w')}-0`);
  await openTopic(page, LATENCY_TOPIC);
  await page
    .getByTestId('message-feed')
    .getByText(`${kind('w')}-0`)
    .waitFor();
  await page.evaluate(MARKER_PROBE);
  const clockBefore = await pageClockOffset(page);

  // Steady: one message every 1/rate s, on a fixed schedule (sends do not wait for each other).
  ctx.log(`  steady: ${counts.steadyMessages} messages at ${counts.steadyPerSecond}/s`);
  const steadySent = new Map<string, number>();
  const interval = 1000 / counts.steadyPerSecond;
  const start = now() + 100;
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < counts.steadyMessages; i++) {
    const wait = start + i * interval - now();
    if (wait > 0) await sleep(wait);
    const marker = `${kind('s')}-${i}`;
    steadySent.set(marker, now());
    pending.push(sendMessage(ctx.other, marker));
  }
  await Promise.all(pending);
  await waitForAll(ctx, steadySent, bareSeen, 30_000);

  // Burst: as fast as the server takes them, `burstConcurrency` requests in flight.
  ctx.log(`  burst: ${counts.burstMessages} messages, ${counts.burstConcurrency} in flight`);
  await sleep(500);
  const burstSent = new Map<string, number>();
  let next = 0;
  let burstSendMs = 0;
  const burst = async () => {
    const burstStart = now();
    await Promise.all(
      Array.from({ length: counts.burstConcurrency }, async () => {
        while (next < counts.burstMessages) {
          const marker = `${kind('b')}-${next++}`;
          burstSent.set(marker, now());
          await sendMessage(ctx.other, marker);
        }
      }),
    );
    burstSendMs = now() - burstStart;
    await waitForAll(ctx, burstSent, bareSeen, 60_000);
  };
  let hot: HotFunction[] | undefined;
  if (ctx.profile) ({ hot } = await profiled(page, burst));
  else await burst();
  const clockAfter = await pageClockOffset(page);
  await bare.stop();

  // The clock offset is measured before and after; the mean is used, the drift is reported.
  const clock: ClockOffset = {
    offset: (clockBefore.offset + clockAfter.offset) / 2,
    uncertainty:
      Math.max(clockBefore.uncertainty, clockAfter.uncertainty) +
      Math.abs(clockAfter.offset - clockBefore.offset) / 2,
  };
  const steady = await collect(ctx, steadySent, bareSeen, clock);
  const burstSamples = await collect(ctx, burstSent, bareSeen, clock);
  return {
    id: 'message-event-to-pixel',
    title: '1. Message event to pixel',
    method:
      'Ben POSTs /messages (driver clock taken just before the request); the app (Ada, topic open at the bottom) records ' +
      'with a MutationObserver when a node carrying the message is added inside the feed ("in feed") and when the next ' +
      'frame after it has been produced (rAF + posted message, "next frame"), on the page clock. The page clock is ' +
      'aligned to the driver clock NTP style (min-RTT of 20 page.evaluate round trips, before and after; error ≤ ' +
      `${clock.uncertainty.toFixed(2)} ms). Baseline: a bare Node long-poll client for Ada (POST /register + GET /events, ` +
      `fetch, nothing else) in its own process (so the sending does not delay it), time when the events body is ` +
      `parsed; its clock aligned by IPC pings the same way. Steady: ${counts.steadyMessages} ` +
      `at ${counts.steadyPerSecond}/s; burst: ${counts.burstMessages} with ${counts.burstConcurrency} requests in flight. ` +
      'A message appended below the rendered window and scrolled past in the same batch never gets a node: it counts ' +
      'as in the feed when the first newer message (by id) got one (details: appendedUnrendered). The reader keeps up: ' +
      'when the feed stops following because the new messages would push the selected message off the top, the probe ' +
      'presses End (to the newest) in the same mutation callback.',
    figures: [
      ...latencyFigures('message.steady', 'Steady', steady),
      ...latencyFigures('message.burst', 'Burst', burstSamples),
    ],
    details: {
      bareClock,
      bareErrors: bare.errors,
      ...(hot ? { burstProfiledHotFunctions: hot } : {}),
      clockBefore,
      clockAfter,
      burstSendMs,
      steady: {
        app: summarize(steady.app),
        painted: summarize(steady.appPainted),
        bare: summarize(steady.bare),
        missingApp: steady.missingApp,
        appendedUnrendered: steady.appendedUnrendered,
        missingBare: steady.missingBare,
      },
      burst: {
        app: summarize(burstSamples.app),
        painted: summarize(burstSamples.appPainted),
        bare: summarize(burstSamples.bare),
        missingApp: burstSamples.missingApp,
        appendedUnrendered: burstSamples.appendedUnrendered,
        missingBare: burstSamples.missingBare,
      },
    },
  };
}

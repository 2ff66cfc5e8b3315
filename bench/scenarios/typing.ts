import { BareProcess } from '../lib/bare-process';
import { now, pageClockOffset, toDriver } from '../lib/clock';
import { LATENCY_TOPIC, sleep, type BenchContext } from '../lib/context';
import { TYPING_PROBE } from '../lib/probes';
import type { Section } from '../lib/report';
import { ratio, summarize } from '../lib/stats';

/**
 * 2. Typing event to pixel. Ben POSTs /typing start (then stop) for `#general > bench latency`,
 * which the app has open; the app shows "Ben Okafor is typing…". Same clocks and baseline as 1.
 */
export async function typingEventToPixel(ctx: BenchContext): Promise<Section> {
  const { page, counts } = ctx;
  const bareStarts: number[] = [];
  const bareStops: number[] = [];
  const bare = new BareProcess(ctx.me);
  ctx.cleanup(() => bare.stop());
  const bareClock = await bare.start({
    event_types: ['typing'],
    client_capabilities: { stream_typing_notifications: true },
  });
  bare.onEvent(({ event, receivedAt }) => {
    if (event.type !== 'typing') return;
    (event.op === 'start' ? bareStarts : bareStops).push(receivedAt);
  });
  await page.evaluate(TYPING_PROBE);
  const clock = await pageClockOffset(page);
  const typing = (op: 'start' | 'stop') =>
    ctx.other.call('POST', '/typing', {
      type: 'stream',
      stream_id: ctx.generalStreamId,
      topic: LATENCY_TOPIC,
      op,
    });

  const sentStart: number[] = [];
  const sentStop: number[] = [];
  let timeouts = 0;
  const waitFor = async (expression: string, bareList: number[], n: number) => {
    const deadline = Date.now() + 10_000;
    while (!((await page.evaluate(expression)) as boolean) || bareList.length < n) {
      if (Date.now() > deadline) {
        timeouts++;
        return;
      }
      await sleep(20);
    }
  };
  for (let i = 0; i < counts.typingCycles; i++) {
    sentStart.push(now());
    await typing('start');
    await waitFor(`window.__benchTyping.shown.length >= ${i + 1}`, bareStarts, i + 1);
    await sleep(100);
    sentStop.push(now());
    await typing('stop');
    await waitFor(`window.__benchTyping.hidden.length >= ${i + 1}`, bareStops, i + 1);
    await sleep(100);
  }
  await bare.stop();
  const probe = (await page.evaluate('window.__benchTyping')) as {
    shown: number[];
    shownPainted: number[];
    hidden: number[];
  };
  const pair = (page: number[], sent: number[]) =>
    sent.flatMap((s, i) => (page[i] === undefined ? [] : [toDriver(page[i], clock) - s]));
  const app = summarize(pair(probe.shown, sentStart));
  const painted = summarize(pair(probe.shownPainted, sentStart));
  const hidden = summarize(pair(probe.hidden, sentStop));
  const bareShown = summarize(bareStarts.map((t, i) => t - (sentStart[i] ?? NaN)));
  const bareHidden = summarize(bareStops.map((t, i) => t - (sentStop[i] ?? NaN)));
  const figures = (['p50', 'p95', 'p99'] as const).map((p) => ({
    id: `typing.shown.${p}`,
    label: `Typing start → indicator ${p}`,
    unit: 'ms' as const,
    app: app[p],
    baseline: bareShown[p],
    baselineLabel: 'bare long poll',
    ratio: ratio(app[p], bareShown[p]),
    target:
      p === 'p99'
        ? {
            text: 'shown ≤ bare + 33 ms at p99',
            holds: app.p99 === null || bareShown.p99 === null ? null : app.p99 - bareShown.p99 <= 33,
          }
        : undefined,
  }));
  figures.push(
    {
      id: 'typing.shown.painted.p99',
      label: 'Typing start → next frame p99',
      unit: 'ms',
      app: painted.p99,
      baseline: bareShown.p99,
      baselineLabel: 'bare long poll',
      ratio: ratio(painted.p99, bareShown.p99),
      target: {
        text: 'painted ≤ bare + 33 ms at p99',
        holds: painted.p99 === null || bareShown.p99 === null ? null : painted.p99 - bareShown.p99 <= 33,
      },
    },
    {
      id: 'typing.hidden.p99',
      label: 'Typing stop → indicator gone p99',
      unit: 'ms',
      app: hidden.p99,
      baseline: bareHidden.p99,
      baselineLabel: 'bare long poll',
      ratio: ratio(hidden.p99, bareHidden.p99),
      target: undefined,
    },
  );
  return {
    id: 'typing-event-to-pixel',
    title: '2. Typing event to pixel',
    method:
      `${counts.typingCycles} cycles: Ben POSTs /typing op=start for the open topic, the driver waits until both the app ` +
      'and the bare client have it, then op=stop likewise. The page records with a MutationObserver when the typing ' +
      'indicator gets text (and the next frame); clocks aligned as in 1 (error ≤ ' +
      `${clock.uncertainty.toFixed(2)} ms). Baseline: a bare long-poll client registered for typing events with ` +
      'stream_typing_notifications.',
    figures,
    details: {
      clock,
      bareClock,
      bareErrors: bare.errors,
      timeouts,
      app,
      painted,
      hidden,
      bareShown,
      bareHidden,
    },
  };
}

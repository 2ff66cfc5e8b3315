import type { CDPSession } from '@playwright/test';
import type { Api } from '../lib/api';
import { now } from '../lib/clock';
import { profiled, traced, type HotFunction } from '../lib/profile';
import { LARGE_TOPIC, LARGE_TOPIC_SIZE, openTopic, reload, type BenchContext } from '../lib/context';
import { DOM_ELEMENTS, idleFrames, scrollUntil } from '../lib/probes';
import type { Figure, Section } from '../lib/report';
import { ratio, summarize } from '../lib/stats';

/**
 * 3. Scrolling #general > firehose from the newest message to the oldest, and 5. memory after
 * 1,000 messages and after the whole topic. The page scrolls the feed up by a fixed step every
 * frame, so it always sits at the top waiting for the next older page: the scroll goes as fast
 * as the app can fetch and lay out.
 */

/** Two frames at 60 Hz (33.3 ms) and the rAF timestamps' jitter. */
const TWO_FRAMES_MS = 34;

interface ScrollRun {
  frames: number[];
  longtasks: { start: number; duration: number }[];
  lowest: number;
  ms: number;
  done: boolean;
}

interface Memory {
  jsHeapUsedMB: number;
  domNodes: number;
  liveElements: number;
  listeners: number;
  feedHeightPx: number;
  largeCollections: { kind: string; size: number; sampleKeys: string[] }[];
}

/**
 * Every Map and Set in the page's heap with more than 1,000 entries, and a few of its keys: a
 * cache that grows with the messages scrolled shows up here by size (CDP Runtime.queryObjects).
 */
async function collectionCensus(cdp: CDPSession): Promise<Memory['largeCollections']> {
  const found: Memory['largeCollections'] = [];
  for (const kind of ['Map', 'Set']) {
    const proto = await cdp.send('Runtime.evaluate', { expression: `${kind}.prototype` });
    if (!proto.result.objectId) continue;
    const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.result.objectId });
    if (!objects.objectId) continue;
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: objects.objectId,
      functionDeclaration: `function () {
        return this.filter((c) => c.size > 1000).map((c) => ({
          kind: ${JSON.stringify(kind)},
          size: c.size,
          sampleKeys: [...c.keys()].slice(0, 3).map((k) => String(k).slice(0, 60)),
        }));
      }`,
      returnByValue: true,
    });
    found.push(...((result.value as Memory['largeCollections']) ?? []));
  }
  return found.sort((a, b) => b.size - a.size);
}

async function memory(ctx: BenchContext): Promise<Memory> {
  const cdp = await ctx.page.context().newCDPSession(ctx.page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  const liveElements = (await ctx.page.evaluate(DOM_ELEMENTS)) as number;
  const largeCollections = await collectionCensus(cdp);
  // The feed's full height: about 64 px per message it holds (virtualized rows are not in the DOM).
  const feedHeightPx = (await ctx.page.evaluate(
    `document.querySelector('[data-testid="message-feed"]')?.scrollHeight ?? 0`,
  )) as number;
  await cdp.detach();
  return {
    jsHeapUsedMB: metric('JSHeapUsedSize') / 1024 / 1024,
    domNodes: metric('Nodes'),
    liveElements,
    listeners: metric('JSEventListeners'),
    feedHeightPx,
    largeCollections,
  };
}

/** Mean height of the feed's rows in the DOM, in px. */
const MEAN_ROW_HEIGHT = `(() => {
  const rows = [...document.querySelectorAll('[data-testid="message-feed"] [data-index]')];
  return rows.length ? rows.reduce((a, r) => a + r.getBoundingClientRect().height, 0) / rows.length : 0;
})()`;

/** Total length of the union of [start, end] intervals. */
export function unionMs(intervals: [number, number][]): number {
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of [...intervals].sort((x, y) => x[0] - y[0])) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

function deltas(frames: number[]): number[] {
  return frames.slice(1).map((t, i) => t - (frames[i] ?? t));
}

interface MessagesBody {
  messages: { id: number }[];
  found_oldest: boolean;
}

/** The protocol alone: GET /messages pages of 100 from the newest back, as fast as they come. */
async function bareFetch(api: Api, messages: number): Promise<{ ms: number; fetched: number }> {
  const started = now();
  let anchor: number | string = 'newest';
  let fetched = 0;
  while (fetched < messages) {
    const body: MessagesBody = await api.call<MessagesBody>('GET', '/messages', {
      anchor,
      num_before: 100,
      num_after: 0,
      include_anchor: anchor === 'newest',
      narrow: [
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: LARGE_TOPIC },
      ],
      apply_markdown: true,
      allow_empty_topic_name: true,
    });
    fetched += body.messages.length;
    const oldest: { id: number } | undefined = body.messages[0];
    if (body.found_oldest || !oldest) break;
    anchor = oldest.id;
  }
  return { ms: now() - started, fetched };
}

export async function scrollAndMemory(ctx: BenchContext): Promise<Section[]> {
  const { page, counts } = ctx;
  // A fresh message puts the topic at the top of the sidebar and is its newest (and first unread).
  await ctx.other.call('POST', '/messages', {
    type: 'stream',
    to: 'general',
    topic: LARGE_TOPIC,
    content: `bmk-f${ctx.run || ''}-0 scroll start`,
  });
  // A fresh page: no probe of an earlier scenario observes the DOM while this one scrolls.
  await reload(ctx);
  await openTopic(page, LARGE_TOPIC);
  await page
    .getByTestId('message-feed')
    .getByText(`bmk-f${ctx.run || ''}-0`)
    .waitFor();
  await page.getByTestId('message-feed').getByText(`Load message ${LARGE_TOPIC_SIZE} of`).waitFor();

  const idle = (await page.evaluate(idleFrames(counts.idleFrameMs))) as {
    frames: number[];
    longtasks: number[];
  };
  const idleDeltas = summarize(deltas(idle.frames));

  // Bare pass 1 reads the topic with the server's render cache cold (and warms it for the app).
  const bareCold = await bareFetch(ctx.me, counts.scrollMessages);
  // Memory is read after the first milestone, after the middle one, and at the end.
  const milestones = [counts.scrollFirstMilestone, counts.scrollMidMilestone, counts.scrollMessages].filter(
    (m, i, list) => m > 0 && m <= counts.scrollMessages && list.indexOf(m) === i,
  );
  const memoryStart = await memory(ctx);
  const scrollStart = now();
  const runs: ScrollRun[] = [];
  const memories: Memory[] = [];
  let hot: HotFunction[] | undefined;
  for (const [i, milestone] of milestones.entries()) {
    const target = LARGE_TOPIC_SIZE - milestone + 1;
    ctx.log(`  scroll to message ${target}`);
    const scroll = async () =>
      (await page.evaluate(scrollUntil(target, counts.scrollStepPx, counts.scrollMaxMs))) as ScrollRun;
    const last = i === milestones.length - 1;
    // BENCH_TRACE=file: a Chrome trace of the last stretch, for finding what a long frame was.
    if (process.env.BENCH_TRACE && last) runs.push(await traced(page, scroll, process.env.BENCH_TRACE));
    else if (ctx.profile && last) {
      const profile = await profiled(page, scroll);
      runs.push(profile.result);
      hot = profile.hot;
    } else runs.push(await scroll());
    memories.push(await memory(ctx));
    if (!runs[runs.length - 1]?.done) break;
  }
  const memoryFirst = memories[0] as Memory;
  const memoryAll = memories[memories.length - 1] as Memory;
  const scrollEnd = now();
  const bareWarm = await bareFetch(ctx.me, counts.scrollMessages);
  // Where the time goes: getMessages calls as the page sees them, and the gaps between them.
  const calls = ctx.bridge.since('getMessages', scrollStart).filter((c) => c.receivedAt <= scrollEnd);
  const callMs = summarize(calls.map((c) => c.receivedAt - c.sentAt));
  const gaps = summarize(calls.slice(1).map((c, i) => c.sentAt - (calls[i]?.receivedAt ?? c.sentAt)));
  const tenth = Math.max(1, Math.floor(calls.length / 10));
  const callTrend = {
    firstTenthMeanMs: summarize(calls.slice(0, tenth).map((c) => c.receivedAt - c.sentAt)).mean,
    lastTenthMeanMs: summarize(calls.slice(-tenth).map((c) => c.receivedAt - c.sentAt)).mean,
    firstTenthGapMeanMs: summarize(
      calls.slice(1, tenth).map((c, i) => c.sentAt - (calls[i]?.receivedAt ?? c.sentAt)),
    ).mean,
    lastTenthGapMeanMs: summarize(
      calls
        .slice(-tenth)
        .map((c, i, list) => (i === 0 ? NaN : c.sentAt - (list[i - 1]?.receivedAt ?? c.sentAt))),
    ).mean,
  };

  // The app's fetching on its own: messages received per second of time with a request in flight
  // (overlapping requests counted once), i.e. what it fetches while the reader waits for it.
  const inFlightMs = unionMs(calls.map((c) => [c.sentAt, c.receivedAt]));
  const received = calls.reduce((a, c) => a + (c.received ?? 0), 0);
  const fetchRate = inFlightMs > 0 ? received / (inFlightMs / 1000) : null;
  // The reader cannot go faster than its step allows: rows of the mean height, one step a frame.
  const rowHeightPx = (await page.evaluate(MEAN_ROW_HEIGHT)) as number;
  const framesPerSecond = idleDeltas.p50 ? 1000 / idleDeltas.p50 : null;
  const readerCeiling =
    framesPerSecond && rowHeightPx > 0 ? (counts.scrollStepPx * framesPerSecond) / rowHeightPx : null;

  const frameDeltas = runs.flatMap((r) => deltas(r.frames));
  const frames = summarize(frameDeltas);
  const longtasks = runs.flatMap((r) => r.longtasks);
  const scrolled = LARGE_TOPIC_SIZE + 1 - Math.min(...runs.map((r) => r.lowest));
  const appRate = scrolled / (runs.reduce((a, r) => a + r.ms, 0) / 1000);
  const bareRate = bareWarm.fetched / (bareWarm.ms / 1000);
  const over50 = frameDeltas.filter((d) => d > 50).length;

  const scrollFigures: Figure[] = [
    {
      id: 'scroll.frame.worst',
      label: 'Worst frame',
      unit: 'ms',
      app: frames.max,
      baseline: idleDeltas.max,
      baselineLabel: 'idle page',
      ratio: ratio(frames.max, idleDeltas.max),
      // Two 60 Hz frames are 33.3 ms; rAF timestamps jitter by a fraction of a millisecond.
      target: {
        text: 'no frame over 33 ms (two 60 Hz frames)',
        holds: frames.max === null ? null : frames.max <= TWO_FRAMES_MS,
      },
    },
    {
      id: 'scroll.frame.p99',
      label: 'p99 frame',
      unit: 'ms',
      app: frames.p99,
      baseline: idleDeltas.p99,
      baselineLabel: 'idle page',
      ratio: ratio(frames.p99, idleDeltas.p99),
    },
    {
      id: 'scroll.frame.p50',
      label: 'p50 frame',
      unit: 'ms',
      app: frames.p50,
      baseline: idleDeltas.p50,
      baselineLabel: 'idle page',
      ratio: ratio(frames.p50, idleDeltas.p50),
    },
    {
      id: 'scroll.frames.over50',
      label: 'Frames over 50 ms',
      unit: 'count',
      app: over50,
      baseline: deltas(idle.frames).filter((d) => d > 50).length,
      baselineLabel: 'idle page',
      ratio: null,
    },
    {
      id: 'scroll.longtasks',
      label: 'Long tasks (max)',
      unit: 'ms',
      app: longtasks.length ? Math.max(...longtasks.map((l) => l.duration)) : 0,
      baseline: idle.longtasks.length ? Math.max(...idle.longtasks) : 0,
      baselineLabel: 'idle page',
      ratio: null,
      // The browser reports only tasks over 50 ms: none at all.
      target: { text: 'no long task over 50 ms', holds: longtasks.length === 0 },
    },
    {
      id: 'scroll.rate',
      label: 'Messages scrolled per second (the reader)',
      unit: 'msg/s',
      app: appRate,
      baseline: bareRate,
      baselineLabel: 'bare GET /messages, 100/page',
      ratio: ratio(appRate, bareRate),
      target: {
        text: 'at least 0.5× the bare loop',
        holds: ratio(appRate, bareRate) === null ? null : (ratio(appRate, bareRate) as number) >= 0.5,
      },
    },
    {
      id: 'scroll.rate.ceiling',
      label: "The reader's ceiling (step × frame rate ÷ row height)",
      unit: 'msg/s',
      app: readerCeiling,
      baseline: bareRate,
      baselineLabel: 'bare GET /messages, 100/page',
      ratio: ratio(readerCeiling, bareRate),
    },
    {
      id: 'scroll.fetch.rate',
      label: 'Messages fetched per second in flight (the app)',
      unit: 'msg/s',
      app: fetchRate,
      baseline: bareRate,
      baselineLabel: 'bare GET /messages, 100/page',
      ratio: ratio(fetchRate, bareRate),
    },
  ];

  const memoryFigure = (
    id: string,
    label: string,
    unit: Figure['unit'],
    pick: (m: Memory) => number,
  ): Figure => {
    const a = pick(memoryFirst);
    const b = pick(memoryAll);
    const r = ratio(b, a);
    return {
      id,
      label,
      unit,
      app: b,
      baseline: a,
      baselineLabel: `after ${counts.scrollFirstMilestone.toLocaleString('en-US')}`,
      ratio: r,
      // Flat means no growth with the distance scrolled; fewer rows at the very top is not a concern.
      target: { text: 'flat: at most +20%', holds: r === null ? null : r <= 1.2 },
    };
  };

  const scrollSection: Section = {
    id: 'scroll',
    title: `3. Scrolling ${scrolled.toLocaleString('en-US')} messages, newest to oldest`,
    method:
      `#general > ${LARGE_TOPIC} opened at its newest message; the page moves the feed's scrollTop up ${counts.scrollStepPx} px ` +
      'every requestAnimationFrame, so the feed always waits at the top for the next older page (the app asks for 100 per ' +
      'request, doubling up to 400 while the reader keeps reaching the edge, 400 at once while the reader moves more than ' +
      'a screen a frame; details: batchSizes). ' +
      'Frames: deltas between consecutive rAF timestamps while scrolling (runs split at the memory readings); ' +
      `long tasks from PerformanceObserver. Baseline for frames: the same page idle for ${counts.idleFrameMs} ms. Reader's rate: ` +
      'messages scrolled / time scrolling; its ceiling: the step times the idle frame rate over the mean row height in the ' +
      'DOM (no reader moving one step a frame can do better). App fetching rate: messages in getMessages answers / time with ' +
      'a getMessages in flight (bridge frames; overlaps counted once). Baseline for both: a bare Node loop of GET /messages ' +
      "(100 per page, newest back) over the same messages after the server's render cache was warmed.",
    figures: scrollFigures,
    details: {
      frames,
      idle: idleDeltas,
      longtaskCount: longtasks.length,
      longtaskTotalMs: longtasks.reduce((a, l) => a + l.duration, 0),
      runs: runs.map((r, i) => ({
        milestone: milestones[i],
        ms: r.ms,
        lowest: r.lowest,
        done: r.done,
        frames: r.frames.length,
        longtasks: r.longtasks.length,
        worstFrame: Math.max(0, ...deltas(r.frames)),
      })),
      bareCold,
      bareWarm,
      getMessagesCalls: calls.length,
      messagesReceived: received,
      inFlightMs,
      inFlightShare: scrollEnd - scrollStart > 0 ? inFlightMs / (scrollEnd - scrollStart) : null,
      rowHeightPx,
      framesPerSecond,
      readerCeiling,
      batchSizes: Object.fromEntries(
        [...new Set(calls.map((c) => c.asked ?? 0))]
          .sort((a, b) => a - b)
          .map((size) => [String(size), calls.filter((c) => (c.asked ?? 0) === size).length]),
      ),
      getMessagesCallMs: callMs,
      gapBetweenCallsMs: gaps,
      callTrend,
      longtaskTrend: {
        firstTenth: longtasks.slice(0, Math.max(1, Math.floor(longtasks.length / 10))).map((l) => l.duration),
        lastTenth: longtasks.slice(-Math.max(1, Math.floor(longtasks.length / 10))).map((l) => l.duration),
      },
      ...(hot ? { profiledHotFunctions: hot } : {}),
      worstFrames: [...frameDeltas].sort((a, b) => b - a).slice(0, 10),
    },
  };
  const memorySection: Section = {
    id: 'memory',
    title: '5. Memory after scrolling',
    method:
      'After a CDP HeapProfiler.collectGarbage (twice): JSHeapUsedSize and Nodes (all DOM nodes the renderer holds, ' +
      'detached ones included) from CDP Performance.getMetrics, and the live element count ' +
      `(document.getElementsByTagName('*')), after scrolling ${counts.scrollFirstMilestone.toLocaleString('en-US')} ` +
      `messages (baseline) and after ${scrolled.toLocaleString('en-US')}; details also hold the reading after ` +
      `${counts.scrollMidMilestone.toLocaleString('en-US')}.`,
    figures: [
      memoryFigure('memory.heap', 'JS heap used', 'MB', (m) => m.jsHeapUsedMB),
      memoryFigure('memory.nodes', 'DOM nodes (CDP)', 'nodes', (m) => m.domNodes),
      memoryFigure('memory.elements', 'Live elements', 'elements', (m) => m.liveElements),
    ],
    details: {
      memoryStart,
      byMilestone: Object.fromEntries(memories.map((m, i) => [String(milestones[i]), m])),
    },
  };
  return [scrollSection, memorySection];
}

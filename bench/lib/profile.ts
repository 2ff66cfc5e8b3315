import type { Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';

/**
 * A CDP CPU profile of the page around some work, reduced to the functions with the most self
 * time (the renderer bundle is not minified, so names and lines point at the source). Profiling
 * slows the page, so it is only taken on request (`--profile`), never in the figures' run.
 */

export interface HotFunction {
  functionName: string;
  where: string;
  selfMs: number;
  /** Share of all sampled time. */
  share: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export async function profiled<T>(
  page: Page,
  work: () => Promise<T>,
  top = 25,
): Promise<{ result: T; hot: HotFunction[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  let result: T;
  let profile: Awaited<ReturnType<typeof stop>>;
  const stop = async () => (await cdp.send('Profiler.stop')).profile;
  try {
    result = await work();
  } finally {
    profile = await stop();
    await cdp.detach();
    // BENCH_CPUPROFILE=file keeps the whole profile (DevTools opens it) for inclusive times.
    if (process.env.BENCH_CPUPROFILE) writeFileSync(process.env.BENCH_CPUPROFILE, JSON.stringify(profile));
  }
  return { result: result!, hot: hotFunctions(profile, top) };
}

/** Self time per function of a V8 CPU profile (CDP Profiler or node --cpu-prof), most first. */
export function hotFunctions(
  profile: { nodes: unknown[]; samples?: number[]; timeDeltas?: number[] },
  top = 25,
): HotFunction[] {
  const nodes = new Map<number, ProfileNode>((profile.nodes as ProfileNode[]).map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000));
  const byFunction = new Map<string, HotFunction>();
  let total = 0;
  for (const [id, ms] of self) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) continue;
    total += ms;
    const file = frame.url.split('/').slice(-2).join('/');
    const where = file ? `${file}:${frame.lineNumber + 1}` : '(native)';
    const key = `${frame.functionName}@${where}`;
    const entry = byFunction.get(key) ?? {
      functionName: frame.functionName || '(anonymous)',
      where,
      selfMs: 0,
      share: 0,
    };
    entry.selfMs += ms;
    byFunction.set(key, entry);
  }
  return [...byFunction.values()]
    .map((f) => ({ ...f, share: total ? f.selfMs / total : 0 }))
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, top);
}

/**
 * A Chrome trace (the DevTools Performance panel's categories) of the page around some work, written
 * to `file` (open it in DevTools or reduce it with bench/lib/trace-summary.ts). It shows what the
 * CPU profile cannot: which task a long frame was, and its style, layout, paint and script parts.
 */
export async function traced<T>(page: Page, work: () => Promise<T>, file: string): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => events.push(...e.value));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'blink',
        'toplevel',
      ],
    },
  });
  try {
    return await work();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
    writeFileSync(file, JSON.stringify({ traceEvents: events }));
  }
}

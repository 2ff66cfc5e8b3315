import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { readCommandLine, valuesOrExit } from '../shared/command-line';
import { Api } from './lib/api';
import { BridgeMonitor } from './lib/bridge-monitor';
import { hotFunctions, type HotFunction } from './lib/profile';
import { FULL, QUICK, type BenchContext, type Counts } from './lib/context';
import { ROOT, startHostProcess, startServerProcess, removeDir } from './lib/processes';
import { resultsPath } from './lib/output';
import { startBackgroundLoad, type BackgroundLoad } from './lib/background-load';
import { mergeRuns } from './lib/runs';
import { renderTable, type BenchResults, type Section } from './lib/report';
import { coldStart } from './scenarios/cold-start';
import { homeViews } from './scenarios/home-views';
import { messageEventToPixel } from './scenarios/event-to-pixel';
import { markAllRead } from './scenarios/mark-read';
import { scrollAndMemory } from './scenarios/scroll';
import { typingEventToPixel } from './scenarios/typing';
import { hugeOrganization } from './scenarios/huge';

/**
 * `npm run bench [-- --quick] [-- --record | --out FILE]`: what a chat user feels, end to end in
 * Chromium (web host + reference server with the large seed), each figure against a baseline
 * measured in the same run. See bench/README.md.
 */

const BENCH_USAGE = `
Usage: npm run bench -- [options]

What a chat user feels, end to end in Chromium on the web host and the reference server with the
large seed, each figure beside a baseline from the same run. Build first: npm run build.

Options:
  --quick              tiny counts (~25 s); checks the harness, its figures mean nothing
  --runs N             runs of each scenario; every figure is their median, with the spread
                       (default 3; 1 with --quick)
  --only LIST          some scenarios, comma-separated: markread, message, typing, scroll, cold, home,
                       huge (the big organization: its own server with --seed huge; only when named)
  --set NAME=N         change one count (see bench/lib/context.ts); may be repeated
  --profile            CPU profiles of the page and the web host (slower runs)
  --background-load N  N processes spinning on the CPU during the whole run (a busy machine);
                       waits up to 2 min for the load average to climb first
  --record             write bench/results.json, the figures the README quotes (a complete full run only)
  --out FILE           where results go (default bench/results.local.json, ignored by git; a temp file
                       with --quick)
  -h, --help           show this help
`;

/** Scenarios that run only when `--only` names them (they bring their own, bigger organization). */
const OPT_IN = new Set(['huge']);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Shared memory in a temporary folder rather than /dev/shm, which containers often size at
  // 64 MB: renderers that run out of it crash.
  '--disable-dev-shm-usage',
  // The benchmark opens several windows (the app, each cold start's): none may be throttled
  // as a background or hidden one while it is measured.
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
];

export interface BenchOptions {
  quick?: boolean;
  /** Runs of each scenario (figures are medians); 3 by default, 1 with `quick`. */
  runs?: number;
  /** Overrides of single counts (`--set scrollMessages=5000`), for trying the harness at other sizes. */
  overrides?: Partial<Counts>;
  /** Run only these scenarios (markread, message, typing, scroll, cold, home); all by default. */
  only?: string[];
  /** CPU-profile the scroll (its figures are then not representative). */
  profile?: boolean;
  /** Processes kept spinning on the CPU during the run, to measure on a busy machine. */
  backgroundLoad?: number;
  /** Where results.json goes; null writes nothing. */
  out?: string | null;
  log?: (message: string) => void;
}

function gitHead(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    return 'unknown';
  }
}

export async function runBench(options: BenchOptions = {}): Promise<BenchResults> {
  const quick = options.quick ?? false;
  const log = options.log ?? ((message: string) => console.log(message));
  if (!existsSync(join(ROOT, 'out/renderer/index.html')))
    throw new Error('The renderer is not built: run `npx electron-vite build` first.');
  const counts: Counts = { ...(quick ? QUICK : FULL), ...options.overrides };
  const runCount = Math.max(1, Math.floor(options.runs ?? (quick ? 1 : 3)));
  const results: BenchResults = {
    mode: quick ? 'quick' : 'full',
    startedAt: new Date().toISOString(),
    finishedAt: '',
    machine: {
      cpus: cpus().length,
      loadAverageAtStart: loadavg(),
      loadAverageAtEnd: [],
      node: process.version,
      chromium: '',
      commit: gitHead(),
      rendererBuiltAt: statSync(join(ROOT, 'out/renderer/index.html')).mtime.toISOString(),
      backgroundLoad: null,
    },
    counts: { ...counts },
    runs: runCount,
    sections: [],
    errors: [],
    pageRestarts: [],
  };

  let background: BackgroundLoad | undefined;
  if (options.backgroundLoad) {
    background = await startBackgroundLoad(options.backgroundLoad, log);
    results.machine.backgroundLoad = {
      processes: background.processes,
      loadWhenReady: background.loadWhenReady,
    };
    results.machine.loadAverageAtStart = loadavg();
  }
  try {
    return await runScenarios(options, results, counts, runCount, log);
  } finally {
    background?.stop();
  }
}

async function runScenarios(
  options: BenchOptions,
  results: BenchResults,
  counts: Counts,
  runCount: number,
  log: (message: string) => void,
): Promise<BenchResults> {
  const quick = options.quick ?? false;
  log('Starting the reference server (large seed)…');
  const server = await startServerProcess('large');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
  results.machine.chromium = browser.version();
  const people = server.users.filter((u) => !u.is_bot);
  const ada = people.find((u) => u.role === 100);
  const ben = people.find((u) => u.role === 200);
  if (!ada || !ben) throw new Error('the demo accounts are not as expected');
  // With --profile, the web host writes a V8 CPU profile when it exits (node --cpu-prof).
  const cpuProfileDir = options.profile ? mkdtempSync(join(tmpdir(), 'teamchat-bench-prof-')) : undefined;
  const host = await startHostProcess(server, { signIn: ada.email, cpuProfileDir });
  try {
    const bridge = new BridgeMonitor();
    // The app's page. A page that crashed, or a run that failed (e.g. ran out of time because the
    // page stopped answering), is not used again: the next run gets a fresh page.
    let trouble: string | null = null;
    const openPage = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on('crash', () => (trouble = 'the page crashed'));
      bridge.attach(page);
      await page.goto(host.url);
      await page.getByTestId('chat-shell').waitFor({ timeout: 30_000 });
      return page;
    };
    const page = await openPage();
    const me = new Api(server.url, ada);
    const { streams } = await me.call<{ streams: { stream_id: number; name: string }[] }>('GET', '/streams');
    const general = streams.find((s) => s.name === 'general');
    if (!general) throw new Error('no #general on the server');
    const cleanups: (() => Promise<unknown>)[] = [];
    const ctx: BenchContext = {
      quick,
      profile: options.profile ?? false,
      counts,
      server,
      host,
      browser,
      page,
      me,
      other: new Api(server.url, ben),
      generalStreamId: general.stream_id,
      run: 0,
      log,
      cleanup: (task) => cleanups.push(task),
      bridge,
    };
    const scenarios: [string, string, () => Promise<Section | Section[]>][] = [
      ['markread', '6. mark all as read', () => markAllRead(ctx)],
      ['message', '1. message event to pixel', () => messageEventToPixel(ctx)],
      ['typing', '2. typing event to pixel', () => typingEventToPixel(ctx)],
      ['scroll', '3+5. scroll and memory', () => scrollAndMemory(ctx)],
      ['cold', '4. cold start', () => coldStart(ctx)],
      // Last: its thousands of unread conversations would change the other figures.
      ['home', '7. home views', () => homeViews(ctx)],
      ['huge', '8. the big organization', () => hugeOrganization(ctx)],
    ];
    for (const [key, name, scenario] of scenarios) {
      if (options.only ? !options.only.includes(key) : OPT_IN.has(key)) continue;
      const perRun: Section[][] = [];
      const loads: number[] = [];
      for (let run = 0; run < runCount; run++) {
        ctx.run = run;
        log(runCount > 1 ? `${name} (run ${run + 1} of ${runCount})` : name);
        loads.push(loadavg()[0] ?? 0);
        try {
          const limitMs = quick ? 60_000 : 15 * 60_000;
          let timer: NodeJS.Timeout | undefined;
          const sections = await Promise.race([
            scenario(),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error(`no result within ${limitMs / 1000} s`)), limitMs);
            }),
          ]).finally(() => clearTimeout(timer));
          perRun.push(Array.isArray(sections) ? sections : [sections]);
        } catch (error) {
          const message = `${name}, run ${run + 1}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
          results.errors.push(message);
          log(`  failed: ${message}`);
          perRun.push([]);
        }
        for (const task of cleanups.splice(0)) await task().catch(() => undefined);
        if (trouble || perRun[perRun.length - 1]?.length === 0) {
          const why = trouble ?? 'the run failed';
          results.pageRestarts.push({ scenario: key, run: run + 1, why });
          log(`  ${why}: continuing on a fresh page`);
          trouble = null;
          // Closing the old context also ends whatever the failed run still awaits in it.
          await ctx.page
            .context()
            .close()
            .catch(() => undefined);
          ctx.page = await openPage();
        }
      }
      results.sections.push(...mergeRuns(perRun, loads));
    }
    await ctx.page.context().close();
  } finally {
    await host.close();
    removeDir(host.dataDir);
    if (cpuProfileDir) {
      // One profile per thread (tsx's loader has its own); the busiest one is the host's main thread.
      const busy = (hot: HotFunction[]) =>
        hot.filter((f) => f.functionName !== '(idle)').reduce((a, f) => a + f.selfMs, 0);
      const profiles = readdirSync(cpuProfileDir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => hotFunctions(JSON.parse(readFileSync(join(cpuProfileDir, f), 'utf8')), 30));
      results.hostProfile = profiles.sort((a, b) => busy(b) - busy(a))[0];
      removeDir(cpuProfileDir);
    }
    await browser.close();
    await server.close();
  }
  const order = [
    'message-event-to-pixel',
    'typing-event-to-pixel',
    'scroll',
    'cold-start',
    'memory',
    'mark-all-read',
    'mark-unread-digest',
    'home-inbox',
    'home-switch',
    'huge-open',
    'huge-keys',
    'huge-events',
  ];
  results.sections.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  results.machine.loadAverageAtEnd = loadavg();
  results.finishedAt = new Date().toISOString();
  if (options.out) {
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, JSON.stringify(results, null, 2) + '\n');
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = valuesOrExit(
    readCommandLine(
      BENCH_USAGE,
      () =>
        parseArgs({
          options: {
            quick: { type: 'boolean', default: false },
            runs: { type: 'string' },
            out: { type: 'string' },
            record: { type: 'boolean', default: false },
            set: { type: 'string', multiple: true, default: [] },
            only: { type: 'string' },
            profile: { type: 'boolean', default: false },
            'background-load': { type: 'string' },
            help: { type: 'boolean', short: 'h', default: false },
          },
          strict: true,
        }).values,
    ),
    { out: console.log, err: console.error, exit: process.exit },
  );
  const quick = args.quick;
  const output = resultsPath(args, ROOT);
  if ('error' in output) {
    console.error(output.error);
    process.exit(2);
  }
  const out = output.path;
  const overrides: Record<string, number> = {};
  for (const setting of args.set) {
    const [key, value] = setting.split('=');
    if (!key || !(key in FULL) || !Number.isFinite(Number(value))) {
      console.error(`Bad --set ${setting}: expected NAME=NUMBER with a count of bench/lib/context.ts.`);
      process.exit(2);
    }
    overrides[key] = Number(value);
  }
  const only = args.only?.split(',');
  const runs = args.runs === undefined ? undefined : Number(args.runs);
  if (runs !== undefined && !(Number.isInteger(runs) && runs >= 1)) {
    console.error(`Bad --runs ${args.runs}: expected a whole number of runs, 1 or more.`);
    process.exit(2);
  }
  const backgroundLoad = args['background-load'] === undefined ? undefined : Number(args['background-load']);
  if (
    backgroundLoad !== undefined &&
    !(Number.isInteger(backgroundLoad) && backgroundLoad >= 1 && backgroundLoad <= 64)
  ) {
    console.error(
      `Bad --background-load ${args['background-load']}: expected a number of processes, 1 to 64.`,
    );
    process.exit(2);
  }
  runBench({ quick, runs, out, overrides, only, profile: args.profile, backgroundLoad }).then(
    (results) => {
      const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
      console.log(
        `\nBenchmark (${results.mode}), ${results.machine.cpus} CPUs, load average ${load(results.machine.loadAverageAtStart)} at start, ` +
          `${load(results.machine.loadAverageAtEnd)} at end; Chromium ${results.machine.chromium}, Node ${results.machine.node}; ` +
          `commit ${results.machine.commit}, renderer built ${results.machine.rendererBuiltAt}` +
          (results.machine.backgroundLoad
            ? `; background load: ${results.machine.backgroundLoad.processes} spinning processes (load ${results.machine.backgroundLoad.loadWhenReady.toFixed(2)} when the run began)`
            : ''),
      );
      console.log(renderTable(results));
      if (results.hostProfile) {
        console.log('\nWeb host CPU profile (self time):');
        for (const f of results.hostProfile)
          console.log(
            `  ${f.selfMs.toFixed(0).padStart(7)} ms ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.functionName}  ${f.where}`,
          );
      }
      console.log(`\nWrote ${out}`);
      process.exit(results.errors.length ? 1 : 0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

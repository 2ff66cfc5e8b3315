import { Api } from '../lib/api';
import { now, pageClockOffset, toDriver } from '../lib/clock';
import { sleep, waitInPage, type BenchContext } from '../lib/context';
import { startHostProcess, startServerProcess, removeDir, type ServerProcess } from '../lib/processes';
import { COLD_START_PROBE } from '../lib/probes';
import type { Figure, Section } from '../lib/report';
import { median, ratio } from '../lib/stats';
import { startFaultProxy } from '../../test/support/fault-proxy';

/** How late a far server's answers come in the far-server launches. */
const FAR_SERVER_DELAY_MS = 200;

/**
 * 4. Cold start: a returning user (account already stored in the data directory) launches the web
 * host; the time until the first message of the default view is in the feed. The browser is
 * already running; each launch gets a fresh browser context.
 */

interface ColdRun {
  fromStart: number;
  fromSpawn: number;
  shellFromStart: number | null;
  clicked: boolean;
  painted: number | null;
  /** Milestones from the startWebHost call, ms: where the time goes (spawn and process start are negative). */
  steps: Record<string, number | null>;
}

async function oneLaunch(ctx: BenchContext, server: ServerProcess, dataDir: string): Promise<ColdRun> {
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: COLD_START_PROBE });
    const host = await startHostProcess(server, { dataDir });
    try {
      await page.goto(host.url);
      const shown = await waitInPage(
        page,
        '!!(window.__benchCold && window.__benchCold.firstMessagePainted !== null)',
        30_000,
        10,
      );
      if (!shown) throw new Error('no message appeared within 30 s of launch');
      const clock = await pageClockOffset(page, 10);
      const marks = (await page.evaluate('window.__benchCold')) as {
        timeOrigin: number;
        shell: number | null;
        clicked: number | null;
        firstMessage: number;
        firstMessagePainted: number | null;
      };
      const nav = (await page.evaluate(
        `(() => { const n = performance.getEntriesByType('navigation')[0]; return n ? { responseEnd: n.responseEnd, domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd } : null; })()`,
      )) as { responseEnd: number; domContentLoaded: number; load: number } | null;
      // startCalledAt comes from the host's own Node clock (same wall clock as the driver's).
      const first = toDriver(marks.firstMessage, clock);
      const fromStart = (pageTime: number | null | undefined) =>
        pageTime === null || pageTime === undefined ? null : toDriver(pageTime, clock) - host.startCalledAt;
      return {
        fromStart: first - host.startCalledAt,
        fromSpawn: first - host.spawnedAt,
        shellFromStart: marks.shell === null ? null : toDriver(marks.shell, clock) - host.startCalledAt,
        clicked: marks.clicked !== null,
        steps: {
          spawn: host.spawnedAt - host.startCalledAt,
          processStart: host.processStartAt - host.startCalledAt,
          hostListening: host.listeningAt - host.startCalledAt,
          hostReported: host.readyAt - host.startCalledAt,
          navigationStart: fromStart(marks.timeOrigin),
          htmlReceived: nav ? fromStart(marks.timeOrigin + nav.responseEnd) : null,
          domContentLoaded: nav ? fromStart(marks.timeOrigin + nav.domContentLoaded) : null,
          shell: fromStart(marks.shell),
          allMessagesClicked: fromStart(marks.clicked),
          firstMessage: fromStart(marks.firstMessage),
        },
        painted:
          marks.firstMessagePainted === null
            ? null
            : toDriver(marks.firstMessagePainted, clock) - host.startCalledAt,
      };
    } finally {
      await host.close();
    }
  } finally {
    await context.close();
  }
}

/** What a protocol-only client needs before it can show the first message: register, then one page. */
async function bareStart(server: ServerProcess, email: string): Promise<number> {
  const account = server.users.find((u) => u.email === email);
  if (!account) throw new Error(`no ${email} on the ${server.seed} server`);
  const api = new Api(server.url, account);
  const started = now();
  const state = await api.call<{ queue_id: string }>('POST', '/register', { apply_markdown: true });
  await api.call('GET', '/messages', {
    anchor: 'first_unread',
    num_before: 50,
    num_after: 50,
    narrow: [],
    apply_markdown: true,
  });
  const ms = now() - started;
  await api.call('DELETE', '/events', { queue_id: state.queue_id }).catch(() => undefined);
  return ms;
}

async function forSeed(ctx: BenchContext, server: ServerProcess) {
  const email = ctx.me.account.email;
  // First launch: sign in, open All messages (what the probe opens) long enough for the app to keep
  // its newest messages, then quit; every measured launch after it is a returning user's.
  const setup = await startHostProcess(server, { signIn: email });
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: COLD_START_PROBE });
    await page.goto(setup.url);
    if (
      !(await waitInPage(page, '!!(window.__benchCold && window.__benchCold.firstMessage !== null)', 30_000))
    )
      throw new Error('the first launch showed no message');
    await sleep(1500);
  } finally {
    await context.close();
    await setup.close();
  }
  const runs: ColdRun[] = [];
  const bare: number[] = [];
  try {
    for (let i = 0; i < ctx.counts.coldStartRuns; i++) {
      runs.push(await oneLaunch(ctx, server, setup.dataDir));
      bare.push(await bareStart(server, email));
    }
  } finally {
    removeDir(setup.dataDir);
  }
  return { runs, bare };
}

export async function coldStart(ctx: BenchContext): Promise<Section> {
  ctx.log('  demo seed');
  const demoServer = await startServerProcess('demo');
  let demo: Awaited<ReturnType<typeof forSeed>>;
  try {
    demo = await forSeed(ctx, demoServer);
  } finally {
    await demoServer.close();
  }
  ctx.log(`  demo seed, every answer ${FAR_SERVER_DELAY_MS} ms late`);
  const farServer = await startServerProcess('demo');
  const proxy = await startFaultProxy(farServer.url);
  proxy.setRule(() => ({ kind: 'delay', ms: FAR_SERVER_DELAY_MS }));
  let far: Awaited<ReturnType<typeof forSeed>>;
  try {
    far = await forSeed(ctx, { ...farServer, url: proxy.url });
  } finally {
    await proxy.down();
    await farServer.close();
  }
  ctx.log('  large seed');
  const large = await forSeed(ctx, ctx.server);

  const figures: Figure[] = [];
  for (const [seed, result] of [
    ['demo', demo],
    ['large', large],
  ] as const) {
    const fromStart = median(result.runs.map((r) => r.fromStart));
    const fromSpawn = median(result.runs.map((r) => r.fromSpawn));
    const bare = median(result.bare);
    const limit = seed === 'demo' ? 500 : 800;
    figures.push(
      {
        id: `cold.${seed}.start`,
        label: `${seed} seed: startWebHost → first message`,
        unit: 'ms',
        app: fromStart,
        baseline: bare,
        baselineLabel: 'bare register + first page',
        ratio: ratio(fromStart, bare),
      },
      {
        id: `cold.${seed}.spawn`,
        label: `${seed} seed: process spawn → first message`,
        unit: 'ms',
        app: fromSpawn,
        baseline: bare,
        baselineLabel: 'bare register + first page',
        ratio: ratio(fromSpawn, bare),
        target: {
          text: `under ${limit} ms`,
          holds: fromSpawn === null ? null : fromSpawn < limit,
        },
      },
    );
  }
  const farSpawn = median(far.runs.map((r) => r.fromSpawn));
  const farShell = median(
    far.runs.flatMap((r) => (r.shellFromStart === null ? [] : [r.shellFromStart - r.steps.spawn!])),
  );
  const farBare = median(far.bare);
  figures.push(
    {
      id: 'cold.far.spawn',
      label: `demo seed, every answer ${FAR_SERVER_DELAY_MS} ms late: process spawn → first message`,
      unit: 'ms',
      app: farSpawn,
      baseline: farBare,
      baselineLabel: 'bare register + first page, same delay',
      ratio: ratio(farSpawn, farBare),
    },
    {
      id: 'cold.far.shell',
      label: `demo seed, every answer ${FAR_SERVER_DELAY_MS} ms late: process spawn → shell drawn`,
      unit: 'ms',
      app: farShell,
      baseline: farBare,
      baselineLabel: 'bare register + first page, same delay',
      ratio: ratio(farShell, farBare),
    },
  );
  const clicked = [...demo.runs, ...large.runs].some((r) => r.clicked);
  return {
    id: 'cold-start',
    title: '4. Cold start to the first message',
    method:
      `Median of ${ctx.counts.coldStartRuns} launches per seed. The web host runs in its own Node process, built as ` +
      '`npm run web` runs it (`node out/main/web-host.js`, JavaScript from `electron-vite build`, nothing compiled at ' +
      'launch), on a data directory where the account was signed in by an earlier launch; Chromium is already running ' +
      'and opens the host URL as soon as the host reports it over IPC, in a fresh context whose page is created just ' +
      'before the spawn (so its set-up competes with the host start for the CPU). An init script records ' +
      '(MutationObserver, page clock aligned to the driver) when the first message node is in the feed. "startWebHost" ' +
      'counts from the host start call in the host process (its wall clock; `listenWebHost` since the host listens ' +
      'before loading its core); "process spawn" counts from just before the driver ' +
      `spawns the process, so it adds Node start-up and loading the host's modules.${clicked ? ' The app opens on the user\'s home view (the Inbox by default), which has no message feed, so the probe clicks "All messages" the moment the shell shows it.' : ''} ` +
      'The first launch (not measured) opened All messages and stayed a moment, so the app kept its newest messages: ' +
      "a returning user's launch shows them before GET /messages answers (the first message counted may be a kept one). " +
      'Baseline: a bare Node client doing POST /register then GET /messages (first_unread, 50+50, all messages). ' +
      `The far-server launches put a proxy in the bench's process between the host (and the bare client) and a demo ` +
      `server that holds every answer back ${FAR_SERVER_DELAY_MS} ms, as a server across the internet would; the ` +
      "app draws its window from the register state kept at the last launch and the conversation's kept messages " +
      'while its registration and GET /messages are on their way.',
    figures,
    details: { demo, far, large },
  };
}

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Api } from '../lib/api';
import { now, pageClockOffset, toDriver } from '../lib/clock';
import { sleep, waitInPage, type BenchContext } from '../lib/context';
import { HOME_OPEN_PROBE, homeSwitch } from '../lib/probes';
import type { Figure, Section } from '../lib/report';
import { median, ratio, summarize } from '../lib/stats';

/**
 * 7. Home views: opening the Inbox with many unread conversations (after a reload, when it is the
 * home view, and by a click), and switching between Inbox, Recent conversations and All messages,
 * each against the bare protocol doing the fetches the view's data comes from.
 */

const ROWS = {
  inbox: '[data-testid="inbox-list"] [data-testid^="inbox-topic-"]',
  recent: '[data-testid="recent-list"] [data-testid^="recent-"]',
  all: '[data-testid="message-feed"] [data-message-id]',
} as const;
const LINKS = { inbox: 'home-inbox', recent: 'home-recent', all: 'all-messages' } as const;
type View = keyof typeof ROWS;

/** Recent conversations' first request (features/recent/recent-query.ts). */
const RECENT_FETCH = {
  anchor: 'newest',
  num_before: 400,
  num_after: 0,
  include_anchor: true,
  narrow: [],
  apply_markdown: false,
  allow_empty_topic_name: true,
};
/** The combined feed's first request (features/messages/useFeed.ts). */
const ALL_FETCH = {
  anchor: 'first_unread',
  num_before: 50,
  num_after: 50,
  include_anchor: true,
  narrow: [],
  apply_markdown: true,
  allow_empty_topic_name: true,
};

/** Unread conversations for Ada: one message each in a topic of its own, from everyone else in turn. */
async function createConversations(ctx: BenchContext, n: number): Promise<number> {
  const senders = ctx.server.users
    .filter((u) => !u.is_bot && u.user_id !== ctx.me.account.user_id && u.role !== 600)
    .map((u) => new Api(ctx.server.url, u));
  const started = now();
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      await senders[i % senders.length]!.call('POST', '/messages', {
        type: 'stream',
        to: 'general',
        topic: `inbox bench ${i}`,
        content: `Unread conversation ${i + 1} of ${n}`,
      });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return now() - started;
}

async function timed(task: () => Promise<unknown>): Promise<number> {
  const start = now();
  await task();
  return now() - start;
}

export async function homeViews(ctx: BenchContext): Promise<Section[]> {
  const { page, me, counts } = ctx;
  const n = counts.inboxConversations;
  await me.call('PATCH', '/settings', { web_home_view: 'inbox' });
  // Away from the app while the conversations are made: it learns of them from POST /register
  // on reload, as someone returning to thousands of unread conversations does.
  await page.goto('about:blank');
  // Later runs find the conversations of the first one (all but the few the views showed still unread).
  const createMs = ctx.run === 0 ? await createConversations(ctx, n) : 0;
  if (ctx.run === 0) await page.addInitScript({ content: HOME_OPEN_PROBE });
  await page.goto(ctx.host.url);
  await page.getByTestId('chat-shell').waitFor({ timeout: 60_000 });
  // A launch reopens the conversation left open (the earlier scenarios' topic): leave it for the
  // home view, and wait until main has noted that no conversation is open, so reloads open the Inbox.
  await page.getByTestId('home-inbox').click();
  await waitUntilNoConversationKept(ctx.host.dataDir);

  const reloads: { shown: number; painted: number | null }[] = [];
  const switches: Record<'cold' | 'warm', Record<View, number[]>> = {
    cold: { inbox: [], recent: [], all: [] },
    warm: { inbox: [], recent: [], all: [] },
  };
  const inboxRows: number[] = [];
  for (let round = 0; round < counts.homeSwitchRounds; round++) {
    // Reloading empties the cache: the first visit of each view fetches, later ones do not.
    await page.reload();
    const opened = await waitInPage(
      page,
      '!!(window.__benchHome && window.__benchHome.painted !== null)',
      60_000,
    );
    if (!opened) throw new Error('the Inbox did not open after a reload');
    const marks = (await page.evaluate('window.__benchHome')) as {
      timeOrigin: number;
      shown: number;
      painted: number | null;
    };
    reloads.push({
      shown: marks.shown - marks.timeOrigin,
      painted: marks.painted === null ? null : marks.painted - marks.timeOrigin,
    });
    inboxRows.push(
      (await page.evaluate(
        `document.querySelectorAll('[data-testid="inbox-list"] [data-index]').length`,
      )) as number,
    );
    const clock = await pageClockOffset(page, 10);
    const visited = new Set<View>(['inbox']);
    for (const view of ['recent', 'all', 'inbox', 'recent', 'all', 'inbox'] as View[]) {
      const run = (await page.evaluate(homeSwitch(LINKS[view], ROWS[view], 30_000))) as {
        clickedAt: number;
        shownAt: number | null;
        paintedAt: number | null;
      };
      if (run.paintedAt === null) throw new Error(`${view} showed nothing within 30 s`);
      const ms = toDriver(run.paintedAt, clock) - toDriver(run.clickedAt, clock);
      switches[visited.has(view) ? 'warm' : 'cold'][view].push(ms);
      visited.add(view);
    }
  }

  // Baselines: the same fetches over the bare protocol, as many times.
  const bareRegister: number[] = [];
  const bareRecent: number[] = [];
  const bareAll: number[] = [];
  for (let round = 0; round < counts.homeSwitchRounds; round++) {
    bareRegister.push(
      await timed(async () => {
        const state = await me.call<{ queue_id: string }>('POST', '/register', { apply_markdown: true });
        await me.call('DELETE', '/events', { queue_id: state.queue_id }).catch(() => undefined);
      }),
    );
    bareRecent.push(await timed(() => me.call('GET', '/messages', RECENT_FETCH)));
    bareAll.push(await timed(() => me.call('GET', '/messages', ALL_FETCH)));
  }

  const reloadPainted = median(reloads.map((r) => r.painted ?? Number.NaN));
  const register = median(bareRegister);
  const figure = (
    id: string,
    label: string,
    app: number | null,
    baseline: number | null,
    baselineLabel: string,
  ): Figure => ({ id, label, unit: 'ms', app, baseline, baselineLabel, ratio: ratio(app, baseline) });
  const warm = [...switches.warm.inbox, ...switches.warm.recent, ...switches.warm.all];
  const warmSummary = summarize(warm);
  const nText = n.toLocaleString('en-US');

  return [
    {
      id: 'home-inbox',
      title: `7. Open Inbox with ${nText} unread conversations`,
      method:
        `${nText} conversations are made unread for Ada (one message each in its own topic of #general, sent by the ` +
        'other people in turn, 8 at a time, while the app is away) before the app is loaded again. Reload: from the ' +
        "page's navigation start to the frame that shows the first Inbox row (MutationObserver, then rAF + posted " +
        'message), the Inbox being the home view; the page reload makes main register afresh. Click: from a click on ' +
        '"Inbox" (coming from All messages, Inbox data already in the register state) to the frame that shows its ' +
        'first row; no request is made, so the baseline is what fetching the same data costs. Baseline: a bare POST ' +
        `/register (apply_markdown) and the DELETE of its queue, which carries unread_msgs for all ${nText}. Medians ` +
        `of ${counts.homeSwitchRounds}.`,
      figures: [
        figure(
          'home.inbox.reload',
          'Inbox after a reload (home view)',
          reloadPainted,
          register,
          'bare POST /register',
        ),
        figure(
          'home.inbox.click',
          'Inbox by a click (no request)',
          median(switches.warm.inbox),
          register,
          'bare POST /register',
        ),
      ],
      details: {
        conversations: n,
        createMs,
        reloads,
        inboxRowsRendered: inboxRows,
        clickMs: switches.warm.inbox,
        bareRegisterMs: bareRegister,
      },
    },
    {
      id: 'home-switch',
      title: '7b. Switch home views',
      method:
        'Clicks in the left sidebar: after each reload, Recent conversations, All messages, Inbox, then the three again; ' +
        "each time from the click to the frame that shows the view's first row (page clock, MutationObserver, rAF + " +
        'posted message). First visit: the view fetches (Recent: GET /messages newest 400, narrow [], no markdown; All ' +
        'messages: first_unread 50+50). Baseline: the same GET /messages over the bare protocol. Later visits are ' +
        'served from the cache and make no request; they are shown against the cheapest of those fetches. ' +
        `${counts.homeSwitchRounds} rounds.`,
      figures: [
        figure(
          'home.switch.recent.first',
          'Recent conversations, first visit',
          median(switches.cold.recent),
          median(bareRecent),
          'bare GET /messages, same params',
        ),
        figure(
          'home.switch.all.first',
          'All messages, first visit',
          median(switches.cold.all),
          median(bareAll),
          'bare GET /messages, same params',
        ),
        figure(
          'home.switch.again.p50',
          'Any view again, p50',
          warmSummary.p50,
          Math.min(median(bareRecent) ?? Infinity, median(bareAll) ?? Infinity),
          'cheapest bare fetch',
        ),
        figure(
          'home.switch.again.max',
          'Any view again, max',
          warmSummary.max,
          Math.min(median(bareRecent) ?? Infinity, median(bareAll) ?? Infinity),
          'cheapest bare fetch',
        ),
      ],
      details: { switches, bareRecentMs: bareRecent, bareAllMs: bareAll },
    },
  ];
}

/** Until the host's data directory keeps no open conversation (the app has noted a home view). */
async function waitUntilNoConversationKept(dataDir: string): Promise<void> {
  const folder = join(dataDir, 'conversation-cache');
  const kept = () => existsSync(folder) && readdirSync(folder).some((name) => name.endsWith('.open.json'));
  const deadline = Date.now() + 10_000;
  while (kept()) {
    if (Date.now() > deadline) throw new Error('the app still keeps an open conversation after 10 s');
    await sleep(50);
  }
}

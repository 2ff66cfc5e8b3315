import type { Page } from '@playwright/test';
import { Api, type Account } from '../lib/api';
import { now, pageClockOffset, toDriver, type ClockOffset } from '../lib/clock';
import { waitInPage, type BenchContext } from '../lib/context';
import { removeDir, startHostProcess, startServerProcess } from '../lib/processes';
import type { Figure, Section } from '../lib/report';
import { median, ratio, summarize } from '../lib/stats';
import { settle } from './mark-read';
import {
  BUSY_RECORDER,
  clickUntil,
  KEYSTROKE_PROBE,
  listShows,
  revealChannel,
  SIDEBAR_PROBE,
} from './huge-probes';
import { HUGE_FINDABLE_PERSON, HUGE_TOPIC_CHANNEL } from '../../server/seed/huge';

/**
 * 8. The big organization (`--seed huge`): 20,000 people, 2,000 channels (500 subscribed), 50,000
 * topics, 1,000,000 messages, 100,000 unread. Its own server, web host and page; run it with
 * `--only huge`.
 */

const RELOADS = 3;
const BIG_CHANNEL_ROUNDS = 3;
const SWITCH_CHANNELS = 16;
const TYPING_ROUNDS = 3;
const HOUR_MESSAGES = 1200;
const HOUR_READ_EVERY = 200;

interface Subscription {
  stream_id: number;
  name: string;
  invite_only: boolean;
}

async function timed<T>(task: () => Promise<T>): Promise<[number, T]> {
  const start = now();
  const value = await task();
  return [now() - start, value];
}

/** The feed's first request for a channel (features/messages/useFeed.ts). */
function channelFetch(streamId: number) {
  return {
    anchor: 'first_unread',
    num_before: 50,
    num_after: 50,
    include_anchor: true,
    narrow: [{ operator: 'channel', operand: streamId }],
    apply_markdown: true,
    allow_empty_topic_name: true,
  };
}

interface ClickMarks {
  clickedAt: number;
  selectorAt: number | null;
  selectorPainted: number | null;
  feedAt: number | null;
  feedPainted: number | null;
}

async function heapAndDom(page: Page): Promise<{ heapMB: number; domNodes: number; elements: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  const elements = (await page.evaluate(`document.getElementsByTagName('*').length`)) as number;
  await cdp.detach();
  return { heapMB: metric('JSHeapUsedSize') / 1024 / 1024, domNodes: metric('Nodes'), elements };
}

const ms = (
  id: string,
  label: string,
  app: number | null,
  baseline: number | null,
  baselineLabel: string,
  target?: Figure['target'],
): Figure => ({
  id,
  label,
  unit: 'ms',
  app,
  baseline,
  baselineLabel,
  ratio: ratio(app, baseline),
  ...(target ? { target } : {}),
});

export async function hugeOrganization(ctx: BenchContext): Promise<Section[]> {
  const { log } = ctx;
  log('  starting the reference server with the huge seed…');
  const server = await startServerProcess('huge');
  ctx.cleanup(() => server.close());
  const ada = server.users.find((u) => u.email.startsWith('ada@'))!;
  const me = new Api(server.url, ada);

  // The server's own numbers, before the app loads it.
  const bareRegister: number[] = [];
  let state: { subscriptions: Subscription[]; unread_msgs: { count: number } } | undefined;
  for (let i = 0; i < RELOADS; i++) {
    const [t, body] = await timed(() =>
      me.call<{ queue_id: string; subscriptions: Subscription[]; unread_msgs: { count: number } }>(
        'POST',
        '/register',
        { apply_markdown: true },
      ),
    );
    bareRegister.push(t);
    state = body;
    await me.call('DELETE', '/events', { queue_id: body.queue_id }).catch(() => undefined);
  }
  const subs = [...state!.subscriptions].sort((a, b) => a.name.localeCompare(b.name));
  const big = subs.find((s) => s.name === HUGE_TOPIC_CHANNEL)!;

  log('  starting the web host and the page…');
  const host = await startHostProcess(server, { signIn: ada.email });
  ctx.cleanup(async () => {
    await host.close();
    removeDir(host.dataDir);
  });
  const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 800 } });
  ctx.cleanup(() => context.close());
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.addInitScript({ content: SIDEBAR_PROBE });

  // A. Register → sidebar painted, after a reload each time.
  log('  register → sidebar…');
  const sidebar: number[] = [];
  for (let i = 0; i < RELOADS; i++) {
    if (i === 0) await page.goto(host.url);
    else await page.reload();
    const ok = await waitInPage(
      page,
      '!!(window.__benchSidebar && window.__benchSidebar.painted !== null)',
      180_000,
      50,
    );
    if (!ok) throw new Error('the sidebar did not show within 180 s');
    const m = (await page.evaluate('window.__benchSidebar')) as { timeOrigin: number; painted: number };
    sidebar.push(m.painted - m.timeOrigin);
  }
  await page.getByTestId('chat-shell').waitFor();
  await page.evaluate(settle(1000, 60_000));

  // B. Open the channel with 2,000 topics: click to its topic rows in the sidebar and to its feed.
  log(`  open #${HUGE_TOPIC_CHANNEL}…`);
  const bigOpen: { topics: number; feed: number; topicRows: number }[] = [];
  const bigBare: number[] = [];
  for (let round = 0; round < BIG_CHANNEL_ROUNDS; round++) {
    await page.getByTestId('home-inbox').click();
    if (!(await page.evaluate(revealChannel(big.name))))
      throw new Error(`#${big.name} is not in the sidebar`);
    const [bareMs, [, first]] = await timed(() =>
      Promise.all([
        me.call('GET', `/users/me/${big.stream_id}/topics`, { allow_empty_topic_name: true }),
        me.call<{ messages: { id: number }[] }>('GET', '/messages', channelFetch(big.stream_id)),
      ]),
    );
    bigBare.push(bareMs);
    const marks = (await page.evaluate(
      clickUntil(
        `channel-${big.name}`,
        '[data-testid="channel-list"] [data-testid^="topic-row-"]',
        first.messages.map((m) => m.id),
        60_000,
      ),
    )) as ClickMarks;
    if (marks.selectorPainted === null || marks.feedPainted === null)
      throw new Error(`#${big.name}: topics or feed did not show within 60 s`);
    bigOpen.push({
      topics: marks.selectorPainted - marks.clickedAt,
      feed: marks.feedPainted - marks.clickedAt,
      topicRows: (await page.evaluate(
        `document.querySelectorAll('[data-testid="channel-list"] [data-testid^="topic-row-"]').length`,
      )) as number,
    });
  }

  // C. Switching channels: the first channels of the sidebar, twice (first visits fetch).
  log('  switching channels…');
  const switchNames = subs.filter((s) => s.name !== big.name).slice(0, SWITCH_CHANNELS);
  const firstPages = new Map<number, number[]>();
  const bareSwitch: number[] = [];
  const switches: { cold: number[]; warm: number[] } = { cold: [], warm: [] };
  await page.getByTestId('home-inbox').click();
  for (let round = 0; round < 2; round++) {
    for (const channel of switchNames) {
      if (!(await page.evaluate(revealChannel(channel.name))))
        throw new Error(`#${channel.name} not in the sidebar`);
      if (!firstPages.has(channel.stream_id)) {
        const [t, body] = await timed(() =>
          me.call<{ messages: { id: number }[] }>('GET', '/messages', channelFetch(channel.stream_id)),
        );
        bareSwitch.push(t);
        firstPages.set(
          channel.stream_id,
          body.messages.map((m) => m.id),
        );
      }
      const marks = (await page.evaluate(
        clickUntil(`channel-${channel.name}`, null, firstPages.get(channel.stream_id)!, 30_000),
      )) as ClickMarks;
      if (marks.feedPainted === null) throw new Error(`#${channel.name}: the feed did not show within 30 s`);
      switches[round === 0 ? 'cold' : 'warm'].push(marks.feedPainted - marks.clickedAt);
    }
  }

  // D. Keystrokes in the people panel's search and in the user picker (New direct message), with a
  // bare input beside them as the baseline.
  log('  keystrokes over 20,000 people…');
  await page.getByTestId('home-inbox').click();
  await page.evaluate(KEYSTROKE_PROBE(['people-search', 'user-search']));
  const found: Record<string, boolean[]> = { 'people-search': [], 'user-search': [] };
  const typeRounds = async (testId: string, listId: string | null) => {
    for (let round = 0; round < TYPING_ROUNDS; round++) {
      await page.getByTestId(testId).click();
      await page.keyboard.type(HUGE_FINDABLE_PERSON, { delay: 80 });
      await page.evaluate(settle(300, 5000));
      if (listId) {
        const shows = (await page.evaluate(listShows(listId, HUGE_FINDABLE_PERSON))) as { found: boolean };
        found[testId]!.push(shows.found);
      }
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Backspace');
      await page.evaluate(settle(300, 5000));
    }
  };
  await typeRounds('people-search', 'people-list');
  await page.getByTestId('new-dm').click();
  await page.getByTestId('user-search').waitFor();
  await typeRounds('user-search', 'user-list');
  await page.keyboard.press('Escape');
  await typeRounds('bench-bare-input', null);
  const keys = (await page.evaluate('window.__benchKeys')) as {
    id: string;
    value: string;
    keyAt: number;
    handledAt: number;
    paintedAt: number | null;
  }[];
  const keyFigures = (id: string) => {
    const mine = keys.filter((k) => k.id === id);
    return {
      handled: summarize(mine.map((k) => k.handledAt - k.keyAt)),
      painted: summarize(mine.map((k) => (k.paintedAt ?? NaN) - k.keyAt)),
      clearing: summarize(mine.filter((k) => k.value === '').map((k) => k.handledAt - k.keyAt)),
    };
  };
  const keyPeople = keyFigures('people-search');
  const keyPicker = keyFigures('user-search');
  const keyBare = keyFigures('bench-bare-input');

  // E. One update_message_flags event marking the 50,000 unread messages the app knows of as read.
  log('  one event marking 50,000 read…');
  await page.getByTestId('home-inbox').click();
  await page.evaluate(settle(1000, 60_000));
  const known = await me.call<{
    queue_id: string;
    unread_msgs: {
      streams: { unread_message_ids: number[] }[];
      pms: { unread_message_ids: number[] }[];
      huddles: { unread_message_ids: number[] }[];
    };
  }>('POST', '/register', { fetch_event_types: ['message', 'update_message_flags'] });
  await me.call('DELETE', '/events', { queue_id: known.queue_id }).catch(() => undefined);
  const u = known.unread_msgs;
  const unreadIds = [...u.streams, ...u.pms, ...u.huddles].flatMap((c) => c.unread_message_ids);
  await page.evaluate(BUSY_RECORDER);
  const clock: ClockOffset = await pageClockOffset(page, 10);
  const countBefore = await page
    .getByTestId('inbox-count')
    .textContent()
    .catch(() => null);
  const flagStart = now();
  await me.call('POST', '/messages/flags', { messages: unreadIds, op: 'add', flag: 'read' });
  const flagPostMs = now() - flagStart;
  await page.evaluate(settle(1000, 120_000));
  const busy = (await page.evaluate('window.__benchBusy')) as {
    tasks: { end: number; ms: number }[];
    countChanges: { at: number; text: string | null }[];
  };
  const busyUntil = busy.tasks.length
    ? toDriver(Math.max(...busy.tasks.map((t) => t.end)), clock)
    : flagStart;
  const lastCount = busy.countChanges.at(-1);
  const countMs = lastCount ? toDriver(lastCount.at, clock) - flagStart : null;
  const longestTask = busy.tasks.length ? Math.max(...busy.tasks.map((t) => t.ms)) : 0;

  // F. An hour of events: others post in Ada's public channels while she reads as she goes.
  log(`  an hour of events (${HOUR_MESSAGES} messages)…`);
  const readings = [{ after: 0, ...(await heapAndDom(page)) }];
  const senders = server.users
    .filter((p: Account) => !p.is_bot && p.role === 400)
    .slice(0, 40)
    .map((p) => new Api(server.url, p));
  const publicChannels = subs.filter((s) => !s.invite_only && s.name !== 'announcements').slice(0, 24);
  let sent = 0;
  const hourStart = now();
  while (sent < HOUR_MESSAGES) {
    const batch: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < HOUR_READ_EVERY) {
        const i = sent + next++;
        const body = await senders[i % senders.length]!.call<{ id: number }>('POST', '/messages', {
          type: 'stream',
          to: publicChannels[i % publicChannels.length]!.stream_id,
          topic: `hour ${i % 60}`,
          content: `Hour message ${i + 1} of ${HOUR_MESSAGES}`,
        });
        batch.push(body.id);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    sent += HOUR_READ_EVERY;
    await me.call('POST', '/messages/flags', { messages: batch, op: 'add', flag: 'read' });
    if (sent === HOUR_MESSAGES / 2 || sent === HOUR_MESSAGES) {
      await page.evaluate(settle(1000, 60_000));
      readings.push({ after: sent, ...(await heapAndDom(page)) });
    }
  }
  const hourMs = now() - hourStart;
  const [r0, , r2] = readings;
  type Reading = (typeof readings)[number];
  const growth = (f: (r: Reading) => number) => (r0 && r2 ? f(r2) / f(r0) : null);
  const flat = (g: number | null) => ({
    text: 'flat within 20%',
    holds: g === null ? null : g <= 1.2,
  });

  const frame = 1000 / 60;
  const underFrame = (v: number | null) => ({
    text: 'p99 under 1 frame (16.7 ms)',
    holds: v === null ? null : v < frame,
  });
  const bareReg = median(bareRegister);
  const coldSwitch = summarize(switches.cold);
  const warmSwitch = summarize(switches.warm);
  const bareSwitchMedian = median(bareSwitch);

  return [
    {
      id: 'huge-open',
      title: '8. The big organization: register, sidebar, the channel with 2,000 topics, switching channels',
      method:
        'Reference server with --seed huge (20,000 people, 2,000 channels of which Ada is in 500, 50,000 topics, ' +
        '1,000,000 messages, 100,000 unread for Ada in 10,000 conversations, 300 groups), its own web host and page. ' +
        'Sidebar: from navigation start of a (re)load to the frame that shows the first channel row (MutationObserver, ' +
        `then rAF + posted message); median of ${RELOADS}; baseline a bare POST /register (+ DELETE of its queue). ` +
        `Channel with 2,000 topics: from a click on #${HUGE_TOPIC_CHANNEL} (coming from the Inbox) to the frame that ` +
        'shows its first topic row, and to the frame that shows one of its first page of messages; baseline the two ' +
        `fetches behind it (GET topics and GET /messages first_unread 50+50) in parallel; ${BIG_CHANNEL_ROUNDS} rounds, ` +
        `the first fetches. Switching: clicks on ${SWITCH_CHANNELS} channels of the sidebar in turn, twice (first ` +
        'visits fetch, second ones are cached), click to the frame that shows one of the first page of messages; ' +
        'baseline the same GET /messages over the bare protocol.',
      figures: [
        ms('huge.sidebar', 'Load → sidebar painted', median(sidebar), bareReg, 'bare POST /register'),
        ms(
          'huge.big.first.topics',
          `#${HUGE_TOPIC_CHANNEL}: click → topics painted, first visit`,
          bigOpen[0]?.topics ?? null,
          bigBare[0] ?? null,
          'bare topics + messages',
        ),
        ms(
          'huge.big.first.feed',
          `#${HUGE_TOPIC_CHANNEL}: click → messages painted, first visit`,
          bigOpen[0]?.feed ?? null,
          bigBare[0] ?? null,
          'bare topics + messages',
        ),
        ms(
          'huge.big.again.feed',
          `#${HUGE_TOPIC_CHANNEL}: again (cached), median`,
          median(bigOpen.slice(1).map((b) => b.feed)),
          median(bigBare.slice(1)),
          'bare topics + messages',
        ),
        ms(
          'huge.switch.first.p50',
          'Switch channel, first visit, p50',
          coldSwitch.p50,
          bareSwitchMedian,
          'bare GET /messages',
        ),
        ms(
          'huge.switch.first.p99',
          'Switch channel, first visit, p99',
          coldSwitch.p99,
          bareSwitchMedian,
          'bare GET /messages',
        ),
        ms(
          'huge.switch.again.p50',
          'Switch channel again (cached), p50',
          warmSwitch.p50,
          bareSwitchMedian,
          'bare GET /messages',
        ),
        ms(
          'huge.switch.again.p99',
          'Switch channel again (cached), p99',
          warmSwitch.p99,
          bareSwitchMedian,
          'bare GET /messages',
        ),
      ],
      details: {
        serverStartMs: server.startMs,
        bareRegisterMs: bareRegister,
        sidebarMs: sidebar,
        bigChannel: bigOpen,
        bigChannelBareMs: bigBare,
        switches,
        bareSwitchMs: bareSwitch,
        unreadCountInRegister: state!.unread_msgs.count,
      },
    },
    {
      id: 'huge-keys',
      title: '8b. Searching 20,000 people: keystroke → list',
      method:
        `"${HUGE_FINDABLE_PERSON}" typed (80 ms between keys) then cleared (Ctrl+A, Backspace), ${TYPING_ROUNDS} times, ` +
        "in the people panel's search and in the user picker (New direct message). Handled: from the key event's " +
        "timestamp to the end of its handling (a listener on window runs after React's synchronous render of the " +
        'input, so the list is in the DOM); painted: to the next frame after that (rAF + posted message), which ' +
        'includes waiting for the frame. Baseline: the same keys in a bare <input> the probe adds to the page. ' +
        `Found: whether the list showed ${HUGE_FINDABLE_PERSON} after each full name.`,
      figures: [
        ms(
          'huge.keys.people.handled.p99',
          'People panel: key → list updated, p99',
          keyPeople.handled.p99,
          keyBare.handled.p99,
          'bare input',
          underFrame(keyPeople.handled.p99),
        ),
        ms(
          'huge.keys.people.painted.p99',
          'People panel: key → next frame, p99',
          keyPeople.painted.p99,
          keyBare.painted.p99,
          'bare input',
        ),
        ms(
          'huge.keys.picker.handled.p99',
          'User picker: key → list updated, p99',
          keyPicker.handled.p99,
          keyBare.handled.p99,
          'bare input',
          underFrame(keyPicker.handled.p99),
        ),
        ms(
          'huge.keys.picker.painted.p99',
          'User picker: key → next frame, p99',
          keyPicker.painted.p99,
          keyBare.painted.p99,
          'bare input',
        ),
      ],
      details: { keyPeople, keyPicker, keyBare, found, keystrokes: keys.length },
    },
    {
      id: 'huge-events',
      title: '8c. The big organization under events: 50,000 marked read at once; an hour of traffic',
      method:
        'Read at once: with the app on the Inbox, one bare POST /messages/flags (op add, read) with the 50,000 unread ' +
        'ids the app knows from POST /register, so the app receives one update_message_flags event with 50,000 ids. ' +
        'App: from the request to the last change of the Inbox count, and the longest task (PerformanceObserver ' +
        "longtask, over 50 ms) until the page has been quiet for 1 s; baseline the POST's round trip. Hour: " +
        `${HOUR_MESSAGES} messages (4 senders at a time) from 40 people into 24 of Ada's public channels, 60 topics, ` +
        `Ada marking each ${HOUR_READ_EVERY} read as she goes (about a busy hour of this organization: 1,000,000 ` +
        'messages over 180 days is some 230 an hour across all 2,000 channels). JS heap (after two CDP garbage ' +
        'collections) and DOM nodes before, halfway and after.',
      figures: [
        ms(
          'huge.flags50k.count',
          '50,000 read: request → Inbox count updated',
          countMs,
          flagPostMs,
          'bare POST round trip',
        ),
        ms(
          'huge.flags50k.longest',
          '50,000 read: longest task while digesting (0: none over 50 ms)',
          longestTask,
          flagPostMs,
          'bare POST round trip',
        ),
        {
          id: 'huge.hour.heap',
          label: `JS heap before → after ${HOUR_MESSAGES} messages`,
          unit: 'MB',
          app: r2?.heapMB ?? null,
          baseline: r0?.heapMB ?? null,
          baselineLabel: 'before',
          ratio: growth((r) => r.heapMB),
          target: flat(growth((r) => r.heapMB)),
        },
        {
          id: 'huge.hour.dom',
          label: `DOM nodes before → after ${HOUR_MESSAGES} messages`,
          unit: 'nodes',
          app: r2?.domNodes ?? null,
          baseline: r0?.domNodes ?? null,
          baselineLabel: 'before',
          ratio: growth((r) => r.domNodes),
          target: flat(growth((r) => r.domNodes)),
        },
      ],
      details: {
        unreadIdsSent: unreadIds.length,
        countBefore,
        countAfter: lastCount?.text ?? null,
        longTasks: busy.tasks.length,
        busyAfterRequestMs: busyUntil === null ? 0 : busyUntil - flagStart,
        longestTaskMs: longestTask,
        flagPostMs,
        readings,
        hourMs,
      },
    },
  ];
}

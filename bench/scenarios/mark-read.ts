import { flagLoop, type Api } from '../lib/api';
import { now, pageClockOffset, toDriver } from '../lib/clock';
import { LARGE_TOPIC, LARGE_TOPIC_SIZE, reload, type BenchContext } from '../lib/context';
import { MARK_READ_RUN } from '../lib/probes';
import { profiled, type HotFunction } from '../lib/profile';
import type { Section } from '../lib/report';
import { ratio } from '../lib/stats';

/**
 * 6. Mark all as read through the UI (top bar "Mark all read", confirm), against a bare loop of
 * POST /messages/flags/narrow over the same narrow with the same batch size. Before each, the
 * same messages of the large topic are made unread again through the API (untimed).
 */

const TOPIC_NARROW = [
  { operator: 'channel', operand: 'general' },
  { operator: 'topic', operand: LARGE_TOPIC },
];

async function makeUnread(api: Api, n: number): Promise<void> {
  if (n >= LARGE_TOPIC_SIZE) await flagLoop(api, TOPIC_NARROW, 'remove', 'read', 5000);
  else await unreadBatch(api, n, 0);
}

/** Makes `n` messages unread in one request, starting `skip` messages back from the newest. */
async function unreadBatch(api: Api, n: number, skip: number): Promise<void> {
  const body = await api.call<{ messages: { id: number }[] }>('GET', '/messages', {
    anchor: 'newest',
    num_before: skip,
    num_after: 0,
    narrow: TOPIC_NARROW,
  });
  const anchor = skip === 0 ? 'newest' : (body.messages[0]?.id ?? 'newest');
  await api.call('POST', '/messages/flags/narrow', {
    anchor,
    include_anchor: skip === 0,
    num_before: skip === 0 ? n - 1 : n,
    num_after: 0,
    narrow: TOPIC_NARROW,
    op: 'remove',
    flag: 'read',
  });
}

async function unreadLeft(api: Api): Promise<number> {
  const body = await api.call<{ messages: unknown[] }>('GET', '/messages', {
    anchor: 'newest',
    num_before: 10,
    num_after: 0,
    narrow: [{ operator: 'is', operand: 'unread' }],
  });
  return body.messages.length;
}

/** Resolves once the page has gone `quietMs` without a long task (it digests the flag events). */
export const settle = (quietMs: number, maxMs: number) => `new Promise((resolve) => {
  let last = performance.now();
  const started = last;
  const observer = new PerformanceObserver((list) => { if (list.getEntries().length) last = performance.now(); });
  observer.observe({ type: 'longtask' });
  const tick = () => {
    const t = performance.now();
    if (t - last >= ${quietMs} || t - started >= ${maxMs}) { observer.disconnect(); resolve(t - started); }
    else setTimeout(tick, 50);
  };
  tick();
})`;

/** Records long tasks from now on, so the driver can tell when the page stopped being busy. */
const LONGTASK_RECORDER = `(() => {
  const tasks = [];
  window.__benchLongTasks = tasks;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push(performance.timeOrigin + e.startTime + e.duration);
  }).observe({ type: 'longtask' });
})()`;

export async function markAllRead(ctx: BenchContext): Promise<Section[]> {
  const { page, counts, me } = ctx;
  const n = counts.markReadMessages;
  const quietMs = ctx.quick ? 300 : 1000;
  const settleArgs = settle(quietMs, ctx.quick ? 5000 : 120_000);

  // Start from nothing unread (the demo seed has a few unread messages), so both runs mark the same n.
  await flagLoop(me, [{ operator: 'is', operand: 'unread' }], 'add', 'read', 5000);
  await page.evaluate(settleArgs);

  // While the app is open, someone (here: Ada elsewhere) marks a batch unread, twice (the second
  // lands on top of the first): how long is the page busy each time?
  const digestN = counts.digestUnread;
  await page.evaluate(LONGTASK_RECORDER);
  const clock = await pageClockOffset(page);
  const digest: { postMs: number; busyMs: number; longTasks: number }[] = [];
  for (let round = 0; round < 2; round++) {
    const seen = ((await page.evaluate('window.__benchLongTasks.length')) as number) ?? 0;
    const start = now();
    await unreadBatch(me, digestN, round * digestN);
    const postMs = now() - start;
    await page.evaluate(settleArgs);
    const tasks = ((await page.evaluate('window.__benchLongTasks')) as number[]).slice(seen);
    const busyUntil = tasks.length ? toDriver(Math.max(...tasks), clock) : start;
    digest.push({ postMs, busyMs: Math.max(0, busyUntil - start), longTasks: tasks.length });
  }
  await flagLoop(me, [{ operator: 'is', operand: 'unread' }], 'add', 'read', 5000);
  await page.evaluate(settleArgs);

  // The app is reloaded after each unread reset, so it learns of the unread messages from
  // POST /register rather than digesting them event by event (see the figure above).
  await makeUnread(me, n);
  await reload(ctx);
  const settleBare = (await page.evaluate(settleArgs)) as number;
  const bare = await flagLoop(
    me,
    [{ operator: 'is', operand: 'unread' }],
    'add',
    'read',
    counts.markReadBatch,
  );
  const bareLeft = await unreadLeft(me);

  await makeUnread(me, n);
  await reload(ctx);
  const settleUi = (await page.evaluate(settleArgs)) as number;
  await page.getByTestId('mark-all-read').click();
  await page.getByTestId('mark-read-confirm').waitFor();
  type UiRun = { clickedAt: number; doneAt: number; text: string; updates: number };
  const runUi = async () => (await page.evaluate(MARK_READ_RUN)) as UiRun;
  let hot: HotFunction[] | undefined;
  let ui: UiRun;
  if (ctx.profile) ({ result: ui, hot } = await profiled(page, runUi));
  else ui = await runUi();
  const uiMs = ui.doneAt - ui.clickedAt;
  const uiLeft = await unreadLeft(me);
  await page.getByTestId('mark-read-dialog').getByText('Close', { exact: true }).click();
  await page.getByTestId('mark-read-dialog').waitFor({ state: 'detached' });
  const errors = [
    ...(bareLeft ? [`bare loop left ${bareLeft}+ unread`] : []),
    ...(uiLeft ? [`UI left ${uiLeft}+ unread`] : []),
  ];

  return [
    {
      id: 'mark-all-read',
      title: `6. Mark ${n.toLocaleString('en-US')} messages as read`,
      method:
        `${n} messages of #general > ${LARGE_TOPIC} are made unread through the API and the app is reloaded (so it ` +
        `gets them from POST /register), then left until ${quietMs} ms pass without a long task. Baseline: a bare Node ` +
        `loop of POST /messages/flags/narrow (narrow is:unread, op add read, ${counts.markReadBatch} per batch, anchor ` +
        'moving forward) timed on the driver clock. App: the top bar "Mark all read" dialog, page clock from the ' +
        'confirm click to the dialog\'s "Done" text (MutationObserver). The same messages are made unread again ' +
        'between the two.',
      figures: [
        {
          id: 'markread.wall',
          label: 'Wall time',
          unit: 'ms',
          app: uiMs,
          baseline: bare.ms,
          baselineLabel: 'bare flags/narrow loop',
          ratio: ratio(uiMs, bare.ms),
        },
      ],
      details: { bare, ui, settleBare, settleUi, errors, ...(hot ? { profiledHotFunctions: hot } : {}) },
    },
    {
      id: 'mark-unread-digest',
      title: `6b. The open app digesting ${digestN.toLocaleString('en-US')} messages marked unread`,
      method:
        `With the app open, one POST /messages/flags/narrow (op remove read) makes ${digestN} messages of ` +
        `#general > ${LARGE_TOPIC} unread, so the app receives one update_message_flags event with ${digestN} ids; ` +
        `then the ${digestN} messages before those, on top. App: from the request until the end of the last long ` +
        "task it causes (PerformanceObserver, page clock aligned to the driver). Baseline: the request's own round trip.",
      figures: digest.map((d, round) => ({
        id: `digest.unread.${round === 0 ? 'first' : 'second'}`,
        label:
          round === 0
            ? 'Page busy, 0 unread before'
            : `Page busy, ${digestN.toLocaleString('en-US')} unread before`,
        unit: 'ms' as const,
        app: d.busyMs,
        baseline: d.postMs,
        baselineLabel: 'the POST round trip',
        ratio: ratio(d.busyMs, d.postMs),
      })),
      details: { digest, clock },
    },
  ];
}

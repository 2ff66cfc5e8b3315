import { flagLoop, type Api } from '../lib/api';
import { LARGE_TOPIC, LARGE_TOPIC_SIZE, type BenchContext } from '../lib/context';
import { MARK_READ_RUN } from '../lib/probes';
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
  if (n >= LARGE_TOPIC_SIZE) {
    await flagLoop(api, TOPIC_NARROW, 'remove', 'read', 5000);
    return;
  }
  await api.call('POST', '/messages/flags/narrow', {
    anchor: 'newest',
    include_anchor: true,
    num_before: n - 1,
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

export async function markAllRead(ctx: BenchContext): Promise<Section> {
  const { page, counts, me } = ctx;
  const n = counts.markReadMessages;
  const quietMs = ctx.quick ? 300 : 1000;
  const settleArgs = settle(quietMs, ctx.quick ? 5000 : 60_000);

  // Start from nothing unread (the demo seed has a few unread messages), so both runs mark the same n.
  await flagLoop(me, [{ operator: 'is', operand: 'unread' }], 'add', 'read', 5000);
  await makeUnread(me, n);
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
  const settleUi = (await page.evaluate(settleArgs)) as number;
  await page.getByTestId('mark-all-read').click();
  await page.getByTestId('mark-read-confirm').waitFor();
  const ui = (await page.evaluate(MARK_READ_RUN)) as {
    clickedAt: number;
    doneAt: number;
    text: string;
    updates: number;
  };
  const uiMs = ui.doneAt - ui.clickedAt;
  const uiLeft = await unreadLeft(me);
  await page.getByTestId('mark-read-dialog').getByText('Close', { exact: true }).click();
  await page.getByTestId('mark-read-dialog').waitFor({ state: 'detached' });
  const errors = [
    ...(bareLeft ? [`bare loop left ${bareLeft}+ unread`] : []),
    ...(uiLeft ? [`UI left ${uiLeft}+ unread`] : []),
  ];

  return {
    id: 'mark-all-read',
    title: `6. Mark ${n.toLocaleString('en-US')} messages as read`,
    method:
      `${n} messages of #general > ${LARGE_TOPIC} are made unread through the API, the page is left to digest the flag ` +
      `events (until ${quietMs} ms without a long task), then: baseline, a bare Node loop of POST /messages/flags/narrow ` +
      `(narrow is:unread, op add read, ${counts.markReadBatch} per batch, anchor moving forward) timed on the driver clock; ` +
      'app, the top bar "Mark all read" dialog: page clock from the confirm click to the dialog\'s "Done" text ' +
      '(MutationObserver). The same messages are made unread again between the two.',
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
    details: { bare, ui, settleBare, settleUi, errors },
  };
}

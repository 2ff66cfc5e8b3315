import { expect, test } from '@playwright/test';
import { runBench } from '../../bench/run';
import { QUICK } from '../../bench/lib/context';

// The harness launches its own browser; the runner's tracing would only add artifacts (and work).
test.use({ trace: 'off' });

// `npm run bench -- --quick` end to end, so the harness cannot rot: every figure is produced with
// its baseline and the expected number of samples. No timing is asserted (the machine is shared).
test('the benchmark harness runs in quick mode and fills every figure', async () => {
  test.setTimeout(120_000);
  const results = await runBench({ quick: true, out: null, log: () => {} });
  expect(results.errors).toEqual([]);
  expect(results.pageRestarts).toEqual([]);
  expect(results.sections.map((s) => s.id)).toEqual([
    'message-event-to-pixel',
    'typing-event-to-pixel',
    'scroll',
    'cold-start',
    'memory',
    'mark-all-read',
    'mark-unread-digest',
    'home-inbox',
    'home-switch',
  ]);
  // Quick mode runs each scenario once: every figure is that run's value.
  expect(results.runs).toBe(1);
  for (const section of results.sections) {
    expect(section.runCount, section.id).toBe(1);
    expect(section.load, section.id).toHaveLength(1);
    expect(section.method.length, section.id).toBeGreaterThan(50);
    for (const figure of section.figures) {
      expect(Number.isFinite(figure.app), `${figure.id} app`).toBe(true);
      expect(Number.isFinite(figure.baseline), `${figure.id} baseline`).toBe(true);
      expect(figure.app as number, figure.id).toBeGreaterThanOrEqual(0);
      expect(figure.runs?.app, figure.id).toEqual([figure.app]);
    }
  }
  // Each run's details, under perRun: this one run's.
  const details = (id: string) =>
    (results.sections.find((s) => s.id === id)?.details as { perRun: unknown[] }).perRun[0];

  const messages = details('message-event-to-pixel') as Record<
    string,
    { app: { count: number }; bare: { count: number } }
  >;
  expect(messages.steady?.app.count).toBe(QUICK.steadyMessages);
  expect(messages.steady?.bare.count).toBe(QUICK.steadyMessages);
  expect(messages.burst?.app.count).toBe(QUICK.burstMessages);
  expect(messages.burst?.bare.count).toBe(QUICK.burstMessages);

  const typing = details('typing-event-to-pixel') as Record<string, { count: number }>;
  expect(typing.app?.count).toBe(QUICK.typingCycles);
  expect(typing.bareShown?.count).toBe(QUICK.typingCycles);

  const scroll = details('scroll') as { runs: { done: boolean; lowest: number }[] };
  expect(scroll.runs.map((r) => r.done)).toEqual([true, true, true]);
  expect(scroll.runs[2]?.lowest).toBeLessThanOrEqual(100_000 - QUICK.scrollMessages + 1);

  const memory = details('memory') as {
    byMilestone: Record<string, { jsHeapUsedMB: number; liveElements: number }>;
  };
  expect(Object.keys(memory.byMilestone)).toHaveLength(3);
  expect(memory.byMilestone[String(QUICK.scrollMessages)]?.jsHeapUsedMB).toBeGreaterThan(0);
  expect(memory.byMilestone[String(QUICK.scrollMessages)]?.liveElements).toBeGreaterThan(0);

  const markRead = details('mark-all-read') as { ui: { text: string }; errors: string[] };
  expect(markRead.ui.text).toMatch(/^Done/);
  expect(markRead.errors).toEqual([]);

  const inbox = details('home-inbox') as { conversations: number; reloads: unknown[]; clickMs: number[] };
  expect(inbox.conversations).toBe(QUICK.inboxConversations);
  expect(inbox.reloads).toHaveLength(QUICK.homeSwitchRounds);
  // Each round clicks the Inbox twice after it opened on reload.
  expect(inbox.clickMs).toHaveLength(2 * QUICK.homeSwitchRounds);
  const switches = details('home-switch') as {
    switches: Record<'cold' | 'warm', Record<'inbox' | 'recent' | 'all', number[]>>;
  };
  expect(switches.switches.cold.recent).toHaveLength(QUICK.homeSwitchRounds);
  expect(switches.switches.cold.all).toHaveLength(QUICK.homeSwitchRounds);
  expect(switches.switches.warm.recent).toHaveLength(QUICK.homeSwitchRounds);
});

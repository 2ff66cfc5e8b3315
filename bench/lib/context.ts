import type { Browser, Page } from '@playwright/test';
import type { Api } from './api';
import type { BridgeMonitor } from './bridge-monitor';
import type { HostProcess, ServerProcess } from './processes';

export interface Counts {
  steadyMessages: number;
  steadyPerSecond: number;
  burstMessages: number;
  burstConcurrency: number;
  typingCycles: number;
  /** Messages of the large topic marked unread, then read (100,000 = the whole topic). */
  markReadMessages: number;
  markReadBatch: number;
  /** Messages made unread in one event while the app is open. */
  digestUnread: number;
  /** Messages scrolled before the first memory reading, and in all. */
  scrollFirstMilestone: number;
  scrollMidMilestone: number;
  scrollMessages: number;
  scrollStepPx: number;
  scrollMaxMs: number;
  idleFrameMs: number;
  coldStartRuns: number;
  /** Unread conversations (one message each) made for the Inbox figure. */
  inboxConversations: number;
  /** Reloads, each followed by two rounds of switching between the home views. */
  homeSwitchRounds: number;
}

export const FULL: Counts = {
  steadyMessages: 300,
  steadyPerSecond: 10,
  burstMessages: 1000,
  burstConcurrency: 10,
  typingCycles: 50,
  markReadMessages: 100_000,
  markReadBatch: 1000,
  digestUnread: 5000,
  scrollFirstMilestone: 1000,
  scrollMidMilestone: 10_000,
  scrollMessages: 100_000,
  scrollStepPx: 4000,
  scrollMaxMs: 10 * 60_000,
  idleFrameMs: 3000,
  coldStartRuns: 5,
  inboxConversations: 10_000,
  homeSwitchRounds: 5,
};

export const QUICK: Counts = {
  steadyMessages: 5,
  steadyPerSecond: 10,
  burstMessages: 10,
  burstConcurrency: 5,
  typingCycles: 2,
  markReadMessages: 300,
  markReadBatch: 1000,
  digestUnread: 100,
  scrollFirstMilestone: 100,
  scrollMidMilestone: 200,
  scrollMessages: 300,
  scrollStepPx: 4000,
  scrollMaxMs: 20_000,
  idleFrameMs: 300,
  coldStartRuns: 1,
  inboxConversations: 50,
  homeSwitchRounds: 1,
};

export interface BenchContext {
  quick: boolean;
  /** Take a CPU profile of the scroll (slows it: for finding causes, not for the figures). */
  profile: boolean;
  counts: Counts;
  server: ServerProcess;
  host: HostProcess;
  browser: Browser;
  page: Page;
  /** The app's user (Ada, the owner), over the bare protocol. */
  me: Api;
  /** Someone else (Ben), who sends the messages and typing events. */
  other: Api;
  generalStreamId: number;
  /** Which run of the scenario this is (0-based, `--runs`): markers and names made per run differ by it. */
  run: number;
  log(message: string): void;
  /** Runs after the current scenario, whether it succeeded or not. */
  cleanup(task: () => Promise<unknown>): void;
  /** Timings of the app's API calls over its bridge. */
  bridge: BridgeMonitor;
}

export const LATENCY_TOPIC = 'bench latency';
export const LARGE_TOPIC = 'firehose';
export const LARGE_TOPIC_SIZE = 100_000;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Opens `#general > topic` in the app by clicking, as a user would. */
export async function openTopic(page: Page, topic: string): Promise<void> {
  await page.getByTestId('channel-general').click();
  await page.getByTestId(`topic-${topic}`).click();
  await page.getByTestId('message-feed').waitFor();
}

/**
 * Polls a page expression until it is truthy. (page.waitForFunction compiles its predicate with
 * eval, which the app's Content-Security-Policy forbids; page.evaluate goes through the debugger.)
 */
export async function waitInPage(
  page: Page,
  expression: string,
  timeoutMs: number,
  everyMs = 25,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate(expression)) return true;
    if (Date.now() > deadline) return false;
    await sleep(everyMs);
  }
}

/**
 * Reloads the app: it registers afresh (getting e.g. the unread state in one piece from POST
 * /register), and no probe from an earlier scenario stays in the page.
 */
export async function reload(ctx: BenchContext): Promise<void> {
  await ctx.page.reload();
  await ctx.page.getByTestId('chat-shell').waitFor({ timeout: 60_000 });
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { startWebHost, type WebHost, type WebHostOptions } from '../../electron/web-host';
import type { Timings } from '../../server/index';
import type { SeedName } from '../../server/seed';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import {
  pickUser,
  serverApi,
  startReferenceServer,
  type DemoCredentialsUser,
  type RoleName,
  type RunningServer,
} from '../support/reference-server';
import { demoConfigFrom } from '../../electron/core/demo-accounts';
import { BridgeKeyScan } from './key-scan';

/**
 * The environment every UI test runs in: per test FILE, a fresh reference server (demo seed, short
 * timings) and a web host with a fresh data directory. Tests in one file share it (and therefore
 * the server's state), in file order.
 *
 *   import { test, expect } from './fixtures';
 *   test('renames a channel', async ({ page, signIn, chat }) => {
 *     const me = await signIn(page, 'admin');   // owner|admin|moderator|member|guest, or an email
 *     ...click...
 *     const { body } = await chat.api('admin').get('/streams/1');   // what the server now holds
 *   });
 */

export interface ChatEnvironment {
  server: RunningServer;
  host: WebHost;
  /** The app's page URL, secret included. */
  appUrl: string;
  users: DemoCredentialsUser[];
  user(who: RoleName | string): DemoCredentialsUser;
  /** Direct calls to the server as a user (Basic auth), bypassing the app. */
  api(who: RoleName | string): ReturnType<typeof serverApi>;
  /** Removes every account from the web host, so the next page opens on the sign-in screen. */
  signOutAll(): Promise<void>;
  /**
   * Present when the file asked for it (`test.use({ chatSetup: { behindProxy: true } })`): the web
   * host reaches the server only through this proxy, so a test can cut or degrade the network
   * (`proxy.down()`, `proxy.setRule(...)`) while `api()` still talks to the server directly.
   */
  proxy?: FaultProxy;
}

/** Per-file environment options, set with `test.use({ chatSetup: {...} })` at the top of a file. */
export interface ChatSetup {
  /** Put a FaultProxy between the web host and the reference server. */
  behindProxy?: boolean;
  /** Server timings on top of the test defaults (e.g. a short queue idle timeout). */
  timings?: Partial<Timings>;
  /** Main-process options on top of the test defaults (backoff, timeouts, the random source). */
  core?: WebHostOptions['core'];
  /** The organization's `max_file_upload_size_mib` (default 25). */
  maxFileUploadSizeMib?: number;
  /** The organization to start with (default the demo; `huge` for big-org.spec.ts). */
  seed?: SeedName;
}

export type SignIn = (
  page: Page,
  who: RoleName | string,
  options?: { via?: 'ui' | 'host'; timeout?: number },
) => Promise<DemoCredentialsUser>;

async function startEnvironment(
  setup: ChatSetup = {},
): Promise<ChatEnvironment & { close(): Promise<void> }> {
  const server = await startReferenceServer({
    seed: setup.seed,
    timings: setup.timings,
    maxFileUploadSizeMib: setup.maxFileUploadSizeMib,
  });
  const proxy = setup.behindProxy ? await startFaultProxy(server.url) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-e2e-'));
  const host = await startWebHost({
    port: 0,
    dataDir,
    demo: demoConfigFrom(proxy?.url ?? server.url, server.credentials.users),
    core: { backoff: { baseMs: 100, capMs: 1000 }, requestTimeoutMs: 10_000, ...setup.core },
    log: () => {},
  });
  return {
    server,
    host,
    proxy,
    appUrl: host.url,
    users: server.credentials.users,
    user: (who) => pickUser(server, who),
    api: (who) => serverApi(server, pickUser(server, who)),
    async signOutAll() {
      for (const account of host.core.vault.list()) await host.core.remove(account.id);
    },
    async close() {
      await host.close();
      await proxy?.down();
      await closeServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Closes the reference server. Its HTTP server waits for open connections, and Chromium keeps
 * preconnected sockets (images, avatars) that never send a request; after a grace period those are
 * cut here, so a file's teardown takes a second rather than a minute.
 */
async function closeServer(server: RunningServer): Promise<void> {
  const closed = server.close();
  const timedOut = await Promise.race([
    closed.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 1000)),
  ]);
  if (!timedOut) return;
  const port = Number(new URL(server.url).port);
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  for (const handle of handles) if (handle instanceof Socket && handle.localPort === port) handle.destroy();
  await closed;
}

/**
 * Which tests share an environment: those of one file, or with `E2E_ENVIRONMENT_PER_TEST=1` none, so
 * one run shows that every test passes alone, without what earlier tests of its file left behind.
 */
function environmentKey(testInfo: TestInfo): string {
  return process.env.E2E_ENVIRONMENT_PER_TEST === '1' ? testInfo.testId : testInfo.file;
}

/**
 * Keeps one environment per key (a test file: `environmentKey`) within a worker (Playwright has no
 * file scope of its own).
 */
class EnvironmentPerFile {
  private key: string | null = null;
  private current: Promise<ChatEnvironment & { close(): Promise<void> }> | null = null;

  async forFile(key: string, setup: ChatSetup = {}): Promise<ChatEnvironment> {
    if (this.key !== key || !this.current) {
      await this.close();
      this.key = key;
      this.current = startEnvironment(setup);
    }
    return this.current;
  }

  /** The environment of `key` if one was started, without starting one. */
  async existing(key: string): Promise<ChatEnvironment | null> {
    return this.key === key && this.current ? this.current : null;
  }

  async close(): Promise<void> {
    const previous = this.current;
    this.current = null;
    if (previous) await (await previous).close();
  }
}

export const test = base.extend<
  { chat: ChatEnvironment; signIn: SignIn; faultProxy: FaultProxy; bridgeKeyScan: BridgeKeyScan },
  { chatEnvironments: EnvironmentPerFile; chatSetup: ChatSetup }
>({
  // Worker-scoped so a file's `test.use` reaches the per-file environment.
  chatSetup: [{}, { scope: 'worker', option: true }],
  chatEnvironments: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const pool = new EnvironmentPerFile();
      await use(pool);
      await pool.close();
    },
    { scope: 'worker' },
  ],
  chat: async ({ chatEnvironments, chatSetup }, use, testInfo) => {
    await use(await chatEnvironments.forFile(environmentKey(testInfo), chatSetup));
  },
  /**
   * Every page of every test is watched: each frame the host sends over the bridge is searched for
   * every key of the organization when the test ends (key-scan.ts). A test that opens "Show API
   * key" on purpose can read `bridgeKeyScan.revealAnswers`.
   */
  // eslint-disable-next-line no-empty-pattern
  bridgeKeyScan: async ({}, use) => {
    await use(new BridgeKeyScan());
  },
  context: async ({ context, bridgeKeyScan, chatEnvironments }, use, testInfo) => {
    bridgeKeyScan.watch(context);
    await use(context);
    const environment = await chatEnvironments.existing(environmentKey(testInfo));
    if (environment) bridgeKeyScan.check(environment.server);
  },
  /**
   * The file's FaultProxy; only with `test.use({ chatSetup: { behindProxy: true } })`. (Not named
   * `proxy`: that is Playwright's own option for the browser's proxy.)
   */
  faultProxy: async ({ chat }, use) => {
    if (!chat.proxy) throw new Error('No proxy: add test.use({ chatSetup: { behindProxy: true } }).');
    await use(chat.proxy);
  },
  /**
   * Signs a demo user in the way a person does: the app opens signed out (accounts left by an
   * earlier test of the file are removed first, on the host), and the user's button on the sign-in
   * screen is clicked. Resolves once the chat shell shows. `{ via: 'host' }` skips the clicks and
   * adds the account through the same main-process call (`accounts.addDemo`) before opening;
   * `timeout` waits longer for the chat shell (a huge organization's first POST /register).
   */
  signIn: async ({ chat }, use) => {
    await use(async (page, who, options) => {
      const user = chat.user(who);
      const { core } = chat.host;
      await chat.signOutAll();
      if (options?.via === 'host') {
        const added = await core.addDemo(user.email);
        if (!added.ok) throw new Error(`signIn(${who}) failed: ${JSON.stringify(added.error)}`);
        await page.goto(chat.appUrl);
      } else {
        await page.goto(chat.appUrl);
        await page.getByTestId(`demo-account-${user.email}`).click();
      }
      await expect(page.getByTestId('chat-shell')).toBeVisible({ timeout: options?.timeout });
      return user;
    });
  },
});

export { expect };

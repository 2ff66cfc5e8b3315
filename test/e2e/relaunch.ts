import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoCredentialsUser } from '../support/reference-server';
import { demoConfigFrom } from '../../electron/core/demo-accounts';
import { startWebHost, type WebHost } from '../../electron/web-host';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { expect, type Page } from '@playwright/test';
import type { ChatEnvironment } from './fixtures';

/**
 * An app a test can quit and start again: its own web host on its own data directory, reaching the
 * server through its own FaultProxy, for `users`. `start()` launches it (again, quitting first);
 * `dispose()` closes whatever runs and removes the data directory.
 */
export interface Relaunchable {
  proxy: FaultProxy;
  dataDir: string;
  start(): Promise<WebHost>;
  /** The first launch: starts it, signs `email` in, and opens its page on the chat. */
  startSignedIn(page: Page, email: string): Promise<WebHost>;
  /** Closes the running host, as quitting the app does. */
  quit(): Promise<void>;
  dispose(): Promise<void>;
}

export async function relaunchable(
  chat: ChatEnvironment,
  users: DemoCredentialsUser[],
  requestTimeoutMs = 10_000,
): Promise<Relaunchable> {
  const proxy = await startFaultProxy(chat.server.url);
  const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-e2e-relaunch-'));
  let running: WebHost | null = null;
  const quit = async () => {
    await running?.close();
    running = null;
  };
  const start = async () => {
    await quit();
    running = await startWebHost({
      port: 0,
      dataDir,
      demo: demoConfigFrom(proxy.url, users),
      // A call held back on purpose (a registration) is not "not responding" before its timeout:
      // on a busy machine 5 s pass before the test has looked, and a window that hears the server
      // is not responding asks for what it was holding back (launch-gate.ts).
      core: { backoff: { baseMs: 100, capMs: 1000 }, requestTimeoutMs, slowCallMs: requestTimeoutMs },
      log: () => {},
    });
    return running;
  };
  return {
    proxy,
    dataDir,
    quit,
    start,
    async startSignedIn(page, email) {
      const host = await start();
      const added = await host.core.addDemo(email);
      expect(added.ok).toBe(true);
      await page.goto(host.url);
      await expect(page.getByTestId('chat-shell')).toBeVisible();
      return host;
    },
    async dispose() {
      proxy.setRule(null);
      proxy.releaseAnswers();
      await quit();
      await proxy.down();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

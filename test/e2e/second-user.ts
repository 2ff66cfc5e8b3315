import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startWebHost } from '../../electron/web-host';
import type { ChatEnvironment } from './fixtures';
import { demoConfigFrom } from '../../electron/core/demo-accounts';
import { BridgeKeyScan } from './key-scan';

/**
 * A second person on the same server, in their own browser context and their own web host (one
 * host holds one active account), to watch events arrive live.
 */
export async function openSecondUser(
  browser: Browser,
  chat: ChatEnvironment,
  who: string,
): Promise<{ page: Page; close(): Promise<void> }> {
  const user = chat.user(who);
  const dataDir = mkdtempSync(join(tmpdir(), 'teamchat-e2e-second-'));
  const host = await startWebHost({
    port: 0,
    dataDir,
    demo: demoConfigFrom(chat.server.url, [user]),
    core: { backoff: { baseMs: 100, capMs: 1000 }, requestTimeoutMs: 10_000 },
    log: () => {},
  });
  const added = await host.core.addDemo(user.email);
  if (!added.ok) throw new Error(`second user ${who}: ${JSON.stringify(added.error)}`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const keyScan = new BridgeKeyScan();
  keyScan.watch(context);
  const page = await context.newPage();
  await page.goto(host.url);
  return {
    page,
    async close() {
      await context.close();
      keyScan.check(chat.server);
      await host.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

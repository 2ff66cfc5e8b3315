import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { ELECTRON_MISSING_MESSAGE, findElectronBinary } from '../../electron/electron-binary';
import { startReferenceServer, type RunningServer } from '../support/reference-server';

// The packaged shape of the app: Electron main + sandboxed preload + the built renderer. Runs only
// where the Electron binary is installed; these build machines cannot download it, and the test
// says so instead of passing silently.
const binary = findElectronBinary();
const skipReason = `${ELECTRON_MISSING_MESSAGE} The Electron smoke test runs on a machine that has it.`;

// The title itself carries the reason, so the list reporter shows why nothing ran.
test.describe(
  binary
    ? 'Electron app'
    : 'Electron app [SKIPPED: the Electron binary cannot be downloaded on this machine]',
  () => {
    test.skip(!binary, skipReason);

    let server: RunningServer;
    let dataDir: string;
    test.beforeAll(async () => {
      server = await startReferenceServer();
      dataDir = mkdtempSync(join(tmpdir(), 'teamchat-electron-'));
    });
    test.afterAll(async () => {
      await server?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    test('opens a sandboxed window whose page has the bridge and no Node', async () => {
      const app = await electron.launch({
        executablePath: binary as string,
        args: ['.'],
        env: { ...process.env, TEAMCHAT_DATA_DIR: dataDir },
      });
      try {
        const page = await app.firstWindow();
        await expect(page.locator('#root')).not.toBeEmpty();
        const exposed = await page.evaluate(() => ({
          bridge: typeof (window as unknown as { chatBridge?: unknown }).chatBridge,
          require: typeof (window as unknown as { require?: unknown }).require,
          process: typeof (window as unknown as { process?: unknown }).process,
        }));
        expect(exposed).toEqual({ bridge: 'object', require: 'undefined', process: 'undefined' });
        // New windows are denied (an http URL is handed to the system browser instead).
        expect(await page.evaluate(() => window.open('about:blank') === null)).toBe(true);
        expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
        const accounts = await page.evaluate(() =>
          (
            window as unknown as { chatBridge: { accounts: { list(): Promise<unknown[]> } } }
          ).chatBridge.accounts.list(),
        );
        expect(accounts).toEqual([]);
      } finally {
        await app.close();
      }
    });
  },
);

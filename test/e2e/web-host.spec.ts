import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startWebHost, type WebHost } from '../../electron/web-host';
import { PAGE_CSP } from '../../scripts/csp-meta';

// The web host seen from a browser: its page carries a strict CSP, and its bridge socket opens only
// for the page URL's secret. (The unit suite checks the same refusals from Node, frame by frame.)
let host: WebHost;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'teamchat-webhost-'));
  host = await startWebHost({ port: 0, dataDir, log: () => {} });
});

test.afterAll(async () => {
  await host.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('serves the app with a strict Content-Security-Policy header', async ({ page }) => {
  const response = await page.goto(host.url);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${host.port}`);
  // The built page carries the policy from the same builder (scripts/csp-meta.ts).
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta).toBe(PAGE_CSP);
});

test('the bridge socket opens with the secret and is refused without it or with a wrong one', async ({
  page,
}) => {
  await page.goto(host.url);
  const outcome = (query: string) =>
    page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(url);
          socket.onopen = () => {
            socket.send(JSON.stringify({ type: 'request', id: 1, method: 'accounts.list', args: [] }));
          };
          socket.onmessage = (message) => resolve(`answered ${String(message.data)}`);
          socket.onerror = () => resolve('refused');
        }),
      `ws://127.0.0.1:${host.port}/bridge${query}`,
    );
  expect(await outcome(`?token=${encodeURIComponent(host.token)}`)).toBe(
    'answered {"type":"response","id":1,"ok":true,"value":[]}',
  );
  expect(await outcome('')).toBe('refused');
  expect(await outcome('?token=wrong')).toBe('refused');
  expect(await outcome(`?token=${encodeURIComponent(host.token.slice(0, -1))}x`)).toBe('refused');
});

test('the page opens its bridge socket once, from its first script, and the app runs over it', async ({
  page,
}) => {
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  // The early script's socket exists before the bundle has been evaluated (index.html runs it first).
  await page.addInitScript(() => {
    document.addEventListener(
      'readystatechange',
      () => {
        const early = (window as { teamchatEarlySocket?: { url: string } }).teamchatEarlySocket;
        (window as { earlyAtInteractive?: string | null }).earlyAtInteractive = early?.url ?? null;
      },
      { once: true },
    );
  });
  await page.goto(host.url);
  await expect(page.getByTestId('sign-in')).toBeVisible();
  const early = await page.evaluate(
    () => (window as { earlyAtInteractive?: string | null }).earlyAtInteractive,
  );
  expect(early).toBe(`ws://127.0.0.1:${host.port}/bridge?token=${encodeURIComponent(host.token)}`);
  // Taken over by the bundle's transport rather than opened a second time.
  expect(await page.evaluate(() => 'teamchatEarlySocket' in window)).toBe(false);
  expect(sockets).toEqual([early]);
});

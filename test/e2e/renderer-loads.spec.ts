import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';

// Serves the built renderer as a static site so this test checks the bundle itself: it loads,
// renders, and raises no console error or CSP violation.
const root = join(process.cwd(), 'out/renderer');
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
let server: Server;
let url = '';

test.beforeAll(async () => {
  server = createServer(async (req, res) => {
    const path = normalize(req.url === '/' ? '/index.html' : (req.url ?? '/')).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(root, path));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address && typeof address === 'object') url = `http://127.0.0.1:${address.port}/`;
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('the built renderer loads under its Content-Security-Policy without errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await expect(page.locator('#root')).not.toBeEmpty();
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toContain("script-src 'self'");
  expect(errors).toEqual([]);
});

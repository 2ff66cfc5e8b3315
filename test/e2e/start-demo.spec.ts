import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

// `npm start` as a person uses it (scripts/start.ts, web host, built app): the demo organization is
// kept in .data/demo, so after a stop and a start the signed-in account opens by itself, with the
// conversation as it was; the output says where the demo people's credentials are; --fresh-demo
// starts over. Runs in a temporary folder standing in for the app folder.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START = join(ROOT, 'scripts/start.ts');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

interface Running {
  child: ChildProcess;
  output: string;
  serverUrl: string;
  appUrl: string;
}

let cwd: string;
let running: Running | null = null;

test.beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'teamchat-start-'));
});

test.afterAll(async () => {
  if (running) await stop(running);
  rmSync(cwd, { recursive: true, force: true });
});

async function start(args: string[] = []): Promise<Running> {
  const child = spawn(process.execPath, ['--import', TSX, START, '--no-build', '--web', ...args], {
    cwd,
    env: { ...process.env, NODE_OPTIONS: '', TEAMCHAT_SERVER_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const urls = await new Promise<{ serverUrl: string; appUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not get ready:\n${output}`)), 30_000);
    const check = () => {
      const server = /demo organization "[^"]+" at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      const app = /Open this URL in a browser:\s+(http:\/\/\S+)/.exec(output);
      if (server && app && /Press Ctrl\+C to stop/.test(output)) {
        clearTimeout(timer);
        resolve({ serverUrl: server[1]!, appUrl: app[1]! });
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
  running = {
    child,
    get output() {
      return output;
    },
    ...urls,
  };
  return running;
}

async function stop(app: Running): Promise<void> {
  const exited = new Promise((resolve) => app.child.once('exit', resolve));
  app.child.kill('SIGINT');
  await exited;
  running = null;
}

const credentials = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as { url: string; users: { email: string; api_key: string }[] };

async function sendInGeneral(page: Page, text: string) {
  await page.getByTestId('channel-general').click();
  await page.getByTestId('topic-welcome').click();
  await page.getByTestId('compose-input').fill(text);
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('message-feed')).toContainText(text);
}

test('npm start keeps the demo across restarts, says where the credentials are, and --fresh-demo starts over', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const copy = join(cwd, 'my-credentials.json');
  const first = await start(['--credentials-out', copy]);
  const kept = join(cwd, '.data/demo/credentials.json');
  expect(first.output).toContain('Created the demo organization "Northwind Labs"');
  expect(first.output).toContain('.data/demo/credentials.json and my-credentials.json');
  expect(first.output).toContain('--fresh-demo');
  expect(first.output).toMatch(/node out\/main\/web-host\.js --data-dir \S+ --demo-file \S+demo\.json/);
  for (const file of [kept, copy]) {
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(credentials(file).url).toBe(first.serverUrl);
  }
  const keys = credentials(kept).users.map((u) => u.api_key);

  await page.goto(first.appUrl);
  await page.getByTestId('demo-account-ada@northwind.example').click();
  await expect(page.getByTestId('chat-shell')).toBeVisible();
  await sendInGeneral(page, 'Said before the restart');
  await stop(first);

  const second = await start();
  expect(second.output).toContain('Continuing the demo organization "Northwind Labs"');
  expect(second.serverUrl).toBe(first.serverUrl);
  expect(credentials(kept).users.map((u) => u.api_key)).toEqual(keys);
  // No sign-in: the saved account opens, and the conversation is as it was.
  await page.goto(second.appUrl);
  await expect(page.getByTestId('chat-shell')).toBeVisible();
  await sendInGeneral(page, 'Said after the restart');
  await expect(page.getByTestId('message-feed')).toContainText('Said before the restart');
  await page.screenshot({ path: 'test-results/screens/start-demo-restarted.png' });
  await stop(second);

  const fresh = await start(['--fresh-demo']);
  expect(fresh.output).toContain('Created the demo organization');
  expect(credentials(kept).users.map((u) => u.api_key)).not.toEqual(keys);
  await page.goto(fresh.appUrl);
  await expect(page.getByTestId('demo-account-ada@northwind.example')).toBeVisible();
  await stop(fresh);
});

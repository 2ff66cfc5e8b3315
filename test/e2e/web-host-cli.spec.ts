import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { WebSocket } from 'ws';
import { pickUser, startReferenceServer, type RunningServer } from '../support/reference-server';
import { demoConfigFrom } from '../../electron/core/demo-accounts';

// The web host as `npm run web` and the benchmark launch it: the built out/main/web-host.js run by
// plain node (no TypeScript loader), configured by flags and a demo file, reporting over IPC.
const ENTRY = fileURLToPath(new URL('../../out/main/web-host.js', import.meta.url));

let server: RunningServer;
let dir: string;
let demoFile: string;

test.beforeAll(async () => {
  server = await startReferenceServer();
  dir = mkdtempSync(join(tmpdir(), 'teamchat-web-host-cli-'));
  demoFile = join(dir, 'demo.json');
  writeFileSync(demoFile, JSON.stringify(demoConfigFrom(server.url, server.credentials.users)), {
    mode: 0o600,
  });
});

test.afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Launched {
  child: ChildProcess;
  first: Promise<Record<string, unknown>>;
  exit: Promise<number | null>;
}

function launch(args: string[]): Launched {
  const child = spawn(process.execPath, [ENTRY, ...args], {
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const first = new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Record<string, unknown>));
    void exit.then((code) => reject(new Error(`exited (${code}) before reporting: ${stderr}`)));
  });
  return { child, first, exit };
}

test('starts with plain node, signs in the demo account, reports ready and closes over IPC', async ({
  page,
}) => {
  const member = pickUser(server, 'member');
  const dataDir = join(dir, 'data');
  const host = launch([
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--demo-file',
    demoFile,
    '--sign-in',
    member.email,
  ]);
  try {
    const ready = await host.first;
    expect(ready.type).toBe('ready');
    const url = new URL(String(ready.url));
    expect(url.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{40,}$/);
    const [processStartAt, startCalledAt, listeningAt] = [
      ready.processStartAt,
      ready.startCalledAt,
      ready.listeningAt,
    ].map(Number);
    expect(processStartAt).toBeLessThanOrEqual(startCalledAt!);
    expect(startCalledAt).toBeLessThanOrEqual(listeningAt!);

    // Signed in at launch: the page opens on the organization, not on the sign-in screen.
    await page.goto(url.href);
    await expect(page.getByTestId('chat-shell')).toBeVisible();
    await expect(page.getByTestId('realm-title')).toHaveText(server.credentials.realm_name);

    // The bundled WebSocket server still refuses a bridge without the secret.
    const refused = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`ws://${url.host}/bridge`);
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('open', () => reject(new Error('the bridge opened without the secret')));
      socket.once('error', () => {});
    });
    expect(refused).toBe(401);

    host.child.send({ cmd: 'close' });
    expect(await host.exit).toBe(0);
  } finally {
    host.child.kill();
  }
});

test('reports an error over IPC and exits 1 when the account to sign in is not in the demo file', async () => {
  const host = launch([
    '--data-dir',
    join(dir, 'data-2'),
    '--demo-file',
    demoFile,
    '--sign-in',
    'nobody@example.invalid',
  ]);
  try {
    const report = await host.first;
    expect(report.type).toBe('error');
    expect(String(report.message)).toContain('nobody@example.invalid');
    expect(await host.exit).toBe(1);
  } finally {
    host.child.kill();
  }
});

test('without --port, a data directory keeps its port between launches (the page keeps its storage), unless it is taken', async () => {
  const dataDir = join(dir, 'data-port');
  const portOf = (ready: Record<string, unknown>) => new URL(String(ready.url)).port;
  const once = async () => {
    const host = launch(['--data-dir', dataDir, '--demo-file', demoFile]);
    try {
      const ready = await host.first;
      expect(ready.type).toBe('ready');
      host.child.send({ cmd: 'close' });
      expect(await host.exit).toBe(0);
      return portOf(ready);
    } finally {
      host.child.kill();
    }
  };
  const first = await once();
  expect(await once()).toBe(first);

  // Another program took it meanwhile: the host starts on another port all the same.
  const squatter = createServer().listen(Number(first), '127.0.0.1');
  await new Promise((resolve) => squatter.once('listening', resolve));
  try {
    const third = await once();
    expect(third).not.toBe(first);
  } finally {
    squatter.close();
  }
});

test('--sign-in opens an account signed in before when its server cannot be reached', async () => {
  const own = await startReferenceServer();
  const ownDemo = join(dir, 'own-demo.json');
  writeFileSync(ownDemo, JSON.stringify(demoConfigFrom(own.url, own.credentials.users)), { mode: 0o600 });
  const member = pickUser(own, 'member');
  const dataDir = join(dir, 'data-offline');
  const args = ['--port', '0', '--data-dir', dataDir, '--demo-file', ownDemo, '--sign-in', member.email];
  const first = launch(args);
  try {
    expect((await first.first).type).toBe('ready');
    first.child.send({ cmd: 'close' });
    expect(await first.exit).toBe(0);
  } finally {
    first.child.kill();
  }
  await own.close();
  const again = launch(args);
  try {
    expect((await again.first).type).toBe('ready');
    again.child.send({ cmd: 'close' });
    expect(await again.exit).toBe(0);
  } finally {
    again.child.kill();
  }
});

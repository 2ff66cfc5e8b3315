import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Account } from './api';
import { now } from './clock';
import { demoConfigFrom } from '../../electron/core/demo-accounts';

/** The reference server and the web host, each in its own process like in real use. */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The reference server is a development tool run from its TypeScript sources, as `npm run server` does. */
function tsxNode(script: string, args: string[]): ChildProcess {
  // With an IPC channel: the child leaves when the benchmark does, even one that crashed.
  return spawn(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
}

/** Waits `graceMs` for the child to leave by itself, then SIGTERM, then SIGKILL. */
function stopChild(child: ChildProcess, graceMs = 0): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const term = setTimeout(() => child.kill('SIGTERM'), graceMs);
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs + 5000);
    child.once('exit', () => {
      clearTimeout(term);
      clearTimeout(kill);
      resolve();
    });
  });
}

export interface ServerProcess {
  url: string;
  users: Account[];
  seed: string;
  startMs: number;
  close(): Promise<void>;
}

export async function startServerProcess(seed: 'demo' | 'large' | 'huge'): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'teamchat-bench-server-'));
  const credentials = join(dir, 'credentials.json');
  const started = now();
  const child = tsxNode('server/cli.ts', [
    '--port',
    '0',
    '--seed',
    seed,
    '--quiet',
    '--credentials-out',
    credentials,
  ]);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Reference server listening on (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${stderr}`)));
  });
  const startMs = now() - started;
  const users = (JSON.parse(readFileSync(credentials, 'utf8')) as { users: Account[] }).users;
  return {
    url,
    users,
    seed,
    startMs,
    async close() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface HostReady {
  url: string;
  /** Driver clock, just before the process was spawned. */
  spawnedAt: number;
  /** Driver clock, when the host's ready message arrived. */
  readyAt: number;
  processStartAt: number;
  startCalledAt: number;
  listeningAt: number;
}

export interface HostProcess extends HostReady {
  dataDir: string;
  close(): Promise<void>;
}

/** The web host as `npm run web` runs it: built by `electron-vite build`, started with plain node. */
export const WEB_HOST_ENTRY = join(ROOT, 'out/main/web-host.js');

/**
 * Starts the web host in a child process on `dataDir` (a fresh one when omitted), signed in to
 * `signIn` when given. All hosts serve every demo account, like `npm start`. The host's side of the
 * IPC channel (ready message, close command) is documented in electron/web-host-cli.ts.
 */
export async function startHostProcess(
  server: ServerProcess,
  options: { dataDir?: string; signIn?: string; cpuProfileDir?: string } = {},
): Promise<HostProcess> {
  if (!existsSync(WEB_HOST_ENTRY))
    throw new Error('The web host is not built: run `npx electron-vite build` first.');
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'teamchat-bench-host-'));
  const demo = demoConfigFrom(server.url, server.users);
  const demoDir = mkdtempSync(join(tmpdir(), 'teamchat-bench-demo-'));
  const demoFile = join(demoDir, 'demo.json');
  writeFileSync(demoFile, JSON.stringify(demo), { mode: 0o600 });
  const args = ['--port', '0', '--data-dir', dataDir, '--demo-file', demoFile];
  if (options.signIn) args.push('--sign-in', options.signIn);
  const nodeArgs = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];

  const spawnedAt = now();
  const child = spawn(process.execPath, [...nodeArgs, WEB_HOST_ENTRY, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.resume();
  type Report = Omit<HostReady, 'spawnedAt' | 'readyAt'>;
  const ready = await new Promise<Report>((resolve, reject) => {
    child.on('message', (message: { type: string; message?: string } & Report) => {
      if (message.type === 'ready') resolve(message);
      else if (message.type === 'error') reject(new Error(`web host: ${message.message}`));
    });
    child.once('exit', (code) => reject(new Error(`web host exited (${code}): ${stderr}`)));
  }).catch((error: unknown) => {
    rmSync(demoDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...ready,
    spawnedAt,
    readyAt: now(),
    dataDir,
    async close() {
      if (child.connected) child.send({ cmd: 'close' });
      await stopChild(child, 3000);
      rmSync(demoDir, { recursive: true, force: true });
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

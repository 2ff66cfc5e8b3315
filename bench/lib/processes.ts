import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Account } from './api';
import { now } from './clock';

/** The reference server and the web host, each in its own process like in real use. */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function tsxNode(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ipc: boolean,
  nodeArgs: string[] = [],
): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
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

export async function startServerProcess(seed: 'demo' | 'large'): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'teamchat-bench-server-'));
  const credentials = join(dir, 'credentials.json');
  const started = now();
  const child = tsxNode(
    'server/cli.ts',
    ['--port', '0', '--seed', seed, '--quiet', '--credentials-out', credentials],
    {},
    false,
  );
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

/**
 * Starts the web host in a child process on `dataDir` (a fresh one when omitted), signed in to
 * `signIn` when given. All hosts serve every demo account, like `npm start`.
 */
export async function startHostProcess(
  server: ServerProcess,
  options: { dataDir?: string; signIn?: string; cpuProfileDir?: string } = {},
): Promise<HostProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'teamchat-bench-host-'));
  const config = {
    dataDir,
    serverUrl: server.url,
    users: server.users
      .filter((u) => !u.is_bot)
      .map((u) => ({ email: u.email, apiKey: u.api_key, fullName: u.full_name, role: u.role })),
    signIn: options.signIn,
  };
  const spawnedAt = now();
  const child = tsxNode(
    'bench/host-child.ts',
    [],
    { BENCH_HOST: JSON.stringify(config) },
    true,
    options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [],
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout?.resume();
  const ready = await new Promise<Omit<HostReady, 'spawnedAt' | 'readyAt'>>((resolve, reject) => {
    child.on(
      'message',
      (message: { type: string } & Omit<HostReady, 'spawnedAt' | 'readyAt'> & { message?: string }) => {
        if (message.type === 'ready') resolve(message);
        else if (message.type === 'error') reject(new Error(message.message));
      },
    );
    child.once('exit', (code) => reject(new Error(`web host exited (${code}): ${stderr}`)));
  });
  return {
    ...ready,
    spawnedAt,
    readyAt: now(),
    dataDir,
    async close() {
      if (child.connected) child.send({ cmd: 'close' });
      await stopChild(child, 3000);
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

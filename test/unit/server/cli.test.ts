import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The command line other tools rely on (server/README.md). */
describe('npm run server (server/cli.ts)', () => {
  it('prints the listening line, writes the credentials file and exits cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'server-cli-'));
    const credentials = join(dir, 'creds.json');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/cli.ts',
        '--port',
        '0',
        '--credentials-out',
        credentials,
        '--seed',
        'demo',
        '--heartbeat-seconds',
        '2',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 15000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /^Reference server listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    const creds = JSON.parse(readFileSync(credentials, 'utf8')) as {
      url: string;
      realm_name: string;
      users: {
        user_id: number;
        email: string;
        api_key: string;
        full_name: string;
        role: number;
        is_bot: boolean;
      }[];
    };
    expect(creds.url).toBe(url);
    expect(creds.realm_name).toBe('Northwind Labs');
    expect(creds.users.length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(creds.users[0]!).sort()).toEqual([
      'api_key',
      'email',
      'full_name',
      'is_bot',
      'password',
      'role',
      'user_id',
    ]);
    expect(statSync(credentials).mode & 0o777).toBe(0o600);
    const u = creds.users[0]!;
    const res = await fetch(`${url}/api/v1/register`, {
      method: 'POST',
      headers: { authorization: 'Basic ' + Buffer.from(`${u.email}:${u.api_key}`).toString('base64') },
    });
    expect(res.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out.trim().split('\n')).toHaveLength(1);
  });
});

describe('npm run server, spawned with an IPC channel', () => {
  it('exits by itself when the channel closes (the tool that spawned it is gone)', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--seed', 'demo'],
      {
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      },
    );
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 15000);
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (/^Reference server listening on /m.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.disconnect();
    const code = await Promise.race([
      exited,
      new Promise<'still running'>((r) => setTimeout(() => r('still running'), 10000)),
    ]);
    if (code === 'still running') child.kill('SIGKILL');
    expect(code).toBe(0);
  });
});

describe('npm run server -- --rate-limit', () => {
  it('limits each user to N requests per S seconds, and refuses a malformed value', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'server-cli-rate-'));
    const credentials = join(dir, 'creds.json');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/cli.ts',
        '--port',
        '0',
        '--credentials-out',
        credentials,
        '--rate-limit',
        '3/60',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /listening on (\S+)$/m.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const user = (
        JSON.parse(readFileSync(credentials, 'utf8')) as { users: { email: string; api_key: string }[] }
      ).users[0]!;
      const authorization = 'Basic ' + Buffer.from(`${user.email}:${user.api_key}`).toString('base64');
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await fetch(`${url}/api/v1/streams/1`, { headers: { authorization } })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      child.kill('SIGTERM');
    }

    const bad = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--rate-limit', 'lots'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    bad.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    expect(await new Promise((resolve) => bad.on('exit', resolve))).toBe(2);
    expect(err.trim()).toBe('--rate-limit must be N/S (requests per seconds) or off, got lots');
  });
});

/** Issue 17: every command line of the project answers --help, and a bad flag in one line. */
describe('--help and unknown flags, for every command line', () => {
  const commands: [string, string, RegExp][] = [
    ['server/cli.ts', 'npm run server', /--credentials-out FILE[\s\S]*--data FILE/],
    ['scripts/start.ts', 'npm start', /--fresh-demo[\s\S]*--credentials-out FILE/],
    ['electron/web-host-cli.ts', 'npm run web', /--data-dir DIR[\s\S]*--demo-file FILE/],
    ['bench/run.ts', 'npm run bench', /--quick[\s\S]*--only LIST/],
  ];

  function run(file: string, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
  }

  it.each(commands)('%s --help prints its usage and exits 0', async (file, command, options) => {
    const { code, out, err } = await run(file, ['--help']);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain(`Usage: ${command}`);
    expect(out).toMatch(options);
    expect(out).toMatch(/-h, --help/);
  });

  it.each(commands)('%s refuses an unknown flag in one line, exit 2', async (file) => {
    const { code, out, err } = await run(file, ['--no-such-flag']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err.trim().split('\n')).toEqual([
      "Unknown option '--no-such-flag'. Run with --help for the usage.",
    ]);
  });
});

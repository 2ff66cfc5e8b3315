import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startBackgroundLoad } from '../../../bench/lib/background-load';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

describe('bench --background-load', () => {
  it('keeps its spinners running until stopped', async () => {
    const load = await startBackgroundLoad(2, () => undefined, 0);
    try {
      expect(load.processes).toBe(2);
      expect(load.pids).toHaveLength(2);
      expect(load.pids.every(alive)).toBe(true);
    } finally {
      load.stop();
    }
    expect(await until(() => !load.pids.some(alive), 5_000)).toBe(true);
  });

  it('leaves nothing spinning when the benchmark dies without stopping them', async () => {
    // A parent that starts one spinner, prints its pid and is killed before it can clean up.
    const script = `
      import('${new URL('../../../bench/lib/background-load.ts', import.meta.url).pathname}').then(async (m) => {
        const load = await m.startBackgroundLoad(1, () => undefined, 0);
        console.log(load.pids[0]);
      });
      setInterval(() => undefined, 1000);`;
    const parent = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pid = await new Promise<number>((resolve, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      parent.on('exit', () => reject(new Error('the parent exited first')));
    });
    expect(alive(pid)).toBe(true);
    parent.kill('SIGKILL');
    // The spinner looks for its parent every half second.
    expect(await until(() => !alive(pid), 5_000)).toBe(true);
  });
});

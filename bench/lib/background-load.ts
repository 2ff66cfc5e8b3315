import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';

/**
 * `--background-load N`: N processes spinning on the CPU for the whole run, the busy laptop the
 * issue speaks of (a build, a video call, a browser with many tabs). The 1-minute load average
 * then settles near N plus the benchmark's own processes. Each spinner checks now and then that
 * the benchmark is still alive and exits when it is not, so a crashed run leaves nothing spinning.
 */

const SPINNER = `
const parent = Number(process.argv[1]);
for (;;) {
  const until = Date.now() + 500;
  while (Date.now() < until) {}
  try { process.kill(parent, 0); } catch { process.exit(0); }
}`;

export interface BackgroundLoad {
  /** How many spinners run, and their process ids. */
  processes: number;
  pids: number[];
  /** The 1-minute load average once the warm-up ended, and how long the warm-up took. */
  loadWhenReady: number;
  warmUpMs: number;
  stop(): void;
}

/**
 * Starts `count` spinners and waits until the 1-minute load average has climbed to 80% of `count`
 * (it moves slowly: about 63% of a step in a minute), at most `maxWarmUpMs`.
 */
export async function startBackgroundLoad(
  count: number,
  log: (message: string) => void,
  maxWarmUpMs = 120_000,
): Promise<BackgroundLoad> {
  const children: ChildProcess[] = [];
  const stop = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', stop);
  for (let i = 0; i < count; i++)
    children.push(
      spawn(process.execPath, ['-e', SPINNER, String(process.pid)], { stdio: 'ignore', detached: false }),
    );
  const started = Date.now();
  log(
    `Background load: ${count} spinning processes; waiting for the load average to reach ${(count * 0.8).toFixed(1)}…`,
  );
  while ((loadavg()[0] ?? 0) < count * 0.8 && Date.now() - started < maxWarmUpMs)
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  const loadWhenReady = loadavg()[0] ?? 0;
  log(`  load average ${loadWhenReady.toFixed(2)} after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const pids = children.flatMap((c) => (c.pid === undefined ? [] : [c.pid]));
  return { processes: count, pids, loadWhenReady, warmUpMs: Date.now() - started, stop };
}

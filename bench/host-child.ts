import { startWebHost } from '../electron/web-host';

/**
 * The web host in its own process, as the app's main process would be: the benchmark driver spawns
 * it (`node --import tsx bench/host-child.ts`), passes its configuration in BENCH_HOST, and talks to
 * it over the IPC channel. It reports the wall-clock time at which startWebHost was called, so cold
 * start can be measured from there as well as from the process spawn.
 */

interface HostConfig {
  dataDir: string;
  serverUrl: string;
  users: { email: string; apiKey: string; fullName: string; role: number }[];
  /** Add this demo account (first launch); omit for a returning user's launch. */
  signIn?: string;
}

const config = JSON.parse(process.env.BENCH_HOST ?? '{}') as HostConfig;
const clock = () => performance.timeOrigin + performance.now();
const send = (message: Record<string, unknown>) => process.send?.(message);

const startCalledAt = clock();
const host = await startWebHost({
  port: 0,
  dataDir: config.dataDir,
  demo: { serverUrl: config.serverUrl, users: config.users },
  log: () => {},
});
const listeningAt = clock();
if (config.signIn) {
  const added = await host.core.addDemo(config.signIn);
  if (!added.ok) {
    send({ type: 'error', message: `sign-in failed: ${JSON.stringify(added.error)}` });
    process.exit(1);
  }
}
send({ type: 'ready', url: host.url, processStartAt: performance.timeOrigin, startCalledAt, listeningAt });

process.on('message', (message: { cmd?: string }) => {
  if (message.cmd === 'close') void host.close().then(() => process.exit(0));
});
process.on('disconnect', () => void host.close().then(() => process.exit(0)));

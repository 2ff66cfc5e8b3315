// `npm start`: the app on the embedded demo server. Starts the reference server in-process with the
// demo seed, then launches Electron if its binary is installed, otherwise the web host (printing the
// URL to open); both are the built programs in out/main, given the demo accounts in a 0600 file.
// `npm start -- --server URL` (or TEAMCHAT_SERVER_URL) uses another server, no demo.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer, type RunningServer } from '../server/index';
import type { DemoConfig } from '../electron/core/app-core';
import { ELECTRON_MISSING_MESSAGE, findElectronBinary } from '../electron/electron-binary';
import { demoConfigFrom } from '../electron/core/demo-accounts';

const { values } = parseArgs({
  options: {
    server: { type: 'string' },
    port: { type: 'string' },
    web: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});

const serverUrl = values.server ?? process.env.TEAMCHAT_SERVER_URL;
const cleanups: (() => Promise<void> | void)[] = [];
let stopping: Promise<never> | null = null;

/** Runs the cleanups once, newest first, then exits; later calls (a child exiting meanwhile) wait for it. */
function shutdown(code = 0): Promise<never> {
  stopping ??= (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    process.exit(code);
  })();
  return stopping;
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

if (!values['no-build']) {
  console.log('Building the app (electron-vite build)…');
  const build = spawnSync('npx', ['electron-vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) {
    console.error('The build failed; see the errors above.');
    process.exit(1);
  }
}

let demo: DemoConfig | null = null;
if (!serverUrl) {
  const server: RunningServer = await startServer({ port: 0, seed: 'demo' });
  cleanups.push(() => server.close());
  demo = demoConfigFrom(server.url, server.credentials.users);
  console.log(
    `Reference server with the demo organization "${server.credentials.realm_name}" at ${server.url}`,
  );
}

// Demo accounts are only valid for this server process, so a demo run keeps its data in a fresh
// directory; with --server the accounts persist in .data/.
const dataDir = demo ? mkdtempSync(join(tmpdir(), 'teamchat-demo-')) : join(process.cwd(), '.data');
if (demo) cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

const demoFile = demo ? join(dataDir, 'demo.json') : undefined;
if (demo && demoFile) writeFileSync(demoFile, JSON.stringify(demo), { mode: 0o600 });

const electron = values.web ? null : findElectronBinary();
if (electron) {
  const env: NodeJS.ProcessEnv = { ...process.env, TEAMCHAT_DATA_DIR: join(dataDir, 'electron') };
  if (demoFile) env.TEAMCHAT_DEMO_FILE = demoFile;
  console.log('Launching Electron…');
  const child = spawn(electron, ['.'], { stdio: 'inherit', env });
  child.on('exit', (code) => void shutdown(code ?? 0));
} else {
  if (!values.web) console.log(`${ELECTRON_MISSING_MESSAGE} Starting the web host instead.`);
  // The same program as `npm run web`; it prints the URL (with this launch's secret) itself.
  const webHost = fileURLToPath(new URL('../out/main/web-host.js', import.meta.url));
  if (!existsSync(webHost)) {
    console.error('The web host is not built: run `npx electron-vite build` (or drop --no-build).');
    await shutdown(1);
  }
  const args = [
    '--port',
    String(values.port ?? process.env.PORT ?? 0),
    '--data-dir',
    join(dataDir, 'web-host'),
  ];
  if (demoFile) args.push('--demo-file', demoFile);
  const child = spawn(process.execPath, [webHost, ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.connected) child.send({ cmd: 'close' });
    await exited;
  });
  child.on('exit', (code) => void shutdown(code ?? 0));
  child.on('message', (message: { type?: string }) => {
    if (message.type !== 'ready') return;
    console.log(
      (demo ? 'Sign in with one of the demo accounts offered on the first screen.\n' : '') +
        'Press Ctrl+C to stop.',
    );
  });
}

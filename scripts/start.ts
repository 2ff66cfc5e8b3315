// `npm start`: the app on the embedded demo server. Starts the reference server in-process with the
// demo seed, then launches Electron if its binary is installed, otherwise the web host (printing the
// URL to open). `npm start -- --server URL` (or TEAMCHAT_SERVER_URL) uses another server, no demo.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer, type RunningServer } from '../server/index';
import type { DemoConfig } from '../electron/core/app-core';
import { ELECTRON_MISSING_MESSAGE, findElectronBinary } from '../electron/electron-binary';
import { startWebHost } from '../electron/web-host';

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
let stopping = false;

async function shutdown(code = 0): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
  process.exit(code);
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
  demo = {
    serverUrl: server.url,
    users: server.credentials.users
      .filter((user) => !user.is_bot)
      .map((user) => ({
        email: user.email,
        apiKey: user.api_key,
        fullName: user.full_name,
        role: user.role,
      })),
  };
  console.log(
    `Reference server with the demo organization "${server.credentials.realm_name}" at ${server.url}`,
  );
}

// Demo accounts are only valid for this server process, so a demo run keeps its data in a fresh
// directory; with --server the accounts persist in .data/.
const dataDir = demo ? mkdtempSync(join(tmpdir(), 'teamchat-demo-')) : join(process.cwd(), '.data');
if (demo) cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

const electron = values.web ? null : findElectronBinary();
if (electron) {
  const env: NodeJS.ProcessEnv = { ...process.env, TEAMCHAT_DATA_DIR: join(dataDir, 'electron') };
  if (demo) {
    const demoFile = join(dataDir, 'demo.json');
    writeFileSync(demoFile, JSON.stringify(demo), { mode: 0o600 });
    env.TEAMCHAT_DEMO_FILE = demoFile;
  }
  console.log('Launching Electron…');
  const child = spawn(electron, ['.'], { stdio: 'inherit', env });
  child.on('exit', (code) => void shutdown(code ?? 0));
} else {
  if (!values.web) console.log(`${ELECTRON_MISSING_MESSAGE} Starting the web host instead.`);
  const host = await startWebHost({
    port: Number(values.port ?? process.env.PORT ?? 0),
    dataDir: join(dataDir, 'web-host'),
    demo,
  });
  cleanups.push(() => host.close());
  console.log(
    `\nTeam Chat is running in the web host. Open this URL in a browser (it carries this launch's secret):\n\n  ${host.url}\n` +
      (demo ? '\nSign in with one of the demo accounts offered on the first screen.\n' : '') +
      '\nPress Ctrl+C to stop.',
  );
}

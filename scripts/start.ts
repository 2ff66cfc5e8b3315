// `npm start`: the app on the embedded demo server. Starts the reference server in-process with the
// demo organization kept in .data/demo (so accounts, keys and messages survive a restart), then
// launches Electron if its binary is installed, otherwise the web host (printing the URL to open);
// both are the built programs in out/main. `npm start -- --help` lists the options.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readCommandLine, valuesOrExit } from '../shared/command-line';
import { startServer, type RunningServer } from '../server/index';
import type { DemoConfig } from '../electron/core/app-core';
import { ELECTRON_MISSING_MESSAGE, findElectronBinary } from '../electron/electron-binary';
import { demoConfigFrom } from '../electron/core/demo-accounts';

const USAGE = `
Usage: npm start -- [options]

Team Chat on the embedded demo organization (kept in .data/demo between runs), in Electron where
its binary exists, otherwise in the web host (open the URL it prints).

Options:
  --fresh-demo              start a new demo organization: deletes .data/demo (messages, the
                            demo people's API keys and the accounts signed in to it)
  --credentials-out FILE    also write the demo people's emails and API keys to FILE (mode 0600);
                            they are always in .data/demo/credentials.json
  --server URL              use another server instead of the demo (or TEAMCHAT_SERVER_URL)
  --port N                  web host port (default: any free one; or PORT)
  --web                     the web host even where Electron exists
  --no-build                skip the build (electron-vite build) before starting
  -h, --help                show this help
`;

const values = valuesOrExit(
  readCommandLine(
    USAGE,
    () =>
      parseArgs({
        options: {
          server: { type: 'string' },
          port: { type: 'string' },
          web: { type: 'boolean', default: false },
          'no-build': { type: 'boolean', default: false },
          'fresh-demo': { type: 'boolean', default: false },
          'credentials-out': { type: 'string' },
          help: { type: 'boolean', short: 'h', default: false },
        },
        strict: true,
      }).values,
  ),
  { out: console.log, err: console.error, exit: process.exit },
);

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

/** A path as the user would type it from here. */
function shown(path: string): string {
  const fromHere = relative(process.cwd(), path);
  return fromHere.startsWith('..') ? path : fromHere || '.';
}

/** Where the previous run's demo server listened: the saved accounts point at that address. */
function previousPort(demoFile: string): number {
  if (!existsSync(demoFile)) return 0;
  try {
    const saved = JSON.parse(readFileSync(demoFile, 'utf8')) as Partial<DemoConfig>;
    return Number(new URL(saved.serverUrl ?? '').port) || 0;
  } catch {
    return 0;
  }
}

async function startDemoServer(demoDir: string): Promise<RunningServer> {
  const dataFile = join(demoDir, 'organization.data');
  const port = existsSync(dataFile) ? previousPort(join(demoDir, 'demo.json')) : 0;
  try {
    return await startServer({ port, seed: 'demo', dataFile, quiet: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${port}, where the saved demo organization lives, is in use (is another \`npm start\` running?). ` +
            'Stop that program, or start a new demo with `npm start -- --fresh-demo`.'
        : `The demo organization could not start: ${(error as Error).message} ` +
            '(`npm start -- --fresh-demo` starts a new one).',
    );
    process.exit(1);
  }
}

let demo: DemoConfig | null = null;
// With --server the accounts persist in .data/; the demo keeps its organization and accounts in .data/demo.
let dataDir = join(process.cwd(), '.data');
if (!serverUrl) {
  dataDir = join(process.cwd(), '.data', 'demo');
  if (values['fresh-demo']) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const server = await startDemoServer(dataDir);
  cleanups.push(() => server.close());
  demo = demoConfigFrom(server.url, server.credentials.users);
  writeFileSync(join(dataDir, 'demo.json'), JSON.stringify(demo), { mode: 0o600 });
  const credentialsText = JSON.stringify(server.credentials, null, 2) + '\n';
  const credentialsFiles = [join(dataDir, 'credentials.json')];
  if (values['credentials-out']) credentialsFiles.push(values['credentials-out']);
  for (const file of credentialsFiles) writeFileSync(file, credentialsText, { mode: 0o600 });
  console.log(
    `${server.restored ? 'Continuing' : 'Created'} the demo organization "${server.credentials.realm_name}" at ${server.url}\n` +
      `  kept in ${shown(dataDir)}/ between runs (\`npm start -- --fresh-demo\` starts over)\n` +
      `  the demo people's emails and API keys: ${credentialsFiles.map(shown).join(' and ')}\n` +
      '  to be a second person at the same time, run a second web host and sign in there as someone else:\n' +
      `    node out/main/web-host.js --data-dir ${shown(join(dataDir, 'second-person'))} --demo-file ${shown(join(dataDir, 'demo.json'))}`,
  );
}

const demoFile = demo ? join(dataDir, 'demo.json') : undefined;

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
  // Without --port the host keeps the port it had last time: the page's own storage (drafts kept
  // on this computer) belongs to that address.
  const port = values.port ?? process.env.PORT;
  const args = [
    ...(port === undefined ? [] : ['--port', String(port)]),
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
      (demo
        ? 'Pick one of the demo people on the first screen (an account you signed in to before opens by itself).\n'
        : '') + 'Press Ctrl+C to stop.',
    );
  });
}

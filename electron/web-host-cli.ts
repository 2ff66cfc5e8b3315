// The web host as a program: `npm run web`, which builds this file to out/main/web-host.js and runs it
// with plain `node` (no TypeScript compiled at launch, like the Electron main process next to it).
//
//   node out/main/web-host.js [--port N] [--data-dir DIR] [--demo-file FILE] [--sign-in EMAIL]
//
//   --port       127.0.0.1 port, 0 picks a free one; or WEB_HOST_PORT; default: the one the data
//                directory had last time (web-host-port.ts), else a free one
//   --data-dir   where accounts live; or TEAMCHAT_DATA_DIR; default .data/web-host in the app folder
//   --demo-file  a DemoConfig JSON file (server URL and accounts offered on the first screen), the
//                same file Electron's main process reads; or TEAMCHAT_DEMO_FILE
//   --sign-in    add this account of the demo file at launch, as picking it on the first screen would
//
// Spawned with an IPC channel (stdio 'ipc'), it is a tool for other programs (the benchmark): once the
// page can be opened it sends {type:'ready', url, processStartAt, startCalledAt, listeningAt} (wall
// clock ms: process start, the host's start called, listening, all from this process), or
// {type:'error', message} and exits 1; it closes and exits 0 on {cmd:'close'} or when the channel
// disconnects. Without --sign-in, 'ready' comes as soon as the host listens: the core is still
// loading (web-host.ts), and a core that fails to load is reported as an error after it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readCommandLine, valuesOrExit } from '../shared/command-line';
import type { AccountSummary } from '../shared/ipc';
import type { DemoConfig } from './core/app-core';
import { parseDemoConfig } from './core/demo-accounts';
import { listenWebHost } from './web-host';
import { portTaken, rememberedPort, rememberPort } from './web-host-port';

// Paths are relative to this file as built: out/main/web-host.js.
const appDir = fileURLToPath(new URL('../..', import.meta.url));
const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));

const USAGE = `
Usage: npm run web -- [options]        (or: node out/main/web-host.js [options])

Team Chat in a browser: serves the app on 127.0.0.1 and prints the URL to open.

Options:
  --port N             port on 127.0.0.1, 0 picks a free one (or WEB_HOST_PORT); by default
                       the one this data directory had last time, so the page's own storage
                       (drafts kept on this computer) stays with it; a free one if it is taken
  --data-dir DIR       where accounts are kept (default .data/web-host; or TEAMCHAT_DATA_DIR)
  --demo-file FILE     demo accounts to offer on the first screen (or TEAMCHAT_DEMO_FILE): the
                       reference server's --credentials-out file, or the app's own demo file
  --sign-in EMAIL      sign in this account of the demo file at launch
  -h, --help           show this help
`;

const clock = () => performance.timeOrigin + performance.now();

/** Sends a message to the parent, if there is one, and resolves once it is handed over. */
function report(message: Record<string, unknown>): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });
}

async function loadDemo(file: string | undefined): Promise<DemoConfig | null> {
  if (!file) return null;
  return parseDemoConfig(JSON.parse(await readFile(file, 'utf8')));
}

/** The account a demo person signed in to on an earlier launch, on the demo's server. */
function keptAccount(
  accounts: readonly AccountSummary[],
  demo: DemoConfig,
  email: string,
): AccountSummary | null {
  const origin = new URL(demo.serverUrl).origin;
  return (
    accounts.find(
      (account) =>
        new URL(account.serverUrl).origin === origin && account.email.toLowerCase() === email.toLowerCase(),
    ) ?? null
  );
}

async function launch(): Promise<void> {
  const values = valuesOrExit(
    readCommandLine(
      USAGE,
      () =>
        parseArgs({
          options: {
            port: { type: 'string' },
            'data-dir': { type: 'string' },
            'demo-file': { type: 'string' },
            'sign-in': { type: 'string' },
            help: { type: 'boolean', short: 'h', default: false },
          },
          strict: true,
        }).values,
    ),
    { out: console.log, err: console.error, exit: process.exit },
  );
  const dataDir = values['data-dir'] ?? process.env.TEAMCHAT_DATA_DIR ?? join(appDir, '.data/web-host');
  const asked = values.port ?? process.env.WEB_HOST_PORT;
  const port = asked === undefined ? rememberedPort(dataDir) : Number(asked);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Not a port: ${asked}`);
  const demo = await loadDemo(values['demo-file'] ?? process.env.TEAMCHAT_DEMO_FILE);

  const startCalledAt = clock();
  const listen = (on: number) => listenWebHost({ port: on, dataDir, rendererDir, demo });
  const host = await listen(port).catch((error: unknown) => {
    // The remembered port is taken (another program, another host): any free one will do.
    if (asked !== undefined || !portTaken(error)) throw error;
    console.log(
      `Port ${port} is taken: using another; what this page kept in the browser stays with that address.`,
    );
    return listen(0);
  });
  const listeningAt = clock();
  if (asked === undefined) rememberPort(dataDir, host.port);
  const shutdown = () => void host.close().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('message', (message: { cmd?: string }) => {
    if (message.cmd === 'close') shutdown();
  });
  process.on('disconnect', shutdown);

  const ready = {
    type: 'ready',
    url: host.url,
    processStartAt: performance.timeOrigin,
    startCalledAt,
    listeningAt,
  };
  const email = values['sign-in'];
  if (email) {
    // The account must be there before the page opens: wait for the core.
    const { core } = await host.ready;
    const added = await core.addDemo(email);
    if (!added.ok) {
      // Signed in on an earlier launch and the server cannot be reached now: the account opens as
      // it was left (its unsent messages included) and connects when the server is back.
      const kept =
        added.error.kind === 'network' && demo ? keptAccount(core.vault.list(), demo, email) : null;
      if (!kept) throw new Error(`Could not sign in ${email}: ${JSON.stringify(added.error)}`);
      console.log(`${demo?.serverUrl} cannot be reached; opening ${email} as it was left.`);
      await core.switchTo(kept.id);
    }
  } else {
    // The page can be opened now: it loads while the core does (a page faster than it waits for
    // the bridge). A core that fails to load is still reported, and ends the program.
    host.ready.catch(async (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      console.error(message);
      await report({ type: 'error', message });
      process.exit(1);
    });
  }
  console.log(`Team Chat (web host) is running. Open this URL in a browser:\n\n  ${host.url}\n`);
  await report(ready);
}

launch().catch(async (error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message);
  await report({ type: 'error', message });
  process.exit(1);
});

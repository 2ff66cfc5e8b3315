import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { extname, join, resolve, sep } from 'node:path';
import { contentSecurityPolicy } from '../shared/csp';
import type { ChatCore, CoreOptions, DemoConfig } from './core/app-core';
import type { HostBridge } from './web-host-bridge';
import { AccountFileRoute } from './web-host-files';
import { LaunchPageFiles } from './web-host-page';

/**
 * The web host: the same core as the Electron app, in plain Node. It serves the built renderer on
 * 127.0.0.1 and carries the bridge over a WebSocket that only a page holding the per-launch secret
 * (given in the page URL) may open. A library without side effects: the program around it (flags,
 * demo file, signals, the IPC contract for tools) is web-host-cli.ts, built to out/main/web-host.js.
 *
 * This module is the light half, for a fast launch: it listens and serves the page with Node's own
 * modules only, and loads the core and the bridge (web-host-bridge.ts: the endpoint table and its
 * schemas, the HTTP client) once the page has its files, in pieces (`importCore`): the core loads
 * and registers its event queues while the page evaluates its bundle, and the page's script
 * requests never wait behind it. The bridge socket's handshake is this half's too (with `ws`,
 * loaded once the page's files are out, like the core): the page opens the socket before its bundle
 * runs, and a socket accepted before the core is loaded holds its frames until the core takes it.
 */

export interface WebHostOptions {
  /** 0 picks a free port. */
  port?: number;
  dataDir: string;
  /** May still be on its way (the program reads its file while the host starts listening). */
  demo?: DemoConfig | null | Promise<DemoConfig | null>;
  /** The built renderer (`electron-vite build`); defaults to out/renderer. */
  rendererDir?: string;
  /** Defaults to 32 random bytes; tests may fix it. */
  token?: string;
  /** Passed to the core (tests shorten backoff and timeouts). */
  core?: Partial<Omit<CoreOptions, 'dataDir' | 'protector' | 'demo'>>;
  log?: (message: string) => void;
  /**
   * When the core (and `ws`, for the bridge socket) starts loading. 'after-page' (listenWebHost's
   * default): once the launch page's files have been served, an account's file is asked for, or no
   * page came within CORE_WAIT_MS; its loading blocks the event loop in long pieces, and scripts
   * asked for meanwhile waited behind them. 'at-once': right after listening (startWebHost's
   * default: it waits for the core anyway).
   */
  coreStart?: 'after-page' | 'at-once';
}

/** The host once it listens: the page can be opened; the core may still be loading. */
export interface ListeningWebHost {
  /** The page URL, secret included: what a person (or a test) opens. */
  url: string;
  origin: string;
  port: number;
  token: string;
  /** Resolves once the core is loaded and started (its accounts' event loops registering). */
  ready: Promise<WebHost>;
  close(): Promise<void>;
}

export interface WebHost extends Omit<ListeningWebHost, 'ready'> {
  core: ChatCore;
}

const BRIDGE_PATH = '/bridge';
/**
 * Answers whether `?token=` is this launch's secret: 204, or 401. A browser hides why a socket's
 * handshake failed, so a page whose socket is refused asks here, and stops retrying a secret that
 * will never work (a page kept open across a restart of the host, a link without the secret).
 */
const SECRET_CHECK_PATH = '/bridge/check';
/** Bigger frames close the socket (a file's bytes travel in a frame: see shared/ipc-wire.ts). */
const BRIDGE_MAX_FRAME_BYTES = 4 * 1024 * 1024;
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

/** How long a host that listens waits for its page before it loads the core anyway. */
export const CORE_WAIT_MS = 250;

/** Listens, loads the core and resolves once both are done. */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const host = await listenWebHost({ coreStart: 'at-once', ...options });
  try {
    return await host.ready;
  } catch (error) {
    await host.close().catch(() => undefined);
    throw error;
  }
}

/** Resolves as soon as the host listens; `ready` follows once the core is loaded. */
export async function listenWebHost(options: WebHostOptions): Promise<ListeningWebHost> {
  const rendererDir = resolve(options.rendererDir ?? join(process.cwd(), 'out/renderer'));
  const token = options.token ?? randomBytes(32).toString('base64url');
  const log = options.log ?? ((message: string) => console.log(`[web-host] ${message}`));

  let port = 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  let loadBridge: (bridge: HostBridge) => void = () => undefined;
  let failBridge: (error: unknown) => void = () => undefined;
  const bridge = new Promise<HostBridge>((resolveBridge, reject) => {
    loadBridge = resolveBridge;
    failBridge = reject;
  });
  // Nothing waits on it until a request needs the core; a failure still reaches `ready`.
  bridge.catch(() => undefined);
  let coreNeeded: () => void = () => undefined;
  const coreAskedFor = new Promise<void>((resolveAsked) => (coreNeeded = resolveAsked));
  const files = new AccountFileRoute(bridge, () => port);
  const pageFiles = new LaunchPageFiles(rendererDir);
  // Loading `ws` or the core holds the event loop for tens of milliseconds at a time: the launch
  // page's script and style go out first (or CORE_WAIT_MS without a page). The page's socket, which
  // its first script opens before the bundle is asked for, waits until then.
  const noPage = options.coreStart === 'at-once' ? null : delay(CORE_WAIT_MS);
  const pageOut = noPage ? Promise.race([pageFiles.served, noPage.promise]) : Promise.resolve();
  void pageOut.then(() => noPage?.cancel());
  // Loaded on first need: a failure refuses the socket that needed it, and the next one tries again.
  let sockets: Promise<WebSocketServer> | null = null;
  const socketServer = () =>
    (sockets ??= import('ws')
      .then(({ WebSocketServer }) => {
        const loaded = new WebSocketServer({ noServer: true, maxPayload: BRIDGE_MAX_FRAME_BYTES });
        // A page that reconnects the bridge after a reload (secret from its session storage) gets it too.
        loaded.on('headers', (headers) => headers.push(`Set-Cookie: ${files.cookie()}`));
        return loaded;
      })
      .catch((error: unknown) => {
        sockets = null;
        throw error;
      }));
  const handOver = (ws: WebSocket) => {
    // Its frames wait in the socket until the bridge listens (a page faster than the core's loading).
    ws.pause();
    bridge.then(
      (loaded) => loaded.serve(ws),
      () => ws.close(1011, 'The app could not start'),
    );
  };

  const server = createServer((request, response) => {
    if (!allowedHosts().has(request.headers.host ?? '')) {
      // A page on another name resolving here (DNS rebinding) gets nothing.
      response.writeHead(421).end();
      return;
    }
    if (files.matches(request)) {
      coreNeeded();
      files.handle(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
        else response.destroy();
      });
      return;
    }
    const requestUrl = new URL(request.url ?? '/', 'http://127.0.0.1');
    const opened = tokenMatches(requestUrl.searchParams.get('token'), token);
    if (requestUrl.pathname === SECRET_CHECK_PATH) {
      response.writeHead(opened ? 204 : 401, { 'Cache-Control': 'no-store' }).end();
      return;
    }
    // The page opened with the secret also gets the cookie for the accounts' files.
    // The page opens its bridge socket next: ws is loaded once the page's files are out.
    if (opened) void pageOut.then(socketServer).catch(() => undefined);
    serveStatic(rendererDir, pageFiles, port, request, response, opened ? files.cookie() : null).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = refuseUpgrade(request, token, allowedHosts());
    if (refusal) {
      log(`refused a bridge connection: ${refusal}`);
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    // Accepted once the page's files are out, whether or not the core is loaded yet (see handOver).
    pageOut.then(socketServer).then(
      (server) => {
        if (!socket.destroyed) server.handleUpgrade(request, socket, head, handOver);
      },
      () => socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'),
    );
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;

  const origin = `http://127.0.0.1:${port}`;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    coreNeeded();
    const loaded = await bridge.catch(() => null);
    const open = await sockets?.catch(() => null);
    for (const client of open?.clients ?? []) client.terminate();
    open?.close();
    await loaded?.close();
    server.closeAllConnections();
    await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
  };
  const listening = { url: `${origin}/?token=${encodeURIComponent(token)}`, origin, port, token, close };
  const ready = (async (): Promise<WebHost> => {
    // An account's file asked for before the page is out needs the core at once.
    await Promise.race([pageOut, coreAskedFor]);
    const [{ startHostBridge }, demo] = await Promise.all([importCore(), options.demo ?? null]);
    const loaded = startHostBridge({
      dataDir: options.dataDir,
      demo,
      core: options.core,
      log,
    });
    loadBridge(loaded);
    return { ...listening, core: loaded.core };
  })();
  ready.catch(failBridge);
  return { ...listening, ready };
}

function delay(ms: number): { promise: Promise<void>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<void>((resolveDelay) => (timer = setTimeout(resolveDelay, ms)));
  return { promise, cancel: () => clearTimeout(timer) };
}

const nextTurn = () => new Promise<void>((resolveTurn) => setImmediate(resolveTurn));

/**
 * Loads the core's modules with a turn of the event loop before and after, so that a request of the
 * page that comes meanwhile (answered from memory) waits for one piece at most. Node's fetch (undici)
 * loads on its first call, tens of milliseconds: the accounts' loops make it, once the sockets
 * waiting for the core have had their launch answers (web-host-bridge.ts).
 */
async function importCore(): Promise<typeof import('./web-host-bridge')> {
  if (typeof globalThis.fetch !== 'function') throw new Error('This Node has no fetch');
  await nextTurn();
  const core = await import('./web-host-bridge');
  await nextTurn();
  return core;
}

/** Null when the upgrade may proceed; otherwise the status line to refuse it with. */
function refuseUpgrade(request: IncomingMessage, token: string, hosts: Set<string>): string | null {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname !== BRIDGE_PATH) return '404 Not Found';
  if (!hosts.has(request.headers.host ?? '')) return '421 Misdirected Request';
  // Browsers always send Origin on WebSocket handshakes: only this host's own pages may connect.
  const origin = request.headers.origin;
  if (origin !== undefined && ![...hosts].some((host) => origin === `http://${host}`)) return '403 Forbidden';
  if (!tokenMatches(url.searchParams.get('token'), token)) return '401 Unauthorized';
  return null;
}

function tokenMatches(given: string | null, token: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request's path with its escapes decoded, or null when an escape is malformed (`/%E0%A4%A`). */
function decodedPath(url: string | undefined): string | null {
  try {
    return decodeURIComponent(new URL(url ?? '/', 'http://127.0.0.1').pathname);
  } catch {
    return null;
  }
}

async function serveStatic(
  root: string,
  pageFiles: LaunchPageFiles,
  port: number,
  request: IncomingMessage,
  response: ServerResponse,
  filesCookie: string | null,
): Promise<void> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy({ bridgePort: port }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-store',
  };
  if (filesCookie) headers['Set-Cookie'] = filesCookie;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, headers).end();
    return;
  }
  const pathname = decodedPath(request.url);
  if (pathname === null) {
    response.writeHead(400, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
    return;
  }
  let file = resolve(root, `.${pathname}`);
  if (file !== root && !file.startsWith(root + sep)) {
    response.writeHead(404, headers).end();
    return;
  }
  const launchFile = file === root ? join(root, 'index.html') : file;
  const kept = request.method === 'GET' ? await pageFiles.take(launchFile) : undefined;
  if (kept) {
    sendFile(response, headers, launchFile, kept);
    return;
  }
  const info = await stat(file).catch(() => null);
  if (!info || info.isDirectory()) {
    // Client-side routes get the app; a missing asset is a plain 404.
    if (extname(pathname)) {
      response.writeHead(404, headers).end();
      return;
    }
    file = join(root, 'index.html');
  }
  const body = await readFile(file).catch(() => null);
  if (!body) {
    response
      .writeHead(503, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' })
      .end('The renderer is not built: run `npx electron-vite build` first.');
    return;
  }
  sendFile(response, headers, file, request.method === 'HEAD' ? undefined : body);
}

function sendFile(
  response: ServerResponse,
  headers: Record<string, string>,
  file: string,
  body: Buffer | undefined,
): void {
  response
    .writeHead(200, {
      ...headers,
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    })
    .end(body);
}

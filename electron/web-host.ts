import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { extname, join, resolve, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { contentSecurityPolicy } from '../shared/csp';
import type { HostFrame } from '../shared/ipc-wire';
import { parseRequestFrame } from './core/frames';
import { ChatCore, type CoreOptions, type DemoConfig } from './core/app-core';
import { userAgent } from './core/http-client';
import { callsRefusedNotice, createBridgeRouter } from './core/ipc-router';
import { RENDERER_CALL_BUDGET, RendererCallLimits } from './core/request-limits';
import { fileModeProtector } from './core/vault';
import { APP_NAME, APP_VERSION } from './core/app-info';
import { AccountFileRoute } from './web-host-files';

/**
 * The web host: the same core as the Electron app, in plain Node. It serves the built renderer on
 * 127.0.0.1 and carries the bridge over a WebSocket that only a page holding the per-launch secret
 * (given in the page URL) may open. A library without side effects: the program around it (flags,
 * demo file, signals, the IPC contract for tools) is web-host-cli.ts, built to out/main/web-host.js.
 */

export interface WebHostOptions {
  /** 0 picks a free port. */
  port?: number;
  dataDir: string;
  demo?: DemoConfig | null;
  /** The built renderer (`electron-vite build`); defaults to out/renderer. */
  rendererDir?: string;
  /** Defaults to 32 random bytes; tests may fix it. */
  token?: string;
  /** Passed to the core (tests shorten backoff and timeouts). */
  core?: Partial<Omit<CoreOptions, 'dataDir' | 'protector' | 'demo'>>;
  log?: (message: string) => void;
}

export interface WebHost {
  /** The page URL, secret included: what a person (or a test) opens. */
  url: string;
  origin: string;
  port: number;
  token: string;
  core: ChatCore;
  close(): Promise<void>;
}

const BRIDGE_PATH = '/bridge';
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

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const rendererDir = resolve(options.rendererDir ?? join(process.cwd(), 'out/renderer'));
  const token = options.token ?? randomBytes(32).toString('base64url');
  const log = options.log ?? ((message: string) => console.log(`[web-host] ${message}`));
  const core = new ChatCore({
    userAgent: userAgent(APP_NAME, APP_VERSION, `web host; Node ${process.versions.node}`),
    log,
    ...options.core,
    dataDir: options.dataDir,
    protector: fileModeProtector,
    demo: options.demo ?? null,
  });
  const router = createBridgeRouter(core, {
    // The page is already in a browser, which opens links itself; nothing to do on this side.
    openExternal: async () => {},
  });

  let port = 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const files = new AccountFileRoute(core, () => port);

  const server = createServer((request, response) => {
    if (!allowedHosts().has(request.headers.host ?? '')) {
      // A page on another name resolving here (DNS rebinding) gets nothing.
      response.writeHead(421).end();
      return;
    }
    if (files.matches(request)) {
      files.handle(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
        else response.destroy();
      });
      return;
    }
    // The page opened with the secret also gets the cookie for the accounts' files.
    const opened = tokenMatches(
      new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('token'),
      token,
    );
    serveStatic(rendererDir, port, request, response, opened ? files.cookie() : null).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  // A page that reconnects the bridge after a reload (secret from its session storage) gets it too.
  sockets.on('headers', (headers) => headers.push(`Set-Cookie: ${files.cookie()}`));
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = refuseUpgrade(request, token, allowedHosts());
    if (refusal) {
      log(`refused a bridge connection: ${refusal}`);
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => serveBridge(ws));
  });

  function serveBridge(ws: WebSocket): void {
    const send = (frame: HostFrame) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    };
    const unsubscribe = router.subscribe((push) => send({ type: 'push', push }));
    const limits = new RendererCallLimits((refused) => {
      log(
        `a page asked for too many calls; refused ${refused} (budget: ${RENDERER_CALL_BUDGET.perSecond}/s)`,
      );
      send({ type: 'push', push: { channel: 'notice', payload: callsRefusedNotice(refused) } });
    });
    ws.on('message', (data) => {
      const parsed = parseRequestFrame(data.toString());
      if (parsed.kind === 'malformed') {
        ws.close(1008, 'malformed frame');
        return;
      }
      if (parsed.kind === 'refused') {
        send({ type: 'response', id: parsed.id, ok: false, message: parsed.message });
        return;
      }
      const { frame } = parsed;
      Promise.resolve()
        .then(() => router.handle(frame.method, frame.args, limits))
        .then(
          (value) => send({ type: 'response', id: frame.id, ok: true, value: value ?? null }),
          (error: unknown) =>
            send({
              type: 'response',
              id: frame.id,
              ok: false,
              message: error instanceof Error ? error.message : String(error),
            }),
        );
    });
    ws.on('close', unsubscribe);
    ws.on('error', unsubscribe);
    core.rendererAttached();
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  core.start();

  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${encodeURIComponent(token)}`,
    origin,
    port,
    token,
    core,
    async close() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await core.stop();
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
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
  response
    .writeHead(200, {
      ...headers,
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    })
    .end(request.method === 'HEAD' ? undefined : body);
}

// First: zod must load jitless (see the module).
import '../shared/zod-jitless';
import type { WebSocket } from 'ws';
import type { HostFrame } from '../shared/ipc-wire';
import { accountFileReply } from './core/account-files';
import { parseRequestFrame } from './core/frames';
import { ChatCore, type CoreOptions, type DemoConfig } from './core/app-core';
import { userAgent } from './core/http-client';
import { callsRefusedNotice, createBridgeRouter } from './core/ipc-router';
import { RENDERER_CALL_BUDGET, RendererCallLimits } from './core/request-limits';
import { CancellableCalls } from './core/cancellable-calls';
import { fileModeProtector } from './core/vault';
import { APP_NAME, APP_VERSION } from './core/app-info';

/**
 * The web host's heavy half: the core (accounts, HTTP client, event loops, the endpoint table and
 * its schemas) and the bridge's protocol. web-host.ts loads it with a dynamic import once it listens,
 * so the page's HTML and bundle are on their way while this module graph is read and evaluated; it
 * accepts the bridge sockets itself and hands each over here (`serve`).
 */

export interface HostBridgeOptions {
  dataDir: string;
  demo: DemoConfig | null;
  core?: Partial<Omit<CoreOptions, 'dataDir' | 'protector' | 'demo'>>;
  log: (message: string) => void;
}

export interface HostBridge {
  core: ChatCore;
  reply: typeof accountFileReply;
  /**
   * Serves a bridge socket the host accepted (path, host, origin and secret checked). It may be
   * paused, holding the frames the page sent before the core was loaded: they are read now.
   */
  serve(ws: WebSocket): void;
  close(): Promise<void>;
}

export function startHostBridge(options: HostBridgeOptions): HostBridge {
  const { log } = options;
  const core = new ChatCore({
    userAgent: userAgent(APP_NAME, APP_VERSION, `web host; Node ${process.versions.node}`),
    log,
    ...options.core,
    dataDir: options.dataDir,
    protector: fileModeProtector,
    demo: options.demo,
  });
  const router = createBridgeRouter(core, {
    // The page is already in a browser, which opens links itself; nothing to do on this side.
    openExternal: async () => {},
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
    const calls = new CancellableCalls();
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
        .then(() => router.handle(frame.method, frame.args, limits, calls))
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
    // A page that is gone waits for nothing: its cancellable calls are aborted.
    const closed = () => {
      unsubscribe();
      calls.cancelAll();
    };
    ws.on('close', closed);
    ws.on('error', closed);
    core.rendererAttached();
    ws.resume();
  }

  // The accounts' loops start once the sockets waiting for the core have been served: starting one
  // (its registration's first request loads Node's HTTP client) held the page's launch answers back.
  const starting = setImmediate(() => core.start());
  return {
    core,
    reply: accountFileReply,
    serve(ws) {
      if (ws.readyState === ws.OPEN) serveBridge(ws);
    },
    async close() {
      clearImmediate(starting);
      await core.stop();
    },
  };
}

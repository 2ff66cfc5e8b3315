import type { ConnectionStatus, SessionStarted } from '../../../shared/ipc';
import {
  bytesReplacer,
  type BridgeMethod,
  type BridgePush,
  type BridgeTransport,
  type HostFrame,
  type RequestFrame,
} from '../../../shared/ipc-wire';

/** The fatal status's code when the host refuses this page's secret: signing in again cannot help. */
export const SECRET_REFUSED = 'WEB_HOST_SECRET_REFUSED';

/** Why a page whose secret the host refuses can do nothing. */
export const NOT_THIS_LAUNCH =
  'This page is not connected to Team Chat: its address lacks the secret of the running app (the app was restarted, or the address was typed without it). Open the address the app printed when it started.';

/** Why the page is offline while the host has just gone: a restart at the same address comes back by itself. */
export const RECONNECTING = 'Lost the connection to the app. Reconnecting…';

/**
 * Why it is offline once nothing has answered at the host's address for several attempts: the app
 * was stopped, or started again elsewhere (a new port), which this page can never reach by itself.
 */
export const HOST_GONE =
  'Team Chat is not running at this address: it was stopped, or started again at another one. If you started it again, open the address it printed; this page keeps trying this one meanwhile.';

/** Failed attempts in a row (about 8 seconds) after which reconnecting is no longer all the page says. */
const HOST_GONE_AFTER_FAILURES = 5;

/**
 * The bridge over the web host's WebSocket: requests wait for the socket to open; a dropped socket
 * fails what is pending and reconnects with a growing delay, announcing itself as offline
 * meanwhile (through the same status push the main process uses); after several failed attempts it
 * says the app may be running elsewhere (`HOST_GONE`). `firstRetryMs` is the first delay. On
 * reconnecting, the page asks for the session again, which brings the events it missed.
 * `early` is a socket to the same URL the page opened before its bundle ran
 * (early-socket-handle.ts), with the frames it received meanwhile: taken over as the first
 * connection. A socket refused before it opened asks
 * `secretRefused` whether the host refuses this page's secret; if so nothing will ever connect (a
 * page kept open across a restart of the host, a link without the secret): the transport stops,
 * fails every call with `NOT_THIS_LAUNCH`, and says so as a fatal status.
 */
export function connectWebSocketTransport(
  url: string,
  early: { socket: WebSocket; received: string[] } | null = null,
  secretRefused: () => Promise<boolean> = async () => false,
  firstRetryMs = 500,
): BridgeTransport {
  const listeners = new Set<(push: BridgePush) => void>();
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let queue: RequestFrame[] = [];
  let nextId = 1;
  let socket: WebSocket;
  let retries = 0;
  let stopped = false;

  const emit = (push: BridgePush) => {
    for (const listener of listeners) listener(push);
  };

  function open(): void {
    const adopted = early;
    early = null;
    socket = adopted?.socket ?? new WebSocket(url);
    const opened = () => {
      const reconnected = retries > 0;
      retries = 0;
      const waiting = queue;
      queue = [];
      for (const frame of waiting) socket.send(JSON.stringify(frame, bytesReplacer));
      if (reconnected) {
        // Back in touch: show the host's real status again, and take the session again for the
        // events pushed while the socket was down (`eventsSince`; a fresh registration when the
        // host kept too few).
        emit({ channel: 'status', payload: { state: 'connecting' } });
        request('connectionStatus', []).then(
          (status) => emit({ channel: 'status', payload: status as ConnectionStatus }),
          () => undefined,
        );
        request('session', []).then(
          (session) => session && emit({ channel: 'session', payload: session as SessionStarted }),
          () => undefined,
        );
      }
    };
    const received = (data: string) => {
      let frame: HostFrame;
      try {
        frame = JSON.parse(data) as HostFrame;
      } catch {
        return;
      }
      if (frame.type === 'push') {
        emit(frame.push);
        return;
      }
      const waiter = pending.get(frame.id);
      if (!waiter) return;
      pending.delete(frame.id);
      if (frame.ok) waiter.resolve(frame.value);
      else waiter.reject(new Error(frame.message));
    };
    let wasOpen = false;
    const lost = () => {
      for (const waiter of pending.values()) waiter.reject(new Error('Lost the connection to the app.'));
      pending.clear();
      retries++;
      emit({
        channel: 'status',
        payload: { state: 'offline', reason: retries >= HOST_GONE_AFTER_FAILURES ? HOST_GONE : RECONNECTING },
      });
      setTimeout(open, Math.min(10_000, firstRetryMs * 2 ** (Math.min(retries, 6) - 1)));
    };
    // Refused before it opened: the host is down (retry), or will never take this secret (stop).
    const closed = () => {
      if (wasOpen) lost();
      else secretRefused().then((refused) => (refused ? stop() : lost()), lost);
    };
    socket.addEventListener('open', () => {
      wasOpen = true;
      opened();
    });
    socket.addEventListener('message', (message) => received(String(message.data)));
    socket.addEventListener('close', closed);
    // A refused handshake fires `error` before its `close`; the close handles it.
    socket.addEventListener('error', () => undefined);
    if (!adopted) return;
    // After the task that took it over, so that listeners subscribed in that task hear it too; still
    // before any frame that arrives later. Its `open` (or `close`) may have come and gone already.
    queueMicrotask(() => {
      for (const data of adopted.received) received(data);
      if (socket.readyState === WebSocket.OPEN) {
        wasOpen = true;
        opened();
      } else if (socket.readyState === WebSocket.CLOSED) closed();
    });
  }
  open();

  function stop(): void {
    stopped = true;
    for (const waiter of pending.values()) waiter.reject(new Error(NOT_THIS_LAUNCH));
    pending.clear();
    queue = [];
    emit({ channel: 'status', payload: { state: 'fatal', reason: NOT_THIS_LAUNCH, code: SECRET_REFUSED } });
  }

  function request(method: BridgeMethod, args: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (stopped) {
        reject(new Error(NOT_THIS_LAUNCH));
        return;
      }
      const frame: RequestFrame = { type: 'request', id: nextId++, method, args };
      pending.set(frame.id, { resolve, reject });
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame, bytesReplacer));
      else queue.push(frame);
    });
  }

  return {
    invoke: request,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

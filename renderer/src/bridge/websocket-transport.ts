import type { ConnectionStatus } from '../../../shared/ipc';
import {
  bytesReplacer,
  type BridgeMethod,
  type BridgePush,
  type BridgeTransport,
  type HostFrame,
  type RequestFrame,
} from '../../../shared/ipc-wire';

/**
 * The bridge over the web host's WebSocket: requests wait for the socket to open; a dropped socket
 * fails what is pending and reconnects with a growing delay, announcing itself as offline
 * meanwhile (through the same status push the main process uses). On reconnecting, the host starts
 * a fresh session if events may have been missed, and pushes it. `early` is a socket to the same
 * URL the page opened before its bundle ran (early-socket-handle.ts), with the frames it received
 * meanwhile: taken over as the first connection.
 */
export function connectWebSocketTransport(
  url: string,
  early: { socket: WebSocket; received: string[] } | null = null,
): BridgeTransport {
  const listeners = new Set<(push: BridgePush) => void>();
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let queue: RequestFrame[] = [];
  let nextId = 1;
  let socket: WebSocket;
  let retries = 0;

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
        // Back in touch: show the host's real status again (a missed-events resync arrives as a session push).
        emit({ channel: 'status', payload: { state: 'connecting' } });
        request('connectionStatus', []).then(
          (status) => emit({ channel: 'status', payload: status as ConnectionStatus }),
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
    const closed = () => {
      for (const waiter of pending.values()) waiter.reject(new Error('Lost the connection to the app.'));
      pending.clear();
      emit({
        channel: 'status',
        payload: { state: 'offline', reason: 'Lost the connection to the app. Reconnecting…' },
      });
      retries++;
      setTimeout(open, Math.min(10_000, 250 * 2 ** Math.min(retries, 6)));
    };
    socket.addEventListener('open', opened);
    socket.addEventListener('message', (message) => received(String(message.data)));
    socket.addEventListener('close', closed);
    if (!adopted) return;
    // After the task that took it over, so that listeners subscribed in that task hear it too; still
    // before any frame that arrives later. Its `open` (or `close`) may have come and gone already.
    queueMicrotask(() => {
      for (const data of adopted.received) received(data);
      if (socket.readyState === WebSocket.OPEN) opened();
      else if (socket.readyState === WebSocket.CLOSED) closed();
    });
  }
  open();

  function request(method: BridgeMethod, args: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
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

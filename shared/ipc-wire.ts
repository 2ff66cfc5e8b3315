import type {
  AccountsState,
  BridgeNotice,
  ChatBridge,
  ConnectionStatus,
  EventBatch,
  OutboxSnapshot,
  SessionStarted,
  Unsubscribe,
} from './ipc';

/**
 * The bridge as messages: one method name and an argument list per call, and pushes for the
 * streams (session, events, connection status, accounts). Electron IPC and the web host's
 * WebSocket both carry exactly these; `createBridgeClient` turns a transport back into a
 * `ChatBridge`, so the preload and the renderer's WebSocket client share one implementation.
 * (No zod here: the preload bundles this file. The host validates frames in electron/core/frames.ts.)
 */

export const bridgeMethods = [
  'call',
  'session',
  'connectionStatus',
  'retryNow',
  'openExternal',
  'focusWindow',
  'setUnreadCount',
  'accounts.list',
  'accounts.active',
  'accounts.probeServer',
  'accounts.add',
  'accounts.signInWithPassword',
  'accounts.importZuliprc',
  'accounts.switchTo',
  'accounts.remove',
  'accounts.demo',
  'accounts.addDemo',
  'bots.revealApiKey',
  'outbox.send',
  'outbox.list',
  'outbox.retry',
  'outbox.discard',
] as const;
export type BridgeMethod = (typeof bridgeMethods)[number];

export function isBridgeMethod(name: unknown): name is BridgeMethod {
  return typeof name === 'string' && (bridgeMethods as readonly string[]).includes(name);
}

export type BridgePush =
  | { channel: 'session'; payload: SessionStarted }
  | { channel: 'events'; payload: EventBatch }
  | { channel: 'status'; payload: ConnectionStatus }
  | { channel: 'accounts'; payload: AccountsState }
  | { channel: 'outbox'; payload: OutboxSnapshot }
  /** To one renderer only: something it should tell the user (e.g. its calls were refused). */
  | { channel: 'notice'; payload: BridgeNotice };

/** Renderer to host. */
export interface RequestFrame {
  type: 'request';
  id: number;
  method: BridgeMethod;
  args: unknown[];
}

/** Host to renderer. A rejected request carries only a message: failures of calls are data in the value. */
export type HostFrame =
  | { type: 'response'; id: number; ok: true; value: unknown }
  | { type: 'response'; id: number; ok: false; message: string }
  | { type: 'push'; push: BridgePush };

/** What a shell provides: request/response and a push stream. */
export interface BridgeTransport {
  invoke(method: BridgeMethod, args: unknown[]): Promise<unknown>;
  subscribe(listener: (push: BridgePush) => void): Unsubscribe;
}

export function createBridgeClient(transport: BridgeTransport): ChatBridge {
  const invoke = <T>(method: BridgeMethod, ...args: unknown[]) =>
    transport.invoke(method, args) as Promise<T>;
  type PayloadOf<C extends BridgePush['channel']> = Extract<BridgePush, { channel: C }>['payload'];
  function on<C extends BridgePush['channel']>(
    channel: C,
    listener: (payload: PayloadOf<C>) => void,
  ): Unsubscribe {
    return transport.subscribe((push) => {
      if (push.channel === channel) (listener as (payload: unknown) => void)(push.payload);
    });
  }
  return {
    call: (name, params) => invoke('call', name, params),
    session: () => invoke('session'),
    onSession: (listener) => on('session', listener),
    onEvents: (listener) => on('events', listener),
    connectionStatus: () => invoke('connectionStatus'),
    retryNow: () => invoke('retryNow'),
    onConnectionStatus: (listener) => on('status', listener),
    onAccountsChanged: (listener) => on('accounts', listener),
    onNotice: (listener) => on('notice', listener),
    openExternal: (url) => invoke('openExternal', url),
    focusWindow: () => invoke('focusWindow'),
    setUnreadCount: (count) => invoke('setUnreadCount', count),
    accounts: {
      list: () => invoke('accounts.list'),
      active: () => invoke('accounts.active'),
      probeServer: (serverUrl) => invoke('accounts.probeServer', serverUrl),
      add: (request) => invoke('accounts.add', request),
      signInWithPassword: (request) => invoke('accounts.signInWithPassword', request),
      importZuliprc: (text) => invoke('accounts.importZuliprc', text),
      switchTo: (accountId) => invoke('accounts.switchTo', accountId),
      remove: (accountId) => invoke('accounts.remove', accountId),
      demo: () => invoke('accounts.demo'),
      addDemo: (email) => invoke('accounts.addDemo', email),
    },
    bots: {
      revealApiKey: (botUserId) => invoke('bots.revealApiKey', botUserId),
    },
    outbox: {
      send: (request) => invoke('outbox.send', request),
      list: () => invoke('outbox.list'),
      retry: (localId) => invoke('outbox.retry', localId),
      discard: (localId) => invoke('outbox.discard', localId),
    },
    onOutbox: (listener) => on('outbox', listener),
  };
}

import type {
  AccountsState,
  BridgeNotice,
  ChatBridge,
  ConnectionStatus,
  EventBatch,
  OutboxSnapshot,
  PresenceUpdate,
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
  'cancelCall',
  'session',
  'connectionStatus',
  'retryNow',
  'openExternal',
  'focusWindow',
  'setUnreadCount',
  'userInput',
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
  'conversationCache.last',
  'conversationCache.save',
  'conversationCache.lastOpen',
  'conversationCache.setOpen',
  'files.beginUpload',
  'files.sendChunk',
  'files.finishUpload',
  'files.cancelUpload',
  'files.download',
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
  | { channel: 'presences'; payload: PresenceUpdate }
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

/** Where each shell serves an account's uploads to its page (see `FilesApi.url`). */
export type UploadUrl = (accountId: string, path: string) => string;

/** The Electron shell's scheme for an account's uploads: `teamchat-file://<account id>/user_uploads/...`. */
export const ACCOUNT_FILE_SCHEME = 'teamchat-file';
/** The web host's route for an account's uploads: `/account-files/<account id>/user_uploads/...`. */
export const ACCOUNT_FILE_ROUTE = '/account-files';

/**
 * Bytes in a JSON frame (the web host's WebSocket carries text): a `Uint8Array` argument is sent
 * as `{ "$bytes": base64 }`. Use as the replacer of `JSON.stringify`.
 */
/** Base64 as both runtimes provide it (browsers and Node 16+); shared/ sees neither's type library. */
const base64 = globalThis as unknown as { atob(data: string): string; btoa(data: string): string };

export function bytesReplacer(_key: string, value: unknown): unknown {
  if (!(value instanceof Uint8Array)) return value;
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < value.length; i += step)
    binary += String.fromCharCode(...value.subarray(i, Math.min(i + step, value.length)));
  return { $bytes: base64.btoa(binary) };
}

/** The reviver matching `bytesReplacer`: `{ "$bytes": base64 }` becomes a `Uint8Array` again. */
export function bytesReviver(_key: string, value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  const encoded = (value as { $bytes?: unknown }).$bytes;
  if (keys.length !== 1 || typeof encoded !== 'string') return value;
  const binary = base64.atob(encoded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The web host's `FilesApi.url`: a route on the page's own origin. */
export const webHostUploadUrl: UploadUrl = (accountId, path) =>
  `${ACCOUNT_FILE_ROUTE}/${encodeURIComponent(accountId)}${path}`;

export function createBridgeClient(
  transport: BridgeTransport,
  uploadUrl: UploadUrl = webHostUploadUrl,
): ChatBridge {
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
    // Without a cancel id or an account the frame stays [name, params], as before either existed.
    call: (name, params, cancelId, accountId) =>
      accountId !== undefined
        ? invoke('call', name, params, cancelId ?? null, accountId)
        : cancelId === undefined
          ? invoke('call', name, params)
          : invoke('call', name, params, cancelId),
    cancelCall: (cancelId) => invoke('cancelCall', cancelId),
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
    userInput: () => invoke('userInput'),
    onPresences: (listener) => on('presences', listener),
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
    conversationCache: {
      last: () => invoke('conversationCache.last'),
      save: (conversation, accountId) => invoke('conversationCache.save', conversation, accountId),
      lastOpen: () => invoke('conversationCache.lastOpen'),
      setOpen: (narrow, accountId) => invoke('conversationCache.setOpen', narrow, accountId),
    },
    files: {
      beginUpload: (file) => invoke('files.beginUpload', file),
      sendChunk: (uploadId, bytes) => invoke('files.sendChunk', uploadId, bytes),
      finishUpload: (uploadId) => invoke('files.finishUpload', uploadId),
      cancelUpload: (uploadId) => invoke('files.cancelUpload', uploadId),
      url: uploadUrl,
      download: (accountId, path) => invoke('files.download', accountId, path),
    },
  };
}

import type { CallFailure } from './errors';
import type { RendererEndpointName, EndpointParams, EndpointResponse } from './api';
import type { ChatEvent } from './api/events';
import type { RegisterResponse } from './api/register';
import type { ServerSettings } from './api/server';

/**
 * The typed contract between the main process and the renderer (DESIGN.md). Both shells
 * (Electron preload, web host WebSocket) expose exactly this object; the renderer never learns
 * which one it has. No API key ever appears in any type here.
 */

export type CallResult<T> = { ok: true; value: T } | { ok: false; error: CallFailure };

/** An account as the renderer sees it: everything but the key. */
export interface AccountSummary {
  id: string;
  serverUrl: string;
  email: string;
  realmName: string;
  realmIcon: string | null;
  featureLevel: number;
}

export interface AddAccountRequest {
  serverUrl: string;
  email: string;
  apiKey: string;
}

export type ConnectionStatus =
  | { state: 'connecting' }
  | { state: 'connected' }
  /** Retrying after `failures` failures in a row; `retryInMs` until the next attempt. */
  | { state: 'reconnecting'; failures: number; retryInMs: number; reason: string }
  | { state: 'offline'; reason: string }
  /** The loop stopped for good (401, deactivated account): the user must act. */
  | { state: 'fatal'; reason: string };

/**
 * A (re-)registered event queue. Sent on first registration and after BAD_EVENT_QUEUE_ID: the
 * renderer drops its cached server state and starts from `initialState`.
 */
export interface SessionStarted {
  accountId: string;
  /** Increases with each registration; events carry the generation they belong to. */
  generation: number;
  initialState: RegisterResponse;
}

export interface EventBatch {
  accountId: string;
  generation: number;
  events: ChatEvent[];
}

export type Unsubscribe = () => void;

export interface AccountsApi {
  list(): Promise<AccountSummary[]>;
  /** The active account's id, or null when there is none. */
  active(): Promise<string | null>;
  /** Reads GET /server_settings of a server before asking for credentials. */
  probeServer(serverUrl: string): Promise<CallResult<ServerSettings>>;
  add(request: AddAccountRequest): Promise<CallResult<AccountSummary>>;
  switchTo(accountId: string): Promise<void>;
  remove(accountId: string): Promise<void>;
  /** The demo account offered by `npm start`, when the app was launched on the embedded server. */
  demo(): Promise<{
    serverUrl: string;
    accounts: { email: string; fullName: string; role: number }[];
  } | null>;
  /** Signs in as one of the demo accounts (the key stays in the main process). */
  addDemo(email: string): Promise<CallResult<AccountSummary>>;
}

export interface ChatBridge {
  /** Calls an allow-listed endpoint on the active account. */
  call<N extends RendererEndpointName>(
    name: N,
    params: EndpointParams<N>,
  ): Promise<CallResult<EndpointResponse<N>>>;
  /** The current session (initial state), or null before the first registration. */
  session(): Promise<SessionStarted | null>;
  onSession(listener: (session: SessionStarted) => void): Unsubscribe;
  onEvents(listener: (batch: EventBatch) => void): Unsubscribe;
  connectionStatus(): Promise<ConnectionStatus>;
  onConnectionStatus(listener: (status: ConnectionStatus) => void): Unsubscribe;
  accounts: AccountsApi;
  /** Opens an http, https or mailto URL in the system browser; anything else is refused. */
  openExternal(url: string): Promise<void>;
}

import type { CallFailure } from './errors';
import type { RendererEndpointName, EndpointParams, EndpointResponse } from './api';
import type { ChatEvent } from './api/events';
import type { RegisterResponse } from './api/register';
import type { Presences } from './api/presence';
import type { ServerSettings } from './api/server';

/**
 * The typed contract between the main process and the renderer (DESIGN.md). Both shells
 * (Electron preload, web host WebSocket) expose exactly this object; the renderer never learns
 * which one it has. No API key appears in any type here but the answer of `bots.revealApiKey`.
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
  /** Messages in this account's outbox not yet delivered (what removing it would throw away). */
  unsentMessages?: number;
}

/**
 * The account a sign-in gave, made active. `alreadySignedIn`: that login (server and email) was
 * already here; the sign-in renewed its key rather than adding an account.
 */
export interface SignedInAccount extends AccountSummary {
  alreadySignedIn?: true;
}

/** A server found from what was typed at sign-in: the address that answered, and its settings. */
export interface ProbedServer {
  serverUrl: string;
  settings: ServerSettings;
}

export interface AddAccountRequest {
  serverUrl: string;
  email: string;
  apiKey: string;
}

/** Email (or username) and password, exchanged in the main process for an API key. */
export interface PasswordSignInRequest {
  serverUrl: string;
  username: string;
  password: string;
}

/** The demo organization offered by `npm start`: its people and their (printed, not secret) passwords. */
export interface DemoAccounts {
  serverUrl: string;
  accounts: { email: string; fullName: string; role: number; password?: string }[];
}

export type ConnectionStatus =
  | { state: 'connecting' }
  | { state: 'connected' }
  /** Retrying after `failures` failures in a row; `retryInMs` until the next attempt. */
  | {
      state: 'reconnecting';
      failures: number;
      retryInMs: number;
      reason: string;
      /** The last failure was the server's 429: it answered, and asked to wait. */
      rateLimited?: true;
    }
  /**
   * The server accepts connections but does not answer: a long poll went past the heartbeat
   * interval, or a call has waited several seconds. `retryInMs` is null while a request is still
   * waiting for its answer, else the time until the next attempt.
   */
  | { state: 'unresponsive'; failures: number; retryInMs: number | null; reason: string }
  | { state: 'offline'; reason: string }
  /** The loop stopped for good (401, deactivated account): the user must act. */
  /** `code`: the server's error code that stopped the loop (a revoked key, a deactivated account). */
  | { state: 'fatal'; reason: string; code?: string };

/**
 * A (re-)registered event queue. Sent on first registration and after BAD_EVENT_QUEUE_ID: the
 * renderer drops its cached server state and starts from `initialState`.
 */
export interface SessionStarted {
  accountId: string;
  /** Increases with each registration; events carry the generation they belong to. */
  generation: number;
  initialState: RegisterResponse;
  /** When the registration was made (ms since the epoch): how old the data is, when `stale`. */
  registeredAt?: number;
  /**
   * True when this is an old session offered because a fresh one cannot be had right now (the
   * server is unreachable): what it shows is as of `registeredAt`, not current, and is replaced as
   * soon as a registration succeeds.
   */
  stale?: boolean;
  /**
   * The state kept on disk from the account's last launch, offered (with `stale`) while this
   * launch's first registration is under way. The window draws from it but asks the server nothing
   * that events would have to keep current until the live session replaces it.
   */
  keptFromLastLaunch?: boolean;
  /**
   * Events of this registration delivered before the window asked for it, oldest first: a window
   * starting this session applies them to `initialState`; one that holds it already applies those
   * newer than what it has (events are numbered). Absent when there are none.
   */
  eventsSince?: ChatEvent[];
}

export interface EventBatch {
  accountId: string;
  generation: number;
  events: ChatEvent[];
}

/**
 * Everyone's presence that changed, as the account's presence reports learned it (the modern form
 * of the register's `presences`); pushed for the active account.
 */
export interface PresenceUpdate {
  accountId: string;
  generation: number;
  presences: Presences;
}

export type Unsubscribe = () => void;

/** A message from the main process for the user of one window. */
export interface BridgeNotice {
  kind: 'calls_refused';
  /** Calls refused since the last notice. */
  refused: number;
  message: string;
}

/** The accounts and which one is active; pushed whenever either changes. */
export interface AccountsState {
  accounts: AccountSummary[];
  activeId: string | null;
}

/**
 * Failures the main process reports itself, before or instead of a server answer. They use the
 * `api` kind with `status: 0` so the renderer handles them like any API error.
 */
export const clientFailureCodes = {
  /** The endpoint is unknown or not allowed from the renderer. */
  endpointNotAllowed: 'CLIENT_ENDPOINT_NOT_ALLOWED',
  /** The parameters failed the binding's schema; nothing was sent. */
  invalidParams: 'CLIENT_INVALID_PARAMS',
  /** The outbox holds as many unsent messages as it may; nothing was added. */
  outboxFull: 'CLIENT_OUTBOX_FULL',
  /** There is no active account to call on. */
  noAccount: 'CLIENT_NO_ACCOUNT',
  /** The call was made for an account that is no longer the active one; nothing was sent. */
  otherAccount: 'CLIENT_OTHER_ACCOUNT',
  /** The server does not offer password sign-in. */
  passwordSignInUnavailable: 'CLIENT_PASSWORD_SIGN_IN_UNAVAILABLE',
  /** A file given as a zuliprc lacks the `[api]` section or one of its fields. */
  invalidZuliprc: 'CLIENT_INVALID_ZULIPRC',
  /** The server's feature level is below `MIN_FEATURE_LEVEL`. */
  serverTooOld: 'CLIENT_SERVER_TOO_OLD',
  /** The server URL could not be understood. */
  invalidServerUrl: 'CLIENT_INVALID_SERVER_URL',
  /** Credentials would travel unencrypted: plain http is only allowed to this machine. */
  insecureServerUrl: 'CLIENT_INSECURE_SERVER_URL',
  /** The named demo account does not exist (or the app was not started with the demo). */
  unknownDemoAccount: 'CLIENT_UNKNOWN_DEMO_ACCOUNT',
  /** Too many requests were already waiting for the server; nothing was sent. */
  overloaded: 'CLIENT_OVERLOADED',
  /** This window asked for more calls per second than a working app does; nothing was sent. */
  tooManyCalls: 'CLIENT_TOO_MANY_CALLS',
  /** Main holds no key for that bot: the account does not own it, or there is no such bot. */
  botKeyUnavailable: 'CLIENT_BOT_KEY_UNAVAILABLE',
  /** The file is larger than the organization's `max_file_upload_size_mib`; nothing was sent. */
  fileTooLarge: 'CLIENT_FILE_TOO_LARGE',
  /** The upload was cancelled, or is unknown to main (finished, cancelled, or idle too long). */
  uploadCancelled: 'CLIENT_UPLOAD_CANCELLED',
  /** The path is not one of the account's own uploads (`/user_uploads/...`). */
  notAnUpload: 'CLIENT_NOT_AN_UPLOAD',
} as const;

/** Where an outbox message goes: a channel's topic, or a direct-message conversation. */
export type OutboxDestination =
  | { type: 'channel'; streamId: number; topic: string }
  /** The other people of the conversation; empty or only oneself for a note to self. */
  | { type: 'direct'; userIds: number[] };

export interface OutboxSendRequest {
  destination: OutboxDestination;
  content: string;
}

/**
 * `sending`: a request (or the check before re-sending) is on its way. `waiting`: not delivered
 * yet; it is tried again by itself, in order, when the connection returns. `failed`: the server
 * refused it or every attempt failed; only the user's Retry sends it again. `sent`: the server has
 * it (`messageId`); kept briefly, until its message event has reached the window.
 */
export type OutboxEntryState = 'sending' | 'waiting' | 'failed' | 'sent';

/** A message the user sent that the server may not have yet (the local echo's source). */
export interface OutboxEntry {
  /** The `local_id` sent with it; the server's `message` event for it carries it back. */
  localId: string;
  destination: OutboxDestination;
  content: string;
  /** When the user sent it (ms since the epoch). */
  createdAt: number;
  state: OutboxEntryState;
  /** Requests made for it so far. */
  attempts: number;
  /**
   * A request for it may have reached the server (its answer did not come): taking it back could
   * not unsend it, and sending an edited copy could make two. False while every attempt is known
   * not to have arrived (none made, no connection, refused).
   */
  mayBeOnServer: boolean;
  /** Why it is waiting or failed, in the user's words. */
  reason?: string;
  messageId?: number;
}

/** The active account's outbox, pushed whenever it changes. */
export interface OutboxSnapshot {
  accountId: string | null;
  entries: OutboxEntry[];
}

export interface OutboxApi {
  /** Accepts a message into the active account's outbox (persisted), which delivers it. */
  send(request: OutboxSendRequest): Promise<CallResult<OutboxEntry>>;
  list(): Promise<OutboxSnapshot>;
  /** Tries a failed or waiting message again now. False when there is no such message. */
  retry(localId: string): Promise<boolean>;
  /**
   * Removes a message that is not on its way right now, and returns it (for Edit: its text goes
   * back to the compose box). Null when there is none, or it is being sent at this moment.
   */
  discard(localId: string): Promise<OutboxEntry | null>;
}

/** Oldest server this app accepts: `user_settings` events (level 89) are what it keeps settings in sync with. */
export const MIN_FEATURE_LEVEL = 89;

export interface AccountsApi {
  list(): Promise<AccountSummary[]>;
  /** The active account's id, or null when there is none. */
  active(): Promise<string | null>;
  /** Reads GET /server_settings of a server before asking for credentials. */
  probeServer(serverUrl: string): Promise<CallResult<ProbedServer>>;
  add(request: AddAccountRequest): Promise<CallResult<SignedInAccount>>;
  /**
   * Exchanges email (or username) and password for an API key in the main process and adds the
   * account. The password crosses the bridge this once and is kept nowhere.
   */
  signInWithPassword(request: PasswordSignInRequest): Promise<CallResult<SignedInAccount>>;
  /** Adds the account a zuliprc-style file's text describes (`[api]`: email, key, site). */
  importZuliprc(text: string): Promise<CallResult<SignedInAccount>>;
  switchTo(accountId: string): Promise<void>;
  remove(accountId: string): Promise<void>;
  /** The demo account offered by `npm start`, when the app was launched on the embedded server. */
  demo(): Promise<DemoAccounts | null>;
  /** Signs in as one of the demo accounts (the key stays in the main process). */
  addDemo(email: string): Promise<CallResult<SignedInAccount>>;
}

/** The bots of the active account. */
export interface BotsApi {
  /**
   * The API key of a bot the user owns, asked for per click and shown once: the only bridge
   * answer that may carry a key. Keys are stripped from everything else main sends.
   */
  revealApiKey(botUserId: number): Promise<CallResult<{ bot_user_id: number; api_key: string }>>;
}

/** A file about to be uploaded: what main needs before the first byte. */
export interface UploadRequest {
  name: string;
  /** The MIME type the browser gave the file ('' when it does not know). */
  type: string;
  size: number;
}

/** The server's answer to an upload (POST /user_uploads). */
export interface UploadedFile {
  /** `/user_uploads/<path_id>`, relative to the server, as the server answered it. */
  url: string;
  filename: string;
}

/**
 * Files, through main: uploads are streamed by main to the active account's server (the renderer
 * hands over the bytes piece by piece), and the server's own files are fetched by main with the
 * account's credentials, so pages can show them without ever holding a key.
 */
export interface FilesApi {
  /**
   * Opens an upload to the active account. Refused at once, with `fileTooLarge`, when `size` is
   * over the organization's `max_file_upload_size_mib`.
   */
  beginUpload(file: UploadRequest): Promise<CallResult<{ uploadId: string }>>;
  /**
   * The next piece of the file, in order. Resolves once main has passed it on to the request, so
   * the bytes resolved so far are the upload's progress; rejects if the upload is gone.
   */
  sendChunk(uploadId: string, bytes: Uint8Array): Promise<void>;
  /** After the last piece: the server's answer. */
  finishUpload(uploadId: string): Promise<CallResult<UploadedFile>>;
  /** Aborts the request; a later `sendChunk` or `finishUpload` fails with `uploadCancelled`. */
  cancelUpload(uploadId: string): Promise<void>;
  /**
   * Where a page loads one of the account's uploads from (`path`: `/user_uploads/...`): a route
   * of the shell that main answers with the file, fetched with the account's credentials.
   * Synchronous: the sanitizer rewrites links with it.
   */
  url(accountId: string, path: string): string;
  /**
   * Saves one of the account's uploads: to the downloads folder (Electron, `savedAs` is the file
   * written) or through the browser's own download (web host, `savedAs` is null).
   */
  download(accountId: string, path: string): Promise<CallResult<{ savedAs: string | null }>>;
}

/** Messages kept at most for a conversation shown at the next launch (the newest of it). */
export const CACHED_MESSAGES_MAX = 50;

/**
 * The conversation the user last saw at its newest message, kept on this computer per account so
 * the next launch can show it before the server answers. Messages only, never a key.
 */
export interface CachedConversation {
  /** The renderer's own description of the conversation; main stores it as it is. */
  narrow: unknown;
  /** Its newest messages, oldest first, at most CACHED_MESSAGES_MAX (the server's message objects). */
  messages: { id: number }[];
  /** When it was saved (ms since the epoch). */
  savedAt: number;
}

export interface ConversationCacheApi {
  /** The active account's last conversation, or null (none kept, or it was unreadable). */
  last(): Promise<CachedConversation | null>;
  /**
   * Replaces the active account's last conversation (only its newest CACHED_MESSAGES_MAX messages
   * are kept). `accountId` is the account it is of: if another is active by the time main reads it
   * (the person switched meanwhile), nothing is kept, as for `call`.
   */
  save(conversation: Omit<CachedConversation, 'savedAt'>, accountId: string): Promise<void>;
  /**
   * The conversation the active account had open when the app was last used (the renderer's own
   * description, stored as it is), for the launch to reopen; null when a home view or nothing was.
   */
  lastOpen(): Promise<unknown>;
  /**
   * Records the conversation open now in `accountId` (null: none is); main keeps nothing for one
   * over 4 KB of JSON, nor when another account is active by the time it reads it.
   */
  setOpen(narrow: unknown, accountId: string): Promise<void>;
}

export interface ChatBridge {
  /**
   * Calls an allow-listed endpoint on the active account. With `cancelId` (a number this window
   * has not used for a call still running) the call can be given up with `cancelCall`. With
   * `accountId`, the call is for that account only: if another account is active by the time main
   * reads it (the person switched meanwhile), nothing is sent and it fails with `otherAccount`.
   */
  call<N extends RendererEndpointName>(
    name: N,
    params: EndpointParams<N>,
    cancelId?: number,
    accountId?: string,
  ): Promise<CallResult<EndpointResponse<N>>>;
  /**
   * Gives up the call made with `cancelId`: main aborts its request (or drops it before it is
   * sent) and answers it at once with the `cancelled` failure. A cancel for an id that is unknown,
   * already answered or already cancelled does nothing. Renderer code passes an AbortSignal to
   * `callApi` rather than calling this itself.
   */
  cancelCall(cancelId: number): Promise<void>;
  /**
   * The current session (initial state), or null before the first registration and while a fresh
   * one is being made. Subscribe with `onSession` first, then call this: a renderer that attaches
   * after events were delivered gets a new session pushed (its initial state would be stale).
   */
  session(): Promise<SessionStarted | null>;
  onSession(listener: (session: SessionStarted) => void): Unsubscribe;
  onEvents(listener: (batch: EventBatch) => void): Unsubscribe;
  connectionStatus(): Promise<ConnectionStatus>;
  /** Cuts the event loop's wait short and tries the server again now, with the backoff restarted. */
  retryNow(): Promise<void>;
  onConnectionStatus(listener: (status: ConnectionStatus) => void): Unsubscribe;
  /** Fires when an account is added, removed or switched to (including to none). */
  onAccountsChanged(listener: (state: AccountsState) => void): Unsubscribe;
  /** Things the main process tells this window's user (e.g. that it refused a flood of calls). */
  onNotice(listener: (notice: BridgeNotice) => void): Unsubscribe;
  accounts: AccountsApi;
  bots: BotsApi;
  /** Messages on their way to the server: the send path (local echo, retries, no duplicates). */
  outbox: OutboxApi;
  onOutbox(listener: (snapshot: OutboxSnapshot) => void): Unsubscribe;
  /** The last conversation's newest messages, kept for the next launch. */
  conversationCache: ConversationCacheApi;
  files: FilesApi;
  /** Opens an http, https or mailto URL in the system browser; anything else is refused. */
  openExternal(url: string): Promise<void>;
  /** Brings the app window to the front (a notification was clicked). The web host has none to move. */
  focusWindow(): Promise<void>;
  /** The unread count for the dock/taskbar badge (Electron); the web host shows it in the page title. */
  setUnreadCount(count: number): Promise<void>;
  /**
   * The user used the window (a key, a click, focus): their presence is reported as active for a
   * while. The renderer calls it at most every few seconds.
   */
  userInput(): Promise<void>;
  /** Presence the account's reports learned (`PresenceUpdate`). */
  onPresences(listener: (update: PresenceUpdate) => void): Unsubscribe;
}

import type { Endpoint } from '../../shared/api/endpoint';
import { getMessages, sendMessage } from '../../shared/api/messages';
import { updatePresence } from '../../shared/api/presence';
import { fetchApiKey } from '../../shared/api/auth';
import {
  featureLevelOf,
  getServerSettings,
  offersPasswordSignIn,
  type ServerSettings,
} from '../../shared/api/server';
import {
  clientFailureCodes,
  MIN_FEATURE_LEVEL,
  type AccountsState,
  type AccountSummary,
  type SignedInAccount,
  type ProbedServer,
  type AddAccountRequest,
  type CachedConversation,
  type DemoAccounts,
  type PasswordSignInRequest,
  type CallResult,
  type ConnectionStatus,
  type EventBatch,
  type OutboxEntry,
  type OutboxSendRequest,
  type OutboxSnapshot,
  type SessionStarted,
  type Unsubscribe,
  type UploadedFile,
  type UploadRequest,
} from '../../shared/ipc';
import type { BridgePush } from '../../shared/ipc-wire';
import type { CallFailure } from '../../shared/failures';
import { realClock, type BackoffPolicy, type Clock } from './backoff';
import { BotKeys } from './bot-keys';
import { clientFailure } from './client-failure';
import { EventLoop, SLOW_CALL_MS } from './event-loop';
import { ACTIVE_AFTER_INPUT_MS, PresenceLoop } from './presence-loop';
import { HttpClient } from './http-client';
import { Outbox } from './outbox';
import { OutboxFile } from './outbox-file';
import { ConversationCacheFile, OpenConversationFile } from './conversation-cache';
import { KeptSessionFile, type KeptSession } from './session-kept';
import type { OutboxLimits } from './outbox-policy';
import { verifyCredentials } from './own-user';
import { queueApiFor } from './queue-api';
import { SlowCallWatch } from './slow-calls';
import { absoluteUrl, mayCarryCredentials, normalizeServerUrl, serverUrlCandidates } from './server-url';
import { Vault, type KeyProtector } from './vault';
import { parseZuliprc } from './zuliprc';
import { realmIdentityChange, type RealmIdentity } from './realm-identity';
import { Uploads } from './uploads';

/**
 * The main process without a window: the vault, one HTTP client and one event loop per account,
 * and the pushes the renderer (through either shell) receives for the active account.
 */

export interface DemoUser {
  email: string;
  apiKey: string;
  fullName: string;
  role: number;
  /** Shown on the demo sign-in screen (the demo's passwords are printed for the user, not secret). */
  password?: string;
}

export interface DemoConfig {
  serverUrl: string;
  users: DemoUser[];
}

export interface CoreOptions {
  dataDir: string;
  protector: KeyProtector;
  userAgent: string;
  demo?: DemoConfig | null;
  /** Never receives a key: messages are built from summaries and failures only. */
  log?: (message: string) => void;
  fetch?: typeof fetch;
  clock?: Clock;
  random?: () => number;
  backoff?: BackoffPolicy;
  requestTimeoutMs?: number;
  /** A call or poll unanswered this long makes the status "not responding" (default `SLOW_CALL_MS`). */
  slowCallMs?: number;
  /** Bounds of each account's outbox (tests shorten the waits). */
  outboxLimits?: Partial<OutboxLimits>;
  /** Events of a registration kept for windows that attach later (kept-events.ts). */
  maxKeptEvents?: number;
}

/** Per-account listeners for the shell (notifications, tray), for every account, active or not. */
export interface AccountActivity {
  onSession?(session: SessionStarted): void;
  onEvents?(batch: EventBatch): void;
}

/** How long after a registration its state is written for the next launch. */
const KEEP_SESSION_AFTER_MS = 1000;

interface Running {
  client: HttpClient;
  loop: EventLoop;
  calls: SlowCallWatch;
  botKeys: BotKeys;
  outbox: Outbox;
  presence: PresenceLoop;
}

/** What the user is told: the loop's status, unless it looks fine while calls go unanswered. */
function effectiveStatus({ loop, calls }: Running): ConnectionStatus {
  const status = loop.connectionStatus;
  if (calls.slow && status.state === 'connected')
    return { state: 'unresponsive', failures: 0, retryInMs: null, reason: 'The server is not responding.' };
  return status;
}

/**
 * How long finding a server may take in all, every address and retry included: a person waits
 * for this answer, and a server that accepts connections but never answers must not hold them for
 * the minute and a half that three attempts at the usual request timeout would take.
 */
export const PROBE_TIMEOUT_MS = 15_000;

function probeTimedOut(): CallResult<never> {
  return {
    ok: false,
    error: { kind: 'network', reason: 'timeout', message: `no answer within ${PROBE_TIMEOUT_MS / 1000} s` },
  };
}

/** The refusal to send a secret over plain http to another machine. */
function insecure(serverUrl: string, secret: string): CallResult<never> {
  return clientFailure(
    clientFailureCodes.insecureServerUrl,
    `${serverUrl} does not use https, so ${secret} would cross the network unencrypted. ` +
      'Use the https address of the organization.',
  );
}

export class ChatCore {
  readonly vault: Vault;
  private readonly uploads = new Uploads();
  private readonly running = new Map<string, Running>();
  private readonly listeners = new Set<(push: BridgePush) => void>();
  private readonly activity = new Set<AccountActivity>();
  /** Accounts whose renderer asked for the session while a resync withheld it. */
  private readonly waitingForSession = new Set<string>();
  /**
   * Accounts started this launch that have not registered yet, with the state kept from their last
   * launch once a window asked for it (null: nothing usable was kept).
   */
  private readonly keptSessions = new Map<string, KeptSession | null | 'unread'>();
  private readonly log: (message: string) => void;
  /** When the user last used a window of the app (clock time). */
  private lastInputAt: number | null = null;

  constructor(private readonly options: CoreOptions) {
    this.vault = new Vault(options.dataDir, options.protector);
    this.log = options.log ?? ((message) => console.log(`[core] ${message}`));
  }

  /** Starts the event loops of the stored accounts. */
  start(): void {
    for (const account of this.vault.list()) this.ensureRunning(account.id);
  }

  async stop(): Promise<void> {
    this.uploads.cancelAll();
    const all = [...this.running.values()];
    this.running.clear();
    for (const { outbox } of all) outbox.stop();
    await Promise.all(all.flatMap(({ loop, presence }) => [loop.stop(), presence.stop()]));
  }

  subscribe(listener: (push: BridgePush) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  watchActivity(listener: AccountActivity): Unsubscribe {
    this.activity.add(listener);
    return () => this.activity.delete(listener);
  }

  /** Cuts every loop's backoff short (system resume, network back). */
  wake(): void {
    for (const { loop } of this.running.values()) loop.wake();
  }

  /** The user's "Retry now": the active account's loop tries the server again at once. */
  retryNow(): void {
    const id = this.vault.activeId;
    if (id) this.running.get(id)?.loop.retryNow();
  }

  setOnline(online: boolean): void {
    for (const { loop } of this.running.values()) loop.setOnline(online);
  }

  /**
   * The user used a window (a key, a click, focus): the active account reports them active. Kept
   * for the app, not per account: input before signing in (or before a switch) counts for the
   * account that is then active.
   */
  userInput(): void {
    const now = (this.options.clock ?? realClock).now();
    const before = this.lastInputAt;
    this.lastInputAt = now;
    const id = this.vault.activeId;
    if (id && (before === null || now - before >= ACTIVE_AFTER_INPUT_MS))
      this.running.get(id)?.presence.reportNow();
  }

  /**
   * A renderer attached or re-attached: the session it asks for carries the events delivered since
   * its registration, or is a fresh one when there were more than the loop keeps.
   */
  rendererAttached(): void {
    const id = this.vault.activeId;
    if (id) this.running.get(id)?.loop.resyncIfStale();
  }

  // ---- the active account -------------------------------------------------------------------

  session(): SessionStarted | null {
    const id = this.vault.activeId;
    const session = id ? (this.running.get(id)?.loop.session ?? null) : null;
    if (id && !session) this.waitingForSession.add(id);
    return session;
  }

  /**
   * The session a window asks for: the live one, or until the account's first registration of this
   * launch answers, the state kept from its last launch (`keptFromLastLaunch`: the window draws from
   * it and waits for the live session, which is pushed when it comes).
   */
  sessionForWindow(): SessionStarted | null {
    const live = this.session();
    const id = this.vault.activeId;
    // An account whose loop has not started yet (the web host answers its page first) has not
    // registered this launch either: its kept state is as good as once it has started.
    if (id && !this.running.has(id) && !this.keptSessions.has(id) && this.vault.get(id))
      this.keptSessions.set(id, 'unread');
    if (live || !id || !this.keptSessions.has(id)) return live;
    let kept = this.keptSessions.get(id);
    if (kept === 'unread') {
      kept = new KeptSessionFile(this.options.dataDir, id).load();
      this.keptSessions.set(id, kept);
    }
    if (!kept) return null;
    return {
      accountId: id,
      generation: 0,
      initialState: kept.initialState,
      registeredAt: kept.savedAt,
      stale: true,
      keptFromLastLaunch: true,
    };
  }

  connectionStatus(): ConnectionStatus {
    const id = this.vault.activeId;
    if (!id) return { state: 'offline', reason: 'No account is signed in.' };
    const running = this.running.get(id);
    return running ? effectiveStatus(running) : { state: 'connecting' };
  }

  /**
   * Calls a binding on the active account; the router has validated the parameters already. With
   * `forAccount`, only while that account is the active one.
   */
  async callActive<P extends Record<string, unknown>, R>(
    endpoint: Endpoint<string, P, R>,
    params: P,
    signal?: AbortSignal,
    forAccount?: string,
  ): Promise<CallResult<R>> {
    const id = this.vault.activeId;
    if (forAccount !== undefined && forAccount !== id)
      return clientFailure(
        clientFailureCodes.otherAccount,
        'Not sent: it was meant for an account that is no longer the one open.',
      );
    const running = id ? this.ensureRunning(id) : null;
    if (!running) return clientFailure(clientFailureCodes.noAccount, 'No account is signed in.');
    const result = await running.calls.track(() =>
      running.client.call(endpoint, params, signal ? { signal } : {}),
    );
    if (!result.ok && suggestsServerGone(result.error)) running.loop.checkNow();
    return result;
  }

  /**
   * The API key of a bot the active account owns, for the one screen that shows it on request.
   * Answered from what the server sent main; nothing is cached on the renderer's side.
   */
  revealBotApiKey(botUserId: number): CallResult<{ bot_user_id: number; api_key: string }> {
    const id = this.vault.activeId;
    const running = id ? this.running.get(id) : undefined;
    if (!running) return clientFailure(clientFailureCodes.noAccount, 'No account is signed in.');
    const key = running.botKeys.get(botUserId);
    if (!key)
      return clientFailure(
        clientFailureCodes.botKeyUnavailable,
        'This bot’s API key is not available: only the bot’s owner can see it.',
      );
    this.log(`bot API key shown on request (bot ${botUserId})`);
    return { ok: true, value: { bot_user_id: botUserId, api_key: key } };
  }

  // ---- the active account's outbox ----------------------------------------------------------

  outboxState(): OutboxSnapshot {
    const id = this.vault.activeId;
    const running = id ? this.ensureRunning(id) : null;
    return { accountId: id, entries: running?.outbox.list() ?? [] };
  }

  /** Accepts a message into the active account's outbox: persisted at once, then delivered. */
  outboxSend(request: OutboxSendRequest): CallResult<OutboxEntry> {
    const id = this.vault.activeId;
    const running = id ? this.ensureRunning(id) : null;
    if (!running) return clientFailure(clientFailureCodes.noAccount, 'No account is signed in.');
    return running.outbox.add(request);
  }

  outboxRetry(localId: string): boolean {
    const id = this.vault.activeId;
    const running = id ? this.running.get(id) : undefined;
    if (!running?.outbox.retry(localId)) return false;
    // The outbox waits for the connection after a failure: trying a message now means trying the
    // server now, not when the loop's backoff would have.
    if (running.loop.connectionStatus.state !== 'connected') running.loop.retryNow();
    return true;
  }

  outboxDiscard(localId: string): OutboxEntry | null {
    const id = this.vault.activeId;
    return (id && this.running.get(id)?.outbox.discard(localId)) || null;
  }

  // ---- the active account's last conversation, for the next launch ---------------------------

  lastConversation(): CachedConversation | null {
    const id = this.vault.activeId;
    return id ? new ConversationCacheFile(this.options.dataDir, id).load() : null;
  }

  /** `forAccount`: the account the conversation is of; nothing is kept when another is active. */
  saveConversation(conversation: Omit<CachedConversation, 'savedAt'>, forAccount?: string): void {
    const id = this.activeIdFor(forAccount);
    if (id) new ConversationCacheFile(this.options.dataDir, id).save(conversation);
  }

  /** The conversation the active account had open when the app was last used (null: none). */
  lastOpenConversation(): unknown {
    const id = this.vault.activeId;
    return id ? new OpenConversationFile(this.options.dataDir, id).load() : null;
  }

  setOpenConversation(narrow: unknown, forAccount?: string): void {
    const id = this.activeIdFor(forAccount);
    if (id) new OpenConversationFile(this.options.dataDir, id).save(narrow);
  }

  /**
   * The active account, if a request made for `forAccount` may act on it: a window's timer can fire
   * in the moment after main switched accounts and before the window followed.
   */
  private activeIdFor(forAccount: string | undefined): string | null {
    const id = this.vault.activeId;
    return forAccount === undefined || forAccount === id ? id : null;
  }

  // ---- files --------------------------------------------------------------------------------

  /** Opens an upload to the active account, checked against its organization's size limit. */
  beginUpload(file: UploadRequest): CallResult<{ uploadId: string }> {
    const id = this.vault.activeId;
    const running = id ? this.ensureRunning(id) : null;
    const limitMib = running?.loop.session?.initialState.max_file_upload_size_mib;
    return this.uploads.begin(
      id && running
        ? {
            accountId: id,
            client: running.client,
            limitBytes: limitMib != null ? limitMib * 1024 * 1024 : null,
          }
        : null,
      file,
    );
  }

  sendUploadChunk(uploadId: string, bytes: Uint8Array): Promise<void> {
    return this.uploads.sendChunk(uploadId, bytes);
  }

  finishUpload(uploadId: string): Promise<CallResult<UploadedFile>> {
    return this.uploads.finish(uploadId);
  }

  cancelUpload(uploadId: string): void {
    this.uploads.cancel(uploadId);
  }

  /**
   * One of an account's own files (`path` under its server, `/user_uploads/...`), fetched with
   * its credentials: any signed-in account, not only the active one, so a page showing an image
   * while the user switches still gets it from the right server.
   */
  async fetchAccountFile(
    accountId: string,
    path: string,
    signal?: AbortSignal,
  ): Promise<CallResult<Response>> {
    const running = this.ensureRunning(accountId);
    if (!running) return clientFailure(clientFailureCodes.noAccount, 'No such account.');
    return running.client.fetchFile(path, signal);
  }

  // ---- accounts -----------------------------------------------------------------------------

  /** Every account, with how many messages its outbox still holds (all outboxes run). */
  accountSummaries(): AccountSummary[] {
    return this.vault.list().map((account) => ({
      ...account,
      unsentMessages: this.running.get(account.id)?.outbox.list().length ?? 0,
    }));
  }

  accountsState(): AccountsState {
    return { accounts: this.vault.list(), activeId: this.vault.activeId };
  }

  /**
   * Finds the server behind what the person typed: each address `serverUrlCandidates` makes of it,
   * in turn, until one answers GET /server_settings (at most four, one after the other), all
   * within `PROBE_TIMEOUT_MS`.
   */
  async probeServer(input: string): Promise<CallResult<ProbedServer>> {
    const candidates = serverUrlCandidates(input);
    if (!candidates)
      return clientFailure(clientFailureCodes.invalidServerUrl, `"${input.trim()}" is not a server address.`);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), PROBE_TIMEOUT_MS);
    try {
      let first: CallResult<ProbedServer> | null = null;
      for (const serverUrl of candidates) {
        const client = new HttpClient({ ...this.clientOptions(), serverUrl });
        const found = await client.call(
          getServerSettings,
          {},
          { timeoutMs: PROBE_TIMEOUT_MS, signal: deadline.signal },
        );
        if (found.ok) return { ok: true, value: { serverUrl, settings: found.value } };
        if (deadline.signal.aborted) return probeTimedOut();
        first ??= found;
      }
      return first!;
    } finally {
      clearTimeout(timer);
    }
  }

  async addAccount(request: AddAccountRequest): Promise<CallResult<SignedInAccount>> {
    const server = await this.serverForSignIn(request.serverUrl, 'your API key');
    if (!server.ok) return server;
    return this.addVerifiedAccount(server.value, request.email.trim(), request.apiKey.trim());
  }

  /**
   * Email (or username) and password for an API key (POST /fetch_api_key), then the account as
   * `addAccount` adds it. The password is sent once and kept nowhere: not stored, not logged.
   */
  async signInWithPassword(request: PasswordSignInRequest): Promise<CallResult<SignedInAccount>> {
    const server = await this.serverForSignIn(request.serverUrl, 'your password');
    if (!server.ok) return server;
    if (!offersPasswordSignIn(server.value.settings))
      return clientFailure(
        clientFailureCodes.passwordSignInUnavailable,
        'This organization does not take passwords for signing in here. Sign in with an API key or a zuliprc file.',
      );
    const client = new HttpClient({
      ...this.clientOptions(),
      serverUrl: server.value.serverUrl,
      featureLevel: () => server.value.featureLevel,
    });
    // No retries: a refused password is not worth repeating, and a 429 tells the person how long to wait.
    const fetched = await client.call(
      fetchApiKey,
      { username: request.username.trim(), password: request.password },
      { maxRetries: 0 },
    );
    if (!fetched.ok) return fetched;
    return this.addVerifiedAccount(server.value, fetched.value.email, fetched.value.api_key);
  }

  /** A zuliprc-style file's text: its `[api]` section's email, key and site make the account. */
  async importZuliprc(text: string): Promise<CallResult<SignedInAccount>> {
    const parsed = parseZuliprc(text);
    if (!parsed.ok) return clientFailure(clientFailureCodes.invalidZuliprc, parsed.message);
    const { site, email, apiKey } = parsed.value;
    return this.addAccount({ serverUrl: site, email, apiKey });
  }

  /**
   * The checks before any credential leaves the app: an address the app understands, a channel
   * that does not expose `secret` (https, or this machine), and a server new enough.
   */
  private async serverForSignIn(
    input: string,
    secret: string,
  ): Promise<CallResult<{ serverUrl: string; settings: ServerSettings; featureLevel: number }>> {
    const typed = normalizeServerUrl(input);
    if (!typed)
      return clientFailure(clientFailureCodes.invalidServerUrl, `"${input.trim()}" is not a server address.`);
    // Refused before anything is asked: an address typed with http:// to another machine.
    if (!mayCarryCredentials(typed)) return insecure(typed, secret);
    const probe = await this.probeServer(input);
    if (!probe.ok) return probe;
    const { serverUrl, settings } = probe.value;
    if (!mayCarryCredentials(serverUrl)) return insecure(serverUrl, secret);
    const featureLevel = featureLevelOf(settings);
    if (featureLevel < MIN_FEATURE_LEVEL)
      return clientFailure(
        clientFailureCodes.serverTooOld,
        `This server is too old for this app: it reports feature level ${featureLevel}` +
          `${settings.service_version ? ` (version ${settings.service_version})` : ''}, and the app needs ` +
          `${MIN_FEATURE_LEVEL} or newer. Ask the server's administrator to upgrade.`,
      );
    return { ok: true, value: { serverUrl, settings, featureLevel } };
  }

  /** Verifies the key with the server, then stores the account and starts its event loop. */
  private async addVerifiedAccount(
    server: { serverUrl: string; settings: ServerSettings; featureLevel: number },
    email: string,
    apiKey: string,
  ): Promise<CallResult<SignedInAccount>> {
    const { serverUrl, settings, featureLevel } = server;
    const client = new HttpClient({
      ...this.clientOptions(),
      serverUrl,
      credentials: { email, apiKey },
      featureLevel: () => featureLevel,
    });
    const verified = await verifyCredentials(client);
    if (!verified.ok) return verified;

    const previous = this.vault.findByLogin(serverUrl, email);
    if (previous) await this.stopAccount(previous.id);
    const summary = this.vault.save(
      {
        serverUrl,
        email,
        realmName: settings.realm_name ?? new URL(serverUrl).host,
        realmIcon: absoluteUrl(serverUrl, settings.realm_icon),
        featureLevel,
      },
      apiKey,
    );
    this.log(`account added: ${email} on ${serverUrl} (feature level ${featureLevel})`);
    this.ensureRunning(summary.id);
    this.publishActive();
    return { ok: true, value: previous ? { ...summary, alreadySignedIn: true } : summary };
  }

  async switchTo(accountId: string): Promise<void> {
    if (!this.vault.get(accountId)) throw new Error('No such account');
    this.vault.setActive(accountId);
    // The renderer dropped this account's data when it switched away: the session it gets carries
    // the events the loop got meanwhile (a channel renamed, messages read elsewhere), or is a fresh
    // one when there were more than the loop keeps.
    this.ensureRunning(accountId)?.loop.resyncIfStale();
    this.publishActive();
  }

  async remove(accountId: string): Promise<void> {
    const summary = this.vault.get(accountId);
    if (!summary) return;
    await this.stopAccount(accountId);
    // Signing out of an account takes its unsent messages with it (they name its server and person).
    new OutboxFile(this.options.dataDir, accountId).remove();
    new ConversationCacheFile(this.options.dataDir, accountId).remove();
    new OpenConversationFile(this.options.dataDir, accountId).remove();
    await new KeptSessionFile(this.options.dataDir, accountId).remove().catch(() => undefined);
    this.vault.remove(accountId);
    this.log(`account removed: ${summary.email} on ${summary.serverUrl}`);
    this.publishActive();
  }

  demo(): DemoAccounts | null {
    const demo = this.options.demo;
    if (!demo) return null;
    return {
      serverUrl: demo.serverUrl,
      accounts: demo.users.map(({ email, fullName, role, password }) => ({
        email,
        fullName,
        role,
        ...(password ? { password } : {}),
      })),
    };
  }

  async addDemo(email: string): Promise<CallResult<SignedInAccount>> {
    const user = this.options.demo?.users.find((candidate) => candidate.email === email);
    if (!user || !this.options.demo)
      return clientFailure(clientFailureCodes.unknownDemoAccount, `No demo account ${email}.`);
    return this.addAccount({
      serverUrl: this.options.demo.serverUrl,
      email: user.email,
      apiKey: user.apiKey,
    });
  }

  // ---- internals ----------------------------------------------------------------------------

  private clientOptions() {
    return {
      userAgent: this.options.userAgent,
      fetch: this.options.fetch,
      clock: this.options.clock,
      random: this.options.random,
      timeoutMs: this.options.requestTimeoutMs,
    };
  }

  private ensureRunning(accountId: string): Running | null {
    const existing = this.running.get(accountId);
    if (existing) return existing;
    const credentials = this.vault.credentialsOf(accountId);
    const summary = this.vault.get(accountId);
    if (!credentials || !summary) return null;

    let loop: EventLoop | null = null;
    const botKeys = new BotKeys();
    const keptFile = new KeptSessionFile(this.options.dataDir, accountId);
    if (!this.keptSessions.has(accountId)) this.keptSessions.set(accountId, 'unread');
    let keepTimer: ReturnType<typeof setTimeout> | null = null;
    const client = new HttpClient({
      ...this.clientOptions(),
      serverUrl: credentials.serverUrl,
      credentials: { email: credentials.email, apiKey: credentials.apiKey },
      featureLevel: () => loop?.session?.initialState.service_feature_level ?? summary.featureLevel,
    });
    loop = new EventLoop({
      accountId,
      api: queueApiFor(client),
      clock: this.options.clock,
      random: this.options.random,
      backoff: this.options.backoff,
      requestTimeoutMs: this.options.requestTimeoutMs,
      slowCallMs: this.options.slowCallMs,
      maxKeptEvents: this.options.maxKeptEvents,
      onSession: (session) => {
        botKeys.reset(session.initialState);
        this.refreshRealm(accountId, credentials.serverUrl, {
          name: session.initialState.realm_name,
          iconUrl: session.initialState.realm_icon_url,
        });
        this.waitingForSession.delete(accountId);
        this.keptSessions.delete(accountId);
        // Kept for the next launch, once the window has drawn this one (off its critical path).
        if (keepTimer) clearTimeout(keepTimer);
        keepTimer = setTimeout(() => {
          keepTimer = null;
          // Not for an account signed out (or stopped) since.
          if (this.running.get(accountId) !== running) return;
          keptFile
            .save(session.initialState)
            .catch((error: unknown) => this.log(`could not keep the session: ${String(error)}`));
        }, KEEP_SESSION_AFTER_MS);
        keepTimer.unref?.();
        for (const listener of this.activity) listener.onSession?.(session);
        if (this.vault.activeId === accountId) this.push({ channel: 'session', payload: session });
        presence.sessionStarted(session.initialState);
      },
      onEvents: (batch) => {
        botKeys.apply(batch.events);
        const realmChange = realmIdentityChange(batch.events);
        if (realmChange) this.refreshRealm(accountId, credentials.serverUrl, realmChange);
        for (const listener of this.activity) listener.onEvents?.(batch);
        if (this.vault.activeId === accountId) this.push({ channel: 'events', payload: batch });
        // After the events went out: the window drops a message's echo only once it has the message.
        running.outbox.observe(batch.events);
      },
      onStatus: (status) => {
        if (status.state === 'fatal' || status.state === 'reconnecting' || status.state === 'unresponsive')
          this.log(`${summary.email} on ${summary.serverUrl}: ${status.state}: ${status.reason}`);
        if (status.state === 'connected') running.outbox.connectionChanged(true);
        // Refused for good (a revoked key, a deactivated account): nothing more is sent for it.
        if (status.state === 'fatal') void running.presence.stop();
        if (this.vault.activeId !== accountId) return;
        // A renderer left waiting by a resync that cannot reach the server (the network died as
        // the window reloaded) gets the last session meanwhile, rather than "connecting" until
        // the server is back; the fresh session replaces it then.
        const last = loop?.session;
        if (last && this.waitingForSession.delete(accountId))
          this.push({ channel: 'session', payload: last });
        this.push({ channel: 'status', payload: effectiveStatus(running) });
      },
    });
    const calls = new SlowCallWatch(this.options.slowCallMs ?? SLOW_CALL_MS, () => {
      if (this.vault.activeId === accountId)
        this.push({ channel: 'status', payload: effectiveStatus(running) });
    });
    const outbox = new Outbox({
      file: new OutboxFile(this.options.dataDir, accountId),
      send: (params) => calls.track(() => client.call(sendMessage, params, { maxRetries: 0 })),
      recentMessages: async (params) => {
        const result = await calls.track(() => client.call(getMessages, params, { maxRetries: 0 }));
        return result.ok ? { ok: true, value: result.value.messages } : result;
      },
      sender: credentials.email,
      queueId: () => loop?.currentQueueId ?? null,
      connected: () => loop?.connectionStatus.state === 'connected',
      onChange: (entries) => {
        if (this.vault.activeId === accountId)
          this.push({ channel: 'outbox', payload: { accountId, entries } });
      },
      random: this.options.random,
      limits: this.options.outboxLimits,
      log: (message) => this.log(`${summary.email} on ${summary.serverUrl}: ${message}`),
    });
    const presence = new PresenceLoop({
      report: (params, options) => client.call(updatePresence, params, options),
      // Only the account on screen is being used.
      lastInputAt: () => (this.vault.activeId === accountId ? this.lastInputAt : null),
      onPresences: (presences) => {
        const session = loop?.session;
        if (!session) return;
        // A window that attaches later starts from these too (its session is this one).
        session.initialState.presences = { ...session.initialState.presences, ...presences };
        if (this.vault.activeId === accountId)
          this.push({
            channel: 'presences',
            payload: { accountId, generation: session.generation, presences },
          });
      },
      clock: this.options.clock,
      requestTimeoutMs: this.options.requestTimeoutMs,
    });
    const running: Running = { client, loop, calls, botKeys, outbox, presence };
    this.running.set(accountId, running);
    loop.start();
    outbox.start();
    return running;
  }

  private async stopAccount(accountId: string): Promise<void> {
    const running = this.running.get(accountId);
    if (!running) return;
    this.running.delete(accountId);
    this.waitingForSession.delete(accountId);
    this.uploads.cancelAccount(accountId);
    running.outbox.stop();
    await Promise.all([running.loop.stop(), running.presence.stop()]);
  }

  /** After any change of accounts: the list, then the new active account's session and status. */
  /**
   * The account list names the organization as its server now does (the name kept from sign-in
   * went stale when an administrator renamed it: the window's title and the account switcher
   * showed the old one for good).
   */
  private refreshRealm(accountId: string, serverUrl: string, identity: RealmIdentity): void {
    const current = this.vault.get(accountId);
    if (!current) return;
    const changed = this.vault.updateRealm(accountId, {
      realmName: identity.name ?? current.realmName,
      realmIcon:
        identity.iconUrl === undefined ? current.realmIcon : absoluteUrl(serverUrl, identity.iconUrl),
    });
    if (changed) this.push({ channel: 'accounts', payload: this.accountsState() });
  }

  private publishActive(): void {
    this.push({ channel: 'accounts', payload: this.accountsState() });
    const session = this.session();
    if (session) this.push({ channel: 'session', payload: session });
    this.push({ channel: 'status', payload: this.connectionStatus() });
    this.push({ channel: 'outbox', payload: this.outboxState() });
  }

  private push(push: BridgePush): void {
    for (const listener of this.listeners) listener(push);
  }
}

export { clientFailure };

/** A failure a server that went away (or a network that did) makes: no connection, no answer, a gateway's 5xx. */
function suggestsServerGone(failure: CallFailure): boolean {
  if (failure.kind === 'network') return failure.reason !== 'other';
  return failure.kind === 'server' && [502, 503, 504].includes(failure.status);
}

import { afterEach } from 'vitest';
import { z } from 'zod';
import {
  endpoints,
  isRendererEndpoint,
  type EndpointParams,
  type EndpointResponse,
  type RendererEndpointName,
} from '../../../shared/api';
import { decodeEvent } from '../../../shared/api/events';
import type { CallFailure } from '../../../shared/errors';
import type {
  AccountSummary,
  AccountsState,
  BridgeNotice,
  CallResult,
  ChatBridge,
  ConnectionStatus,
  EventBatch,
  CachedConversation,
  OutboxEntry,
  OutboxSnapshot,
  PresenceUpdate,
  SessionStarted,
} from '../../../shared/ipc';
import type { InitialState } from '../../../renderer/src/api/model';

/** A test's stand-in for the server, per operation: it answers, or throws FailWith. */
type Handlers = { [N in RendererEndpointName]?: (params: EndpointParams<N>) => unknown };

/**
 * Calls the main process would refuse (an operation the renderer may not call, or parameters the
 * binding's schema rejects). Each fails its call at once and, below, the test that made it.
 */
const refusedCalls: string[] = [];
afterEach(() => {
  const refused = refusedCalls.splice(0);
  if (refused.length > 0) throw new Error(`FakeBridge refused calls:\n${refused.join('\n')}`);
});

/** Takes the refused calls so far, for a test that makes them on purpose. */
export function takeRefusedCalls(): string[] {
  return refusedCalls.splice(0);
}

/** What main checks before anything goes on the wire (electron/core/ipc-router.ts), or null. */
function refusal(name: string, params: unknown): string | null {
  if (!isRendererEndpoint(name)) return `${name}: not an operation the renderer may call`;
  const checked = (endpoints[name].params as z.ZodType).safeParse(params);
  return checked.success ? null : `${name}: ${z.prettifyError(checked.error)} in ${JSON.stringify(params)}`;
}

/** An API failure as the main process would report it. */
export function apiError(code: string, msg: string, extra: Record<string, unknown> = {}): CallFailure {
  return { kind: 'api', status: 400, code, msg, extra };
}

export class FailWith {
  constructor(readonly failure: CallFailure) {}
}

/**
 * A ChatBridge for renderer tests: each endpoint answers from a handler (a thrown FailWith
 * becomes a failed CallResult), every call is recorded and checked against its binding as main
 * checks it, and tests push sessions and events (decoded, as main delivers them).
 */
export class FakeBridge implements ChatBridge {
  calls: { name: string; params: Record<string, unknown> }[] = [];
  handlers: Handlers = {};
  opened: string[] = [];
  retries = 0;
  private sessionListeners = new Set<(s: SessionStarted) => void>();
  private eventListeners = new Set<(b: EventBatch) => void>();
  private statusListeners = new Set<(s: ConnectionStatus) => void>();
  private accountListeners = new Set<(s: AccountsState) => void>();
  private noticeListeners = new Set<(n: BridgeNotice) => void>();
  private outboxListeners = new Set<(s: OutboxSnapshot) => void>();
  current: SessionStarted | null = null;
  accountList: AccountSummary[] = [];
  activeId: string | null = null;

  /** Cancel ids given with calls (in call order), and the ids `cancelCall` was asked for. */
  cancelIds: (number | undefined)[] = [];
  /** The account each call was made for (in call order; undefined: whichever is active). */
  accountIds: (string | undefined)[] = [];
  cancelled: number[] = [];
  private running = new Map<number, () => void>();

  async call<N extends RendererEndpointName>(
    name: N,
    params: EndpointParams<N>,
    cancelId?: number,
    accountId?: string,
  ): Promise<CallResult<EndpointResponse<N>>> {
    this.cancelIds.push(cancelId);
    this.accountIds.push(accountId);
    if (cancelId === undefined) return this.answer(name, params);
    // As main does: a cancel answers the call at once, whatever the handler is still doing.
    const cancelled = new Promise<CallResult<EndpointResponse<N>>>((resolve) =>
      this.running.set(cancelId, () =>
        resolve({ ok: false, error: { kind: 'cancelled', message: 'cancelled' } }),
      ),
    );
    try {
      return await Promise.race([this.answer(name, params), cancelled]);
    } finally {
      this.running.delete(cancelId);
    }
  }

  async cancelCall(cancelId: number) {
    this.cancelled.push(cancelId);
    this.running.get(cancelId)?.();
  }

  private async answer<N extends RendererEndpointName>(
    name: N,
    params: EndpointParams<N>,
  ): Promise<CallResult<EndpointResponse<N>>> {
    this.calls.push({ name, params });
    const refused = refusal(name, params);
    if (refused) {
      refusedCalls.push(refused);
      throw new Error(`FakeBridge refused ${refused}`);
    }
    const handler = this.handlers[name] as ((params: EndpointParams<N>) => unknown) | undefined;
    if (!handler) return { ok: false, error: apiError('BAD_REQUEST', `no handler for ${name}`) };
    try {
      // The test's handler stands in for the server's answer, decoded or not.
      return { ok: true, value: (await handler(params)) as EndpointResponse<N> };
    } catch (error) {
      if (error instanceof FailWith) return { ok: false, error: error.failure };
      throw error;
    }
  }

  callsTo(name: string) {
    return this.calls.filter((c) => c.name === name).map((c) => c.params);
  }

  async session() {
    return this.current;
  }
  onSession(listener: (s: SessionStarted) => void) {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }
  onEvents(listener: (b: EventBatch) => void) {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }
  async connectionStatus(): Promise<ConnectionStatus> {
    return { state: 'connected' };
  }
  async retryNow() {
    this.retries++;
  }
  onConnectionStatus(listener: (s: ConnectionStatus) => void) {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }
  onAccountsChanged(listener: (s: AccountsState) => void) {
    this.accountListeners.add(listener);
    return () => this.accountListeners.delete(listener);
  }
  onNotice(listener: (notice: BridgeNotice) => void) {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }
  /** Pushes a notice as the main process would. */
  notice(notice: BridgeNotice) {
    for (const listener of this.noticeListeners) listener(notice);
  }
  async openExternal(url: string) {
    this.opened.push(url);
  }
  focusRequests = 0;
  async focusWindow() {
    this.focusRequests += 1;
  }
  unreadCounts: number[] = [];
  async setUnreadCount(count: number) {
    this.unreadCounts.push(count);
  }
  userInputs = 0;
  async userInput() {
    this.userInputs += 1;
  }
  private readonly presenceListeners = new Set<(update: PresenceUpdate) => void>();
  onPresences(listener: (update: PresenceUpdate) => void) {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  }
  /** Pushes presences as the main process's presence reports would. */
  pushPresences(presences: PresenceUpdate['presences'], accountId = this.current?.accountId ?? 'acc') {
    const update = { accountId, generation: this.current?.generation ?? 1, presences };
    for (const l of this.presenceListeners) l(update);
  }

  /** `eventsSince`: events main delivered on this registration before the window asked for it. */
  startSession(initialState: Partial<InitialState>, generation = 1, eventsSince?: Record<string, unknown>[]) {
    this.current = {
      accountId: 'acc',
      generation,
      initialState: {
        queue_id: 'q',
        last_event_id: -1,
        msg: '',
        result: 'success',
        ...initialState,
      } as never,
      ...(eventsSince ? { eventsSince: eventsSince.map(decodeEvent) } : {}),
    };
    for (const l of this.sessionListeners) l(this.current);
  }
  /** The same registration offered again (a socket back), with the events delivered on it so far. */
  pushSessionAgain(eventsSince: Record<string, unknown>[]) {
    if (!this.current) throw new Error('no session');
    this.current = { ...this.current, eventsSince: eventsSince.map(decodeEvent) };
    for (const l of this.sessionListeners) l(this.current);
  }
  pushEvents(events: Record<string, unknown>[], generation = this.current?.generation ?? 1) {
    const batch = { accountId: 'acc', generation, events: events.map(decodeEvent) };
    for (const l of this.eventListeners) l(batch);
  }
  setStatus(status: ConnectionStatus) {
    for (const l of this.statusListeners) l(status);
  }

  accounts: ChatBridge['accounts'] = {
    list: async () => this.accountList,
    active: async () => this.activeId,
    probeServer: async () => ({ ok: false, error: apiError('BAD_REQUEST', 'no') }),
    add: async () => ({ ok: false, error: apiError('BAD_REQUEST', 'no') }),
    signInWithPassword: async () => ({ ok: false, error: apiError('BAD_REQUEST', 'no') }),
    importZuliprc: async () => ({ ok: false, error: apiError('BAD_REQUEST', 'no') }),
    switchTo: async (id: string) => {
      this.activeId = id;
    },
    remove: async () => undefined,
    demo: async () => null,
    addDemo: async () => ({ ok: false, error: apiError('BAD_REQUEST', 'no') }),
  };

  /** The conversation main keeps for the next launch (what `conversationCache.save` last stored). */
  cachedConversation: CachedConversation | null = null;
  /** The conversation main would reopen at the next launch (what `conversationCache.setOpen` last stored). */
  openConversation: unknown = null;
  conversationCache: ChatBridge['conversationCache'] = {
    last: () => Promise.resolve(this.cachedConversation),
    save: (conversation) => {
      this.cachedConversation = { ...conversation, savedAt: Date.now() };
      return Promise.resolve();
    },
    lastOpen: () => Promise.resolve(this.openConversation),
    setOpen: (narrow) => {
      this.openConversation = narrow;
      return Promise.resolve();
    },
  };

  /** The outbox main would hold: sends are accepted as `sending`; tests push later states. */
  outboxEntries: OutboxEntry[] = [];
  outboxRequests: string[] = [];
  /** When set, the next sends are refused with it (main's own refusal, e.g. a full outbox). */
  outboxRefusal: CallFailure | null = null;
  outbox: ChatBridge['outbox'] = {
    send: async (request) => {
      if (this.outboxRefusal) return { ok: false, error: this.outboxRefusal };
      const entry: OutboxEntry = {
        localId: `local-${this.outboxEntries.length + 1}`,
        ...request,
        createdAt: Date.now(),
        state: 'sending',
        mayBeOnServer: false,
        attempts: 1,
      };
      this.outboxRequests.push(`send ${entry.localId}`);
      this.pushOutbox([...this.outboxEntries, entry]);
      return { ok: true, value: entry };
    },
    list: async () => ({ accountId: 'acc', entries: this.outboxEntries }),
    retry: async (localId) => {
      this.outboxRequests.push(`retry ${localId}`);
      return this.outboxEntries.some((e) => e.localId === localId);
    },
    discard: async (localId) => {
      this.outboxRequests.push(`discard ${localId}`);
      const entry = this.outboxEntries.find((e) => e.localId === localId) ?? null;
      if (entry) this.pushOutbox(this.outboxEntries.filter((e) => e !== entry));
      return entry;
    },
  };
  onOutbox(listener: (snapshot: OutboxSnapshot) => void) {
    this.outboxListeners.add(listener);
    return () => this.outboxListeners.delete(listener);
  }
  /** Replaces the outbox and pushes it, as main does on every change. */
  pushOutbox(entries: OutboxEntry[]) {
    this.outboxEntries = entries;
    for (const l of this.outboxListeners) l({ accountId: 'acc', entries });
  }

  /** Bot keys main would reveal, by bot user id; every request is recorded. */
  botKeys = new Map<number, string>();
  revealRequests: number[] = [];
  bots: ChatBridge['bots'] = {
    revealApiKey: async (botUserId: number) => {
      this.revealRequests.push(botUserId);
      const key = this.botKeys.get(botUserId);
      return key
        ? { ok: true, value: { bot_user_id: botUserId, api_key: key } }
        : { ok: false, error: { ...apiError('CLIENT_BOT_KEY_UNAVAILABLE', 'not yours'), status: 0 } };
    },
  };

  /**
   * Uploads as main would take them: each begun upload is recorded with the bytes it received;
   * `finishUpload` answers `/user_uploads/1/<n>/<name>`. `uploadLimitBytes` mimics the organization's limit.
   */
  uploads: { name: string; type: string; size: number; received: number; state: string }[] = [];
  uploadLimitBytes = Infinity;
  /** While set, `sendChunk` waits for it: a test holds an upload in progress. */
  chunkGate: Promise<void> | null = null;
  files: ChatBridge['files'] = {
    beginUpload: async (file) => {
      if (file.size > this.uploadLimitBytes)
        return { ok: false, error: { ...apiError('CLIENT_FILE_TOO_LARGE', 'too large'), status: 0 } };
      this.uploads.push({ ...file, received: 0, state: 'sending' });
      return { ok: true, value: { uploadId: String(this.uploads.length) } };
    },
    sendChunk: async (uploadId, bytes) => {
      await this.chunkGate;
      const upload = this.uploads[Number(uploadId) - 1]!;
      if (upload.state !== 'sending') throw new Error('cancelled');
      upload.received += bytes.length;
    },
    finishUpload: async (uploadId) => {
      const upload = this.uploads[Number(uploadId) - 1]!;
      if (upload.state !== 'sending')
        return { ok: false, error: { ...apiError('CLIENT_UPLOAD_CANCELLED', 'cancelled'), status: 0 } };
      upload.state = 'done';
      return {
        ok: true,
        value: { url: `/user_uploads/1/${uploadId}/${upload.name}`, filename: upload.name },
      };
    },
    cancelUpload: async (uploadId) => {
      this.uploads[Number(uploadId) - 1]!.state = 'cancelled';
    },
    url: (accountId, path) => `files://${accountId}${path}`,
    download: async () => ({ ok: true, value: { savedAs: null } }),
  };
}

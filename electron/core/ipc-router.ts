import { z } from 'zod';
import { lazy } from '../../shared/api/lazy';
import { endpoints, isRendererEndpoint } from '../../shared/api';
import type { Endpoint } from '../../shared/api/endpoint';
import {
  CACHED_MESSAGES_MAX,
  clientFailureCodes,
  type BridgeNotice,
  type Unsubscribe,
} from '../../shared/ipc';
import type { BridgeMethod, BridgePush } from '../../shared/ipc-wire';
import { clientFailure, type ChatCore } from './app-core';
import type { RendererCallLimits } from './request-limits';
import type { CancellableCalls } from './cancellable-calls';
import { withoutCredentials } from './credential-guard';
import { unknownBridgeMethodMessage } from './frames';
import { isExternalUrlAllowed } from './window-policy';
import { MAX_ZULIPRC_LENGTH } from './zuliprc';
import { saveAccountFile } from './account-files';

/**
 * The host side of the bridge, for any transport: every request from a renderer arrives here as a
 * method name and an argument list, is checked, and only then reaches the core. Everything that
 * goes back, answers and pushes alike, passes `withoutCredentials`: whatever a server put in a
 * response or an event, no key reaches a renderer. The one exception is explicit and per request:
 * `bots.revealApiKey`, a click on "Show API key".
 */

export interface ShellActions {
  /** Opens a URL the router has already checked (http, https or mailto). */
  openExternal(url: string): Promise<void>;
  /** Shows and focuses the app window; absent where there is no window to move (the web host). */
  focusWindow?(): void;
  /** Puts the unread count on the dock/taskbar badge; absent where there is none. */
  setUnreadCount?(count: number): void;
  /** Where `files.download` saves (Electron: the downloads folder); absent where the browser downloads itself. */
  downloadsDir?(): string;
}

export interface BridgeRouter {
  /**
   * Rejects with a clear message for a method it does not know: a caller never waits in silence.
   * `limits`: the calling renderer's budget; `calls`: its calls that can be cancelled (each shell
   * keeps one of each per window or connection). Without `calls`, a cancel id is ignored.
   */
  handle(
    method: string,
    args: readonly unknown[],
    limits?: RendererCallLimits,
    calls?: CancellableCalls,
  ): Promise<unknown>;
  subscribe(listener: (push: BridgePush) => void): Unsubscribe;
}

const idArg = lazy(() => z.string().min(1).max(200));
/** The account a request is for, when it names one (absent: whichever is active). */
const forAccountArg = (accountId: unknown) => (accountId == null ? undefined : idArg().parse(accountId));
/** A renderer's handle on one of its calls (`ChatBridge.call`'s third argument). */
const cancelIdSchema = lazy(() => z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const addAccountRequest = lazy(() =>
  z.object({
    serverUrl: z.string().min(1).max(2000),
    email: z.string().min(1).max(500),
    apiKey: z.string().min(1).max(500),
  }),
);

const uploadRequest = lazy(() =>
  z.object({
    name: z.string().max(1000),
    type: z.string().max(200),
    size: z.number().int().nonnegative(),
  }),
);
/** A piece of an upload; the renderer sends 512 KiB at a time. */
const uploadChunk = lazy(() => z.instanceof(Uint8Array).refine((bytes) => bytes.length <= 4 * 1024 * 1024));
const uploadPathArg = lazy(() => z.string().min(1).max(4000));

const passwordSignInRequest = lazy(() =>
  z.object({
    serverUrl: z.string().min(1).max(2000),
    username: z.string().min(1).max(500),
    password: z.string().min(1).max(1000),
  }),
);

const cachedConversation = lazy(() =>
  z.object({
    narrow: z.unknown(),
    messages: z.array(z.looseObject({ id: z.number().int().positive() })).max(CACHED_MESSAGES_MAX),
  }),
);

/** A conversation's description as the renderer writes it: an object naming its kind, or null. */
const openConversation = lazy(() => z.looseObject({ kind: z.string().max(20) }).nullable());

const userIds = lazy(() => z.array(z.number().int().positive()).max(100));
const outboxSendRequest = lazy(() =>
  z.object({
    destination: z.discriminatedUnion('type', [
      z.object({
        type: z.literal('channel'),
        streamId: z.number().int().positive(),
        topic: z.string().max(1000),
      }),
      z.object({ type: z.literal('direct'), userIds: userIds() }),
    ]),
    content: z
      .string()
      .max(100_000)
      .refine((text) => text.trim() !== '', 'A message needs some text.'),
  }),
);

export function createBridgeRouter(core: ChatCore, shell: ShellActions): BridgeRouter {
  async function call(
    name: unknown,
    params: unknown,
    cancelId: unknown,
    accountId: unknown,
    calls?: CancellableCalls,
  ) {
    // hasOwn as well: `in` would also accept inherited names such as `toString`.
    if (typeof name !== 'string' || !Object.hasOwn(endpoints, name) || !isRendererEndpoint(name))
      return clientFailure(clientFailureCodes.endpointNotAllowed, `Endpoint not allowed: ${String(name)}`);
    const endpoint = endpoints[name] as unknown as Endpoint<string, Record<string, unknown>, unknown>;
    const parsed = endpoint.params.safeParse(params ?? {});
    if (!parsed.success)
      return clientFailure(
        clientFailureCodes.invalidParams,
        `Invalid parameters for ${name}: ${parsed.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join('.') || '(params)'}: ${issue.message}`)
          .join('; ')}`,
      );
    const id = cancelId === undefined || cancelId === null ? undefined : cancelIdSchema().safeParse(cancelId);
    if (id && !id.success)
      return clientFailure(clientFailureCodes.invalidParams, 'Invalid cancel id: a positive whole number.');
    const forAccount = accountId === undefined ? undefined : idArg().safeParse(accountId);
    if (forAccount && !forAccount.success)
      return clientFailure(clientFailureCodes.invalidParams, 'Invalid account id.');
    const onAccount = forAccount?.data;
    if (!calls || !id) return core.callActive(endpoint, parsed.data, undefined, onAccount);
    return calls.run(id.data, (signal) => core.callActive(endpoint, parsed.data, signal, onAccount));
  }

  type Handler = (args: readonly unknown[], calls?: CancellableCalls) => Promise<unknown> | unknown;
  const handlers: Record<BridgeMethod, Handler> = {
    call: ([name, params, cancelId, accountId], calls) => call(name, params, cancelId, accountId, calls),
    // Ignored when the call is unknown or over: a late cancel is normal, not an error.
    cancelCall: ([cancelId], calls) => {
      calls?.cancel(cancelIdSchema().parse(cancelId));
    },
    session: () => core.sessionForWindow(),
    connectionStatus: () => core.connectionStatus(),
    retryNow: () => core.retryNow(),
    openExternal: async ([url]) => {
      const text = z.string().max(8000).parse(url);
      if (!isExternalUrlAllowed(text))
        throw new Error('Only http, https and mailto links open outside the app.');
      await shell.openExternal(text);
    },
    focusWindow: () => shell.focusWindow?.(),
    userInput: () => core.userInput(),
    setUnreadCount: ([count]) => shell.setUnreadCount?.(z.number().int().min(0).max(1_000_000).parse(count)),
    'accounts.list': () => core.accountSummaries(),
    'accounts.active': () => core.vault.activeId,
    'accounts.probeServer': ([serverUrl]) => core.probeServer(z.string().max(2000).parse(serverUrl)),
    'accounts.add': ([request]) => core.addAccount(addAccountRequest().parse(request)),
    'accounts.signInWithPassword': ([request]) =>
      core.signInWithPassword(passwordSignInRequest().parse(request)),
    'accounts.importZuliprc': ([text]) => core.importZuliprc(z.string().max(MAX_ZULIPRC_LENGTH).parse(text)),
    'accounts.switchTo': ([accountId]) => core.switchTo(idArg().parse(accountId)),
    'accounts.remove': ([accountId]) => core.remove(idArg().parse(accountId)),
    'accounts.demo': () => core.demo(),
    'accounts.addDemo': ([email]) => core.addDemo(z.string().max(500).parse(email)),
    'bots.revealApiKey': ([botUserId]) => core.revealBotApiKey(z.number().int().positive().parse(botUserId)),
    'outbox.send': ([request]) => core.outboxSend(outboxSendRequest().parse(request)),
    'outbox.list': () => core.outboxState(),
    'outbox.retry': ([localId]) => core.outboxRetry(idArg().parse(localId)),
    'outbox.discard': ([localId]) => core.outboxDiscard(idArg().parse(localId)),
    'conversationCache.last': () => core.lastConversation(),
    'conversationCache.save': ([conversation, accountId]) =>
      core.saveConversation(cachedConversation().parse(conversation), forAccountArg(accountId)),
    'conversationCache.lastOpen': () => core.lastOpenConversation(),
    'conversationCache.setOpen': ([narrow, accountId]) =>
      core.setOpenConversation(openConversation().parse(narrow ?? null), forAccountArg(accountId)),
    'files.beginUpload': ([file]) => core.beginUpload(uploadRequest().parse(file)),
    'files.sendChunk': ([uploadId, bytes]) =>
      core.sendUploadChunk(idArg().parse(uploadId), uploadChunk().parse(bytes)),
    'files.finishUpload': ([uploadId]) => core.finishUpload(idArg().parse(uploadId)),
    'files.cancelUpload': ([uploadId]) => core.cancelUpload(idArg().parse(uploadId)),
    'files.download': ([accountId, path]) => {
      if (!shell.downloadsDir) throw new Error('Downloads are saved by the browser here.');
      return saveAccountFile(
        core,
        idArg().parse(accountId),
        uploadPathArg().parse(path),
        shell.downloadsDir(),
      );
    },
  };
  /** Methods whose answer is a credential the user asked to see; every other answer is stripped. */
  const revealsCredential: ReadonlySet<BridgeMethod> = new Set(['bots.revealApiKey']);

  return {
    async handle(method, args, limits, calls) {
      const handler = Object.hasOwn(handlers, method) ? handlers[method as BridgeMethod] : undefined;
      if (!handler) throw new Error(unknownBridgeMethodMessage(method));
      if (method === 'call' && limits && !limits.admit())
        return clientFailure(
          clientFailureCodes.tooManyCalls,
          'This window asked for more than the app ever needs at once, so the request was not sent.',
        );
      const value = await handler(args, calls);
      return revealsCredential.has(method as BridgeMethod) ? value : withoutCredentials(value);
    },
    subscribe: (listener) => core.subscribe((push) => listener(withoutCredentials(push))),
  };
}

/** What a renderer is told when its calls are refused. */
export function callsRefusedNotice(refused: number): BridgeNotice {
  return {
    kind: 'calls_refused',
    refused,
    message:
      'This window asked for far more than usual at once, so some requests were not sent. ' +
      'If something looks incomplete, reload the window.',
  };
}

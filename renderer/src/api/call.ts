import type { EndpointParams, EndpointResponse, RendererEndpointName } from '../../../shared/api';
import { ApiCallError, cancelledCall } from '../../../shared/failures';
import type { CallResult, ChatBridge } from '../../../shared/ipc';

/**
 * Every server call of the renderer goes through here: it names the operation, gets the binding's
 * parameter and response types (shared/api), unwraps the bridge's CallResult and throws
 * ApiCallError on failure, which is what TanStack Query expects of a query function.
 * `NoInfer` makes the name alone pick the operation, so the parameters are checked against it.
 * With `signal` (TanStack Query's, or the caller's own), aborting it gives the call up: main aborts
 * the request, and the call throws at once an ApiCallError of the `cancelled` kind (isCancelledCall).
 */
export async function callApi<N extends RendererEndpointName>(
  bridge: ChatBridge,
  name: N,
  params: NoInfer<EndpointParams<N>>,
  signal?: AbortSignal,
): Promise<EndpointResponse<N>> {
  const result = signal
    ? await cancellableCall(bridge, name, dropUndefined(params), signal)
    : await bridge.call(name, dropUndefined(params));
  if (!result.ok) throw new ApiCallError(result.error);
  return result.value;
}

/**
 * The bridge with every call made for `accountId` only: one that reaches main after another
 * account was made active is not sent, and fails with `otherAccount`.
 */
export function bridgeForAccount(bridge: ChatBridge, accountId: string): ChatBridge {
  return { ...bridge, call: (name, params, cancelId) => bridge.call(name, params, cancelId, accountId) };
}

/** This page's cancel ids: one per cancellable call, never reused while the page lives. */
let lastCancelId = 0;

async function cancellableCall<N extends RendererEndpointName>(
  bridge: ChatBridge,
  name: N,
  params: EndpointParams<N>,
  signal: AbortSignal,
): Promise<CallResult<EndpointResponse<N>>> {
  if (signal.aborted) return { ok: false, error: cancelledCall() };
  const cancelId = ++lastCancelId;
  let onAbort = () => {};
  const aborted = new Promise<CallResult<EndpointResponse<N>>>((resolve) => {
    onAbort = () => {
      // Main's answer to the cancel (or a host too old to know it) changes nothing here.
      bridge.cancelCall(cancelId).catch(() => undefined);
      resolve({ ok: false, error: cancelledCall() });
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([bridge.call(name, params, cancelId), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Optional parameters given as `undefined` are left out rather than sent. */
function dropUndefined<P extends Record<string, unknown>>(params: P): P {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = value;
  return out as P;
}

/** The user's words for any error a query or mutation ended in. */
export function errorText(error: unknown): string {
  if (error instanceof ApiCallError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/** The error as a sentence, to go before another one ("… editing. Your changes are kept."). */
export function errorSentence(error: unknown): string {
  const text = errorText(error).trim();
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

export function apiErrorCode(error: unknown): string | null {
  return error instanceof ApiCallError && error.failure.kind === 'api' ? error.failure.code : null;
}

/**
 * Whether a failed call may still have been carried out: its answer was lost (timeout, connection
 * cut) or the server failed midway. Only the server's refusal (4xx) or an unreadable answer says it
 * was not. (A "connection failed" may be a reset after the request went out, so it counts too.)
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiCallError)) return false;
  return error.failure.kind === 'network' || error.failure.kind === 'server';
}

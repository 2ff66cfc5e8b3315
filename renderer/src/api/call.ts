import type { EndpointParams, EndpointResponse, RendererEndpointName } from '../../../shared/api';
import { ApiCallError } from '../../../shared/failures';
import type { ChatBridge } from '../../../shared/ipc';

/**
 * Every server call of the renderer goes through here: it names the operation, gets the binding's
 * parameter and response types (shared/api), unwraps the bridge's CallResult and throws
 * ApiCallError on failure, which is what TanStack Query expects of a query function.
 * `NoInfer` makes the name alone pick the operation, so the parameters are checked against it.
 */
export async function callApi<N extends RendererEndpointName>(
  bridge: ChatBridge,
  name: N,
  params: NoInfer<EndpointParams<N>>,
): Promise<EndpointResponse<N>> {
  const result = await bridge.call(name, dropUndefined(params));
  if (!result.ok) throw new ApiCallError(result.error);
  return result.value;
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

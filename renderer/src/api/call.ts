import { ApiCallError } from '../../../shared/errors';
import type { CallResult, ChatBridge } from '../../../shared/ipc';

/**
 * Every server call of the renderer goes through here: it unwraps the bridge's CallResult and
 * throws ApiCallError on failure, which is what TanStack Query expects of a query function.
 */
type LooseCall = (name: string, params: Record<string, unknown>) => Promise<CallResult<unknown>>;

export async function callApi<T>(
  bridge: ChatBridge,
  name: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  // The endpoint table is checked by the main process; the renderer names the operation.
  const result = await (bridge.call as unknown as LooseCall)(name, dropUndefined(params));
  if (!result.ok) throw new ApiCallError(result.error);
  return result.value as T;
}

function dropUndefined(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = value;
  return out;
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

import { z } from 'zod';
import { lazy, type Infer } from './api/lazy';
import { safeJson, type ApiFailure, type CallFailure } from './failures';

export * from './failures';

// Extra fields of the error rows of spec part 7, decoded on demand from `ApiFailure.extra`; each
// schema is built on its first use (api/lazy.ts).
export const moveTimeLimitExtra = lazy(() =>
  z.object({
    first_message_id_allowed_to_move: z.number().int().nullable(),
    total_messages_in_topic: z.number().int(),
    total_messages_allowed_to_move: z.number().int(),
  }),
);
export const invitationFailedExtra = lazy(() =>
  z.object({
    errors: z.array(z.tuple([z.string(), z.string(), z.boolean()])),
    sent_invitations: z.boolean(),
    daily_limit_reached: z.boolean(),
    license_limit_reached: z.boolean(),
  }),
);
export const badEventQueueExtra = lazy(() => z.object({ queue_id: z.string() }));
/** RATE_LIMIT_HIT carries the wait in its body too; `ApiFailure.retryAfterSeconds` already prefers the header. */
export const rateLimitExtra = lazy(() => z.object({ 'retry-after': z.number().nonnegative() }));

export type MoveTimeLimitExtra = Infer<typeof moveTimeLimitExtra>;
export type InvitationFailedExtra = Infer<typeof invitationFailedExtra>;
export type BadEventQueueExtra = Infer<typeof badEventQueueExtra>;
export type RateLimitExtra = Infer<typeof rateLimitExtra>;

/**
 * The extra fields of a known error code, or null when the failure is not that code or lacks them.
 * `schema` is a schema or its builder (the ones above).
 */
export function errorDetails<S extends z.ZodType>(
  failure: CallFailure,
  code: string,
  schema: S | (() => S),
): z.infer<S> | null {
  if (failure.kind !== 'api' || failure.code !== code) return null;
  const parsed = (typeof schema === 'function' ? schema() : schema).safeParse(failure.extra);
  return parsed.success ? parsed.data : null;
}

const errorBody = lazy(() =>
  z.looseObject({
    result: z.literal('error'),
    msg: z.string(),
    code: z.string().optional(),
  }),
);

/**
 * Classifies a non-2xx HTTP response. `retryAfterHeader` is the raw Retry-After header, if any.
 * A 4xx without a well-formed error body is a malformed response, not an API error.
 */
export function classifyErrorResponse(
  status: number,
  bodyText: string,
  retryAfterHeader?: string | null,
): CallFailure {
  if (status >= 500) {
    let message = `Server error (HTTP ${status})`;
    const parsed = safeJson(bodyText);
    const body = errorBody().safeParse(parsed);
    if (body.success && body.data.msg) message = body.data.msg;
    return { kind: 'server', status, message };
  }
  const parsed = safeJson(bodyText);
  if (parsed === undefined)
    return { kind: 'malformed', status, message: `HTTP ${status} with a body that is not JSON` };
  const body = errorBody().safeParse(parsed);
  if (!body.success) return { kind: 'malformed', status, message: `HTTP ${status} without an error body` };
  const { result: _result, msg, code, ...extra } = body.data;
  const failure: ApiFailure = { kind: 'api', status, code: code ?? 'BAD_REQUEST', msg, extra };
  const retryAfter = parseRetryAfter(retryAfterHeader) ?? numberOrUndefined(extra['retry-after']);
  if (retryAfter !== undefined) failure.retryAfterSeconds = retryAfter;
  return failure;
}

function parseRetryAfter(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

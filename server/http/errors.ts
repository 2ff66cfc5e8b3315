/**
 * Error responses (spec part 3 of conventions, part 7). Route code throws an ApiError; the HTTP layer
 * turns it into `{ result: 'error', msg, code, ...extra }` with its status.
 */
export class ApiError extends Error {
  /** Extra response headers (e.g. Retry-After on a 429). */
  headers: Record<string, string> = {};

  constructor(
    readonly msg: string,
    readonly code: string = 'BAD_REQUEST',
    readonly status: number = 400,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(msg);
  }

  toBody(): Record<string, unknown> {
    return { result: 'error', msg: this.msg, code: this.code, ...this.extra };
  }
}

export function badRequest(msg: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(msg, 'BAD_REQUEST', 400, extra);
}

export function missingArgument(name: string): ApiError {
  return new ApiError(`Missing '${name}' argument`, 'REQUEST_VARIABLE_MISSING', 400, { var_name: name });
}

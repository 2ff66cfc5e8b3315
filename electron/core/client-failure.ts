import type { CallFailure } from '../../shared/errors';
import type { CallResult } from '../../shared/ipc';

/** A failure main reports itself (`clientFailureCodes`), shaped like an API error with status 0. */
export function clientFailure<T>(code: string, msg: string): CallResult<T> {
  const error: CallFailure = { kind: 'api', status: 0, code, msg, extra: {} };
  return { ok: false, error };
}

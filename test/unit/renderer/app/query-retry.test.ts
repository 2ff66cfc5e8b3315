import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../../../shared/errors';
import { retryQuery } from '../../../../renderer/src/app/App';

describe('retryQuery: what the renderer repeats itself', () => {
  it('never a failed call: main repeated it already where that was worth it', () => {
    for (const failure of [
      { kind: 'network', reason: 'connection_failed', message: 'refused' },
      { kind: 'server', status: 502, message: 'bad gateway' },
      { kind: 'api', status: 429, code: 'RATE_LIMIT_HIT', msg: 'slow down', extra: {} },
    ] as const)
      expect(retryQuery(0, new ApiCallError(failure))).toBe(false);
  });

  it('something else (a chunk that failed to load) twice', () => {
    const error = new TypeError('Failed to fetch dynamically imported module');
    expect(retryQuery(0, error)).toBe(true);
    expect(retryQuery(1, error)).toBe(true);
    expect(retryQuery(2, error)).toBe(false);
  });
});

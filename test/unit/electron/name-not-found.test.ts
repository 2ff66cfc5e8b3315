import { describe, expect, it } from 'vitest';
import { networkFailure } from '../../../electron/core/http-client';

const failed = (code: string) =>
  networkFailure(Object.assign(new TypeError('fetch failed'), { cause: { code, message: code } }));

describe('a server name that does not resolve', () => {
  it('is told apart from a refused connection, whether the resolver says no or does not answer', () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN'])
      expect(failed(code)).toMatchObject({ kind: 'network', nameNotFound: true, notSent: true });
    expect(failed('ECONNREFUSED')).not.toHaveProperty('nameNotFound');
  });

  it('a refused connection (nothing listening there) is told apart from an unreachable network', () => {
    expect(failed('ECONNREFUSED')).toMatchObject({ kind: 'network', connectionRefused: true, notSent: true });
    for (const code of ['ENETUNREACH', 'EHOSTUNREACH', 'ECONNRESET', 'ENOTFOUND'])
      expect(failed(code)).not.toHaveProperty('connectionRefused');
  });
});

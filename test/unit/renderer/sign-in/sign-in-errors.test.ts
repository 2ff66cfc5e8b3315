import { describe, expect, it } from 'vitest';
import { ApiCallError, type CallFailure } from '../../../../shared/failures';
import { serverCheckFailure, signInFailure } from '../../../../renderer/src/features/sign-in/sign-in-errors';

const network = (extra: Partial<Extract<CallFailure, { kind: 'network' }>>) =>
  new ApiCallError({
    kind: 'network',
    reason: 'connection_failed',
    message: 'fetch failed',
    notSent: true,
    ...extra,
  });

describe('a server that is down, on the sign-in screen', () => {
  it('says nothing accepts connections at the typed host and port, not to check the network', () => {
    const text = serverCheckFailure(network({ connectionRefused: true }), 'http://127.0.0.1:19303/');
    expect(text).toBe(
      'Nothing is accepting connections at 127.0.0.1:19303: the server may be down or not started, or the port may be wrong.',
    );
    expect(signInFailure(network({ connectionRefused: true })).text).toBe(
      'The server is not accepting connections now: it may be down. Try again in a moment.',
    );
  });

  it('still sends a person whose network failed to their connection', () => {
    expect(serverCheckFailure(network({}), 'chat.example.com')).toBe(
      'Could not reach the server. Check your connection.',
    );
    expect(signInFailure(network({})).text).toBe('Could not reach the server. Check your connection.');
  });
});

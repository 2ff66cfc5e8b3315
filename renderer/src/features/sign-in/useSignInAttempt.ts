import { useCallback, useState } from 'react';
import { ApiCallError } from '../../../../shared/failures';
import type { CallResult, SignedInAccount } from '../../../../shared/ipc';

/**
 * One sign-in call at a time, its failure and a counter that keys the error message. Deliberately
 * not a TanStack mutation: a mutation keeps its variables, and what goes in here (a password, a
 * file with a key) must not outlive the call in the renderer.
 */
export function useSignInAttempt(onSignedIn: (account: SignedInAccount) => void) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown; attempt: number } | null>(null);
  const [waiting, setWaiting] = useState(false);

  const run = useCallback(
    async (call: () => Promise<CallResult<SignedInAccount>>) => {
      setPending(true);
      try {
        const result = await call();
        if (result.ok) {
          setFailure(null);
          onSignedIn(result.value);
        } else {
          const error = new ApiCallError(result.error);
          setFailure((previous) => ({ error, attempt: (previous?.attempt ?? 0) + 1 }));
        }
      } catch (error) {
        setFailure((previous) => ({ error, attempt: (previous?.attempt ?? 0) + 1 }));
      } finally {
        setPending(false);
      }
    },
    [onSignedIn],
  );

  return { pending, failure, waiting, setWaiting, run, clear: () => setFailure(null) };
}

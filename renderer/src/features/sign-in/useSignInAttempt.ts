import { useCallback, useState } from 'react';
import { ApiCallError } from '../../../../shared/failures';
import type { CallResult, SignedInAccount } from '../../../../shared/ipc';

/**
 * One sign-in call at a time, its failure (with the username it was for) and a counter that keys
 * the error message. Deliberately
 * not a TanStack mutation: a mutation keeps its variables, and what goes in here (a password, a
 * file with a key) must not outlive the call in the renderer.
 */
export function useSignInAttempt(onSignedIn: (account: SignedInAccount) => void) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown; attempt: number; username?: string } | null>(null);
  /** The failure's wait (too many attempts) is still running. */
  const [waiting, setWaiting] = useState(false);

  /** `username`: who signs in, when the form knows it beforehand (not a zuliprc file). */
  const run = useCallback(
    async (call: () => Promise<CallResult<SignedInAccount>>, username?: string) => {
      setPending(true);
      try {
        const result = await call();
        if (result.ok) {
          setFailure(null);
          onSignedIn(result.value);
        } else {
          const error = new ApiCallError(result.error);
          setFailure((previous) => ({ error, attempt: (previous?.attempt ?? 0) + 1, username }));
        }
      } catch (error) {
        setFailure((previous) => ({ error, attempt: (previous?.attempt ?? 0) + 1, username }));
      } finally {
        setPending(false);
      }
    },
    [onSignedIn],
  );

  /**
   * Whether the wait keeps `username` from trying now. The server counts failures per username, so
   * the wait is for the one it was given for; another may try at once (and gets its own answer).
   */
  const mustWait = (username?: string) =>
    waiting && (failure?.username === undefined || sameUsername(failure.username, username ?? ''));

  return { pending, failure, waiting, setWaiting, mustWait, run, clear: () => setFailure(null) };
}

/** Usernames as the server tells them apart: case and surrounding spaces do not count. */
export function sameUsername(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

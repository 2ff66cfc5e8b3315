import { SignInError } from './SignInError';
import { sameUsername, type useSignInAttempt } from './useSignInAttempt';

/**
 * The "Sign in" button of a sign-in form and the refusal under it (with the wait a rate limit asks,
 * which holds the button only while the form names the username the wait is for).
 */
export function SignInSubmit({
  attempt,
  username,
  submitTestId,
  errorTestId,
}: {
  attempt: ReturnType<typeof useSignInAttempt>;
  /** Who the form would sign in now. */
  username: string;
  submitTestId: string;
  errorTestId: string;
}) {
  const failedFor = attempt.failure?.username;
  return (
    <>
      <div />
      <button
        type="submit"
        className="btn btn-primary"
        data-testid={submitTestId}
        disabled={attempt.pending || attempt.mustWait(username)}
      >
        {attempt.pending ? 'Signing in…' : 'Sign in'}
      </button>
      {attempt.failure && (
        <SignInError
          key={attempt.failure.attempt}
          error={attempt.failure.error}
          testId={errorTestId}
          onWaitingChange={attempt.setWaiting}
          waitingFor={failedFor !== undefined && !sameUsername(failedFor, username) ? failedFor : undefined}
        />
      )}
    </>
  );
}

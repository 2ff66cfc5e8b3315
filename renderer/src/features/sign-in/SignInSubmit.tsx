import { SignInError } from './SignInError';
import type { useSignInAttempt } from './useSignInAttempt';

/** The "Sign in" button of a sign-in form and the refusal under it (with the wait a rate limit asks). */
export function SignInSubmit({
  attempt,
  submitTestId,
  errorTestId,
}: {
  attempt: ReturnType<typeof useSignInAttempt>;
  submitTestId: string;
  errorTestId: string;
}) {
  return (
    <>
      <div />
      <button
        type="submit"
        className="btn btn-primary"
        data-testid={submitTestId}
        disabled={attempt.pending || attempt.waiting}
      >
        {attempt.pending ? 'Signing in…' : 'Sign in'}
      </button>
      {attempt.failure && (
        <SignInError
          key={attempt.failure.attempt}
          error={attempt.failure.error}
          testId={errorTestId}
          onWaitingChange={attempt.setWaiting}
        />
      )}
    </>
  );
}

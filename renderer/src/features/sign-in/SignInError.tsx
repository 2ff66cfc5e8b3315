import { useEffect, useRef, useState } from 'react';
import { signInFailure, waitText } from './sign-in-errors';

/**
 * A failed sign-in's message. After too many attempts it counts down the server's `retry-after`
 * and tells the form (`onWaitingChange`) while the person has to wait. Give each failure its own
 * `key`, so the countdown starts with it.
 */
export function SignInError({
  error,
  testId,
  onWaitingChange,
  waitingFor,
}: {
  error: unknown;
  testId: string;
  onWaitingChange?: (waiting: boolean) => void;
  /** Who has to wait, when the form now names someone else (who need not). */
  waitingFor?: string;
}) {
  const failure = signInFailure(error);
  const left = useSecondsLeft(failure.retryAfterSeconds);
  const waiting = left !== null && left > 0;
  useEffect(() => onWaitingChange?.(waiting), [waiting, onWaitingChange]);
  // The message comes under the form, which on a short window (or below the demo accounts) is past
  // the bottom edge; focus stays in the field, so nothing else would bring it into view. (A block
  // body: Chromium's scrollIntoView returns a promise, which React would take for a cleanup.
  // Optional: jsdom has none.)
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    message.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <p ref={message} className="form-error span-2" role="alert" data-testid={testId}>
      {failure.text}
      {left !== null &&
        (left > 0
          ? ` ${waitingFor ?? 'You'} can try again in ${waitText(left)}.`
          : ` ${waitingFor ?? 'You'} can try again now.`)}
    </p>
  );
}

/**
 * Seconds left of a wait that started when this message appeared (each failure mounts a new one);
 * null when there is no wait.
 */
function useSecondsLeft(total: number | undefined): number | null {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (total === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [total]);
  if (total === undefined) return null;
  return Math.max(0, total - Math.floor((now - startedAt) / 1000));
}

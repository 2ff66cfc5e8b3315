import { ApiCallError } from '../../../../shared/failures';
import { errorText } from '../../api/call';
import { normalizeServerUrl } from '../../../../shared/server-url';

/**
 * What a failed sign-in tells the person: the real service's refusals in plain words, and how long
 * to wait when there were too many attempts (`retryAfterSeconds`, for a countdown).
 */
export interface SignInFailure {
  text: string;
  retryAfterSeconds?: number;
}

export function signInFailure(error: unknown): SignInFailure {
  if (isConnectionRefused(error))
    return { text: 'The server is not accepting connections now: it may be down. Try again in a moment.' };
  if (!(error instanceof ApiCallError) || error.failure.kind !== 'api') return { text: errorText(error) };
  const { code, extra } = error.failure;
  switch (code) {
    case 'AUTHENTICATION_FAILED':
      return {
        text: 'That email and password do not match an account of this organization. Check both and try again.',
      };
    case 'USER_DEACTIVATED':
      return {
        text: 'This account has been deactivated. An administrator of the organization can reactivate it.',
      };
    case 'REALM_DEACTIVATED':
      return { text: 'This organization has been deactivated, so nobody can sign in to it.' };
    case 'PASSWORD_AUTH_DISABLED':
      return {
        text: 'This organization does not accept passwords. Sign in with an API key or a zuliprc file.',
      };
    case 'INVALID_API_KEY':
      return { text: 'The server did not accept this API key for this email. Check both and try again.' };
    case 'RATE_LIMIT_HIT': {
      const seconds = Number(extra['retry-after']);
      return {
        text: 'Too many sign-in attempts.',
        retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60,
      };
    }
    default:
      return { text: errorText(error) };
  }
}

/** What a failed check of the organization URL (`typed`) tells the person. */
export function serverCheckFailure(error: unknown, typed: string): string {
  // Something answered, but not as a chat server does: a web page, another service's JSON.
  if (error instanceof ApiCallError && error.failure.kind === 'malformed')
    return `There is no chat server at ${typed}. Check the organization URL.`;
  // A name nobody knows is most often mistyped; "check your connection" would send the person
  // looking at their network instead.
  if (error instanceof ApiCallError && error.failure.kind === 'network' && error.failure.nameNotFound)
    return `No server named ${hostOf(typed)} was found. Check the organization URL for a typing mistake (and that this computer is online).`;
  // The machine answered that nothing listens there: the server is down, or the port is wrong.
  if (isConnectionRefused(error))
    return `Nothing is accepting connections at ${hostOf(typed, true)}: the server may be down or not started, or the port may be wrong.`;
  return errorText(error);
}

function isConnectionRefused(error: unknown): boolean {
  return (
    error instanceof ApiCallError && error.failure.kind === 'network' && !!error.failure.connectionRefused
  );
}

/** The host name (with its port, if asked) of a typed address, or the address itself when it has none. */
function hostOf(typed: string, withPort = false): string {
  const url = normalizeServerUrl(typed);
  if (!url) return typed;
  const parsed = new URL(url);
  return withPort ? parsed.host : parsed.hostname;
}

/** "45 seconds", "1 minute 5 seconds", "3 minutes". */
export function waitText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes === 0) return part(rest, 'second');
  return rest === 0 ? part(minutes, 'minute') : `${part(minutes, 'minute')} ${part(rest, 'second')}`;
}

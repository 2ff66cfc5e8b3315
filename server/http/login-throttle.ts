import { ApiError } from './errors';

/**
 * Failed password sign-ins (POST /fetch_api_key), counted per username and per remote address over a
 * sliding window. Past the limit every attempt is refused with 429 `RATE_LIMIT_HIT` until the oldest
 * failure leaves the window, whether or not the password is right: guessing gets slow for one account
 * and for one address trying many accounts. (The real service allows 5 failures per username in 30
 * minutes; this server's default window is shorter, so a person who mistyped is not kept out long.)
 */

export interface LoginLimits {
  /** Failures allowed per username in the window; 0 turns the throttle off. */
  failuresPerUsername: number;
  /** Failures allowed per remote address in the window; 0 = no cap. */
  failuresPerAddress: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  failuresPerUsername: 5,
  failuresPerAddress: 30,
  windowSeconds: 60,
};

export class LoginThrottle {
  /** Failure times (ms) per key, oldest first. */
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws RATE_LIMIT_HIT when `username` or `address` has used up its failures. */
  check(username: string, address: string): void {
    const wait = Math.max(
      this.waitMs(usernameKey(username), this.limits.failuresPerUsername),
      this.waitMs(addressKey(address), this.limits.failuresPerAddress),
    );
    if (wait <= 0) return;
    const seconds = wait / 1000;
    const error = new ApiError('API usage exceeded rate limit', 'RATE_LIMIT_HIT', 429, {
      'retry-after': seconds,
    });
    error.headers = { 'Retry-After': String(Math.ceil(seconds)) };
    throw error;
  }

  recordFailure(username: string, address: string): void {
    const at = this.now();
    for (const key of [usernameKey(username), addressKey(address)]) {
      const list = this.recent(key);
      list.push(at);
      this.failures.set(key, list);
    }
  }

  /** Milliseconds until `key` may try again; 0 when it may now. */
  private waitMs(key: string, allowed: number): number {
    if (allowed <= 0) return 0;
    const list = this.recent(key);
    if (list.length < allowed) return 0;
    // The attempt becomes possible once enough of the oldest failures have left the window.
    const freeingFailure = list[list.length - allowed]!;
    return freeingFailure + this.limits.windowSeconds * 1000 - this.now();
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.limits.windowSeconds * 1000;
    const list = (this.failures.get(key) ?? []).filter((at) => at > cutoff);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }
}

const usernameKey = (username: string) => `user:${username.trim().toLowerCase()}`;
const addressKey = (address: string) => `addr:${address}`;

import type { Server, Socket } from 'node:net';
import { ApiError } from './errors';

/**
 * Keeps one misbehaving client from taking the server from everyone else, as the real service
 * does: each user gets a budget of requests per window (429 `RATE_LIMIT_HIT` with `retry-after`,
 * and `X-RateLimit-*` headers on every answer), a cap on their requests in progress at once, and
 * each remote address a cap on open connections.
 */

export interface RateLimits {
  /** Requests a user may make per window; 0 turns the budget off. */
  requestsPerWindow: number;
  windowSeconds: number;
  /** A user's requests in progress at once (long polls not counted); 0 = no cap. */
  maxConcurrentPerUser: number;
  /** Open connections from one remote address; 0 = no cap. */
  maxConnectionsPerAddress: number;
}

/**
 * The reference server's defaults: generous enough for the tests and benchmarks (bursts of
 * thousands of sends, a scroll through 100,000 messages), tight enough that a client stuck in a
 * loop is refused within a second. The real service allows 200 requests a minute per user.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  requestsPerWindow: 2000,
  windowSeconds: 10,
  maxConcurrentPerUser: 50,
  maxConnectionsPerAddress: 512,
};

export type RateLimitHeaders = Record<
  'X-RateLimit-Limit' | 'X-RateLimit-Remaining' | 'X-RateLimit-Reset',
  string
>;

interface Bucket {
  tokens: number;
  updatedMs: number;
  inFlight: number;
}

export class UserRateLimiter {
  private readonly buckets = new Map<number, Bucket>();

  constructor(
    private readonly limits: RateLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts a request of `userId`, or throws RATE_LIMIT_HIT. Returns the headers to answer with and
   * a release function to call when the request is done (for the in-progress cap).
   */
  admit(
    userId: number,
    options: { longPoll?: boolean } = {},
  ): { headers: RateLimitHeaders; release(): void } {
    const bucket = this.bucketOf(userId);
    const { requestsPerWindow, windowSeconds, maxConcurrentPerUser } = this.limits;
    if (requestsPerWindow > 0) {
      if (bucket.tokens < 1) {
        const retryAfter = (1 - bucket.tokens) / this.refillPerMs() / 1000;
        throw rateLimitHit(retryAfter, this.headers(bucket));
      }
      bucket.tokens -= 1;
    }
    if (!options.longPoll && maxConcurrentPerUser > 0) {
      if (bucket.inFlight >= maxConcurrentPerUser)
        throw rateLimitHit(
          requestsPerWindow > 0 ? windowSeconds / requestsPerWindow : 1,
          this.headers(bucket),
        );
      bucket.inFlight += 1;
    }
    let released = options.longPoll === true || maxConcurrentPerUser === 0;
    return {
      headers: this.headers(bucket),
      release: () => {
        if (released) return;
        released = true;
        bucket.inFlight -= 1;
      },
    };
  }

  private refillPerMs(): number {
    return this.limits.requestsPerWindow / (this.limits.windowSeconds * 1000);
  }

  private bucketOf(userId: number): Bucket {
    const now = this.now();
    let bucket = this.buckets.get(userId);
    if (!bucket) {
      bucket = { tokens: this.limits.requestsPerWindow, updatedMs: now, inFlight: 0 };
      this.buckets.set(userId, bucket);
    } else if (this.limits.requestsPerWindow > 0) {
      const refill = (now - bucket.updatedMs) * this.refillPerMs();
      bucket.tokens = Math.min(this.limits.requestsPerWindow, bucket.tokens + refill);
      bucket.updatedMs = now;
    }
    return bucket;
  }

  private headers(bucket: Bucket): RateLimitHeaders {
    const { requestsPerWindow } = this.limits;
    const missing = Math.max(0, requestsPerWindow - bucket.tokens);
    const resetSeconds = requestsPerWindow > 0 ? missing / this.refillPerMs() / 1000 : 0;
    return {
      'X-RateLimit-Limit': String(requestsPerWindow),
      'X-RateLimit-Remaining': String(Math.max(0, Math.floor(bucket.tokens))),
      'X-RateLimit-Reset': String(Math.ceil(this.now() / 1000 + resetSeconds)),
    };
  }
}

function rateLimitHit(retryAfterSeconds: number, headers: RateLimitHeaders): ApiError {
  const seconds = Math.max(0.001, retryAfterSeconds);
  const error = new ApiError('API usage exceeded rate limit', 'RATE_LIMIT_HIT', 429, {
    'retry-after': seconds,
  });
  error.headers = { ...headers, 'Retry-After': String(Math.ceil(seconds)) };
  return error;
}

/** Closes connections from one address beyond `max` as they are accepted. */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

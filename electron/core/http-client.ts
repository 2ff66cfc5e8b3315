import { toWire, type Endpoint, type WireRequest } from '../../shared/api/endpoint';
import {
  classifyErrorResponse,
  safeJson,
  type CallFailure,
  type CertificateProblem,
} from '../../shared/errors';
import { clientFailureCodes, type CallResult } from '../../shared/ipc';
import { fullJitterDelay, realClock, type Clock } from './backoff';
import { POOL_LIMITS, RequestPool } from './request-limits';

/**
 * The one HTTP client of the main process. Every call goes through a binding (shared/api), comes
 * back as a CallResult (never throws), and carries credentials only to the account's own server.
 */

export interface Credentials {
  email: string;
  apiKey: string;
}

export interface HttpClientOptions {
  /** The server's base URL (`{base_url}`); requests go to `{base_url}/api/v1/...`. */
  serverUrl: string;
  /** Absent for a client that only probes a server before sign-in. */
  credentials?: Credentials;
  userAgent: string;
  /** Default per-request timeout (connect + full body). */
  timeoutMs?: number;
  /** Retries after the first attempt for the cases that are safe to retry. */
  maxRetries?: number;
  /** Backoff between those retries. */
  retryBaseMs?: number;
  retryCapMs?: number;
  /** Feature level passed to bindings' `adapt`; read at each call. */
  featureLevel?: () => number;
  fetch?: typeof fetch;
  clock?: Clock;
  random?: () => number;
  /** Requests on the wire at once, and waiting behind them (default POOL_LIMITS). */
  pool?: { maxActive: number; maxQueued: number };
}

export interface CallOptions {
  timeoutMs?: number;
  /** Overrides `maxRetries` (the event loop passes 0 and retries on its own terms). */
  maxRetries?: number;
  signal?: AbortSignal;
  /** Outside the pool: the event loop's own requests (a long poll holds its place for minutes). */
  unpooled?: boolean;
}

const MAX_REDIRECTS = 3;

type RawResult = CallResult<{ status: number; body: string }>;

/** One GET on the wire and how many callers that may still cancel wait for it (Infinity: one cannot). */
interface SharedGet {
  controller: AbortController;
  waiting: number;
  result: Promise<RawResult>;
}

/** What a request given up by its caller ends in (the event loop reads it as a cancelled wait). */
const cancelled: CallFailure = { kind: 'network', reason: 'other', message: 'cancelled' };

export class HttpClient {
  readonly origin: string;
  /** `{base_url}` without its trailing slash: where `/user_uploads/...` lives. */
  private readonly root: string;
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly pool: RequestPool;
  /** GETs on the wire, by request: an identical GET asked meanwhile shares the answer. */
  private readonly sharedGets = new Map<string, SharedGet>();

  constructor(private readonly options: HttpClientOptions) {
    const url = new URL(options.serverUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`Unsupported server URL scheme: ${url.protocol}`);
    this.origin = url.origin;
    this.root = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    this.base = `${this.root}/api/v1`;
    this.fetchImpl = options.fetch ?? fetch;
    this.clock = options.clock ?? realClock;
    this.random = options.random ?? Math.random;
    const pool = options.pool ?? POOL_LIMITS;
    this.pool = new RequestPool(pool.maxActive, pool.maxQueued);
  }

  /** Calls an endpoint through its binding and decodes the answer. */
  async call<P extends Record<string, unknown>, R>(
    endpoint: Endpoint<string, P, R>,
    params: P,
    options: CallOptions = {},
  ): Promise<CallResult<R>> {
    let wire: WireRequest;
    try {
      wire = toWire(endpoint, params, { featureLevel: this.options.featureLevel?.() ?? 0 });
    } catch (error) {
      return fail({ kind: 'api', status: 0, code: 'CLIENT_INVALID_PARAMS', msg: String(error), extra: {} });
    }
    const raw = await this.sendShared(wire, endpoint.disposable ? { ...options, maxRetries: 0 } : options);
    if (!raw.ok) return raw;
    const json = safeJson(raw.value.body);
    if (json === undefined)
      return fail({ kind: 'malformed', status: raw.value.status, message: 'the body is not JSON' });
    const decoded = endpoint.response.safeParse(json);
    if (!decoded.success)
      return fail({
        kind: 'malformed',
        status: raw.value.status,
        message: `unexpected response to ${endpoint.name}: ${decoded.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
          .join('; ')}`,
      });
    return { ok: true, value: decoded.data };
  }

  /**
   * A GET joins an identical one already on the wire. Its request is aborted only once every
   * caller that joined it has cancelled; a caller that cancels gets its answer at once.
   */
  private sendShared(wire: WireRequest, options: CallOptions): Promise<RawResult> {
    if (wire.method !== 'GET' || options.unpooled) return this.sendWithRetries(wire, options);
    const { signal } = options;
    if (signal?.aborted) return Promise.resolve(fail(cancelled));
    const key = `${wire.path}?${new URLSearchParams(wire.fields).toString()}`;
    let shared = this.sharedGets.get(key);
    if (!shared) {
      const controller = new AbortController();
      const result = this.sendWithRetries(wire, { ...options, signal: controller.signal }).finally(() => {
        if (this.sharedGets.get(key) === entry) this.sharedGets.delete(key);
      });
      const entry: SharedGet = { controller, waiting: 0, result };
      this.sharedGets.set(key, entry);
      shared = entry;
    }
    // A caller that cannot cancel keeps the request alive for good.
    if (!signal) {
      shared.waiting = Infinity;
      return shared.result;
    }
    const entry = shared;
    entry.waiting += 1;
    return new Promise((resolve) => {
      const onAbort = () => {
        entry.waiting -= 1;
        if (entry.waiting === 0) {
          if (this.sharedGets.get(key) === entry) this.sharedGets.delete(key);
          entry.controller.abort();
        }
        resolve(fail(cancelled));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      void entry.result.then((result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      });
    });
  }

  private async sendWithRetries(
    wire: WireRequest,
    options: CallOptions,
  ): Promise<CallResult<{ status: number; body: string }>> {
    const maxRetries = options.maxRetries ?? this.options.maxRetries ?? 2;
    for (let attempt = 0; ; attempt++) {
      const result = await this.sendPooled(wire, options);
      if (result.ok || attempt >= maxRetries || options.signal?.aborted) return result;
      const delay = this.retryDelay(wire, result.error, attempt);
      if (delay === null) return result;
      await this.clock.sleep(delay, options.signal);
    }
  }

  /** One attempt, holding one of the pool's places while it is on the wire (not while waiting to retry). */
  private async sendPooled(
    wire: WireRequest,
    options: CallOptions,
  ): Promise<CallResult<{ status: number; body: string }>> {
    if (options.unpooled) return this.sendOnce(wire, options);
    const release = await this.pool.acquire(options.signal);
    if (!release)
      return fail({
        kind: 'api',
        status: 0,
        code: clientFailureCodes.overloaded,
        msg: options.signal?.aborted
          ? 'Cancelled before it was sent.'
          : `Too many requests are waiting for ${this.origin}; this one was not sent. Try again in a moment.`,
        extra: {},
      });
    try {
      return await this.sendOnce(wire, options);
    } finally {
      release();
    }
  }

  /** Null when the failure must not be retried; otherwise how long to wait first. */
  private retryDelay(wire: WireRequest, failure: CallFailure, attempt: number): number | null {
    const backoff = fullJitterDelay(
      attempt,
      { baseMs: this.options.retryBaseMs ?? 500, capMs: this.options.retryCapMs ?? 10_000 },
      this.random,
    );
    // A rate-limited request was not processed, so any method may be sent again.
    if (failure.kind === 'api' && failure.status === 429)
      return Math.max(backoff, (failure.retryAfterSeconds ?? 0) * 1000);
    const idempotent = wire.method === 'GET';
    if (idempotent && (failure.kind === 'network' || failure.kind === 'server')) return backoff;
    return null;
  }

  private async sendOnce(
    wire: WireRequest,
    options: CallOptions,
  ): Promise<CallResult<{ status: number; body: string }>> {
    const hasBody = wire.method !== 'GET' && wire.method !== 'DELETE';
    const form = new URLSearchParams(wire.fields).toString();
    let url = `${this.base}${wire.path}${!hasBody && form ? `?${form}` : ''}`;
    const headers: Record<string, string> = {
      'User-Agent': this.options.userAgent,
      Accept: 'application/json',
    };
    if (hasBody) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (wire.authenticated) {
      if (!this.options.credentials)
        return fail({ kind: 'api', status: 0, code: 'CLIENT_NO_ACCOUNT', msg: 'Not signed in', extra: {} });
      const { email, apiKey } = this.options.credentials;
      headers['Authorization'] = `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
    }

    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? 30_000;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for (let redirects = 0; ; redirects++) {
        const refusal = this.refuseForeignOrigin(url);
        if (refusal) return fail(refusal);
        const response = await this.fetchImpl(url, {
          method: wire.method,
          headers,
          body: hasBody ? form : undefined,
          redirect: 'manual',
          signal: controller.signal,
        });
        if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
          await response.body?.cancel();
          // Only a GET may be followed; the next URL is checked against the origin before the loop sends anything.
          if (wire.method !== 'GET' || redirects >= MAX_REDIRECTS)
            return fail({ kind: 'malformed', status: response.status, message: 'unexpected redirect' });
          url = new URL(response.headers.get('location') as string, url).toString();
          continue;
        }
        const body = await response.text();
        if (response.ok) return { ok: true, value: { status: response.status, body } };
        return fail(classifyErrorResponse(response.status, body, response.headers.get('retry-after')));
      }
    } catch (error) {
      if (timedOut)
        return fail({ kind: 'network', reason: 'timeout', message: `no answer within ${timeoutMs} ms` });
      if (options.signal?.aborted) return fail(cancelled);
      return fail(networkFailure(error));
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * POSTs a streamed body (an upload's multipart form) to `{base_url}/api/v1{path}` with the
   * account's credentials and returns the JSON answer. One attempt, outside the pool (a large
   * upload must not hold a place other calls wait for), and no timeout: `signal` ends it.
   */
  async postStream(
    path: string,
    body: ReadableStream<Uint8Array>,
    contentType: string,
    signal: AbortSignal,
  ): Promise<CallResult<unknown>> {
    const headers = this.authorizedHeaders({ Accept: 'application/json', 'Content-Type': contentType });
    if (!headers)
      return fail({ kind: 'api', status: 0, code: 'CLIENT_NO_ACCOUNT', msg: 'Not signed in', extra: {} });
    try {
      const response = await this.fetchImpl(`${this.base}${path}`, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal,
        // Node's fetch needs this for a streamed request body.
        duplex: 'half',
      } as RequestInit);
      const text = await response.text();
      if (!response.ok)
        return fail(classifyErrorResponse(response.status, text, response.headers.get('retry-after')));
      const json = safeJson(text);
      if (json === undefined)
        return fail({ kind: 'malformed', status: response.status, message: 'the body is not JSON' });
      return { ok: true, value: json };
    } catch (error) {
      if (signal.aborted) return fail({ kind: 'network', reason: 'other', message: 'cancelled' });
      return fail(networkFailure(error));
    }
  }

  /**
   * GETs one of the server's own files (`path` under `{base_url}`, e.g. `/user_uploads/...`)
   * with the account's credentials, and returns the response for its body to be streamed. A
   * redirect to another origin (the real service may send files from a storage service with a
   * signed URL) is followed without the credentials.
   */
  async fetchFile(path: string, signal?: AbortSignal): Promise<CallResult<Response>> {
    let url = `${this.root}${path}`;
    try {
      for (let redirects = 0; ; redirects++) {
        const own = isSameOrigin(this.origin, url);
        const headers = own ? this.authorizedHeaders({}) : { 'User-Agent': this.options.userAgent };
        if (!headers)
          return fail({ kind: 'api', status: 0, code: 'CLIENT_NO_ACCOUNT', msg: 'Not signed in', extra: {} });
        const response = await this.fetchImpl(url, { headers, redirect: 'manual', signal });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          if (redirects >= MAX_REDIRECTS)
            return fail({ kind: 'malformed', status: response.status, message: 'too many redirects' });
          url = new URL(location, url).toString();
          if (!/^https?:$/.test(new URL(url).protocol))
            return fail({ kind: 'malformed', status: response.status, message: 'unexpected redirect' });
          continue;
        }
        return { ok: true, value: response };
      }
    } catch (error) {
      if (signal?.aborted) return fail({ kind: 'network', reason: 'other', message: 'cancelled' });
      return fail(networkFailure(error));
    }
  }

  private authorizedHeaders(extra: Record<string, string>): Record<string, string> | null {
    if (!this.options.credentials) return null;
    const { email, apiKey } = this.options.credentials;
    return {
      'User-Agent': this.options.userAgent,
      ...extra,
      Authorization: `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`,
    };
  }

  /** Credentials go to the account's own origin only, whatever a path or a redirect says. */
  private refuseForeignOrigin(url: string): CallFailure | null {
    if (isSameOrigin(this.origin, url)) return null;
    return {
      kind: 'network',
      reason: 'other',
      message: `refused to send a request for ${this.origin} elsewhere (${url.slice(0, 200)})`,
    };
  }
}

/** True only when `url` parses to exactly `origin` (scheme, host and port). */
export function isSameOrigin(origin: string, url: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

function fail<T>(error: CallFailure): CallResult<T> {
  return { ok: false, error };
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

/** Failures before any connection was made: the request cannot have reached the server. */
const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** OpenSSL's and Node's codes for a refused certificate (tls.connect's errors). */
const CERTIFICATE_CODES: Record<string, CertificateProblem> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'untrusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'untrusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
  CERT_UNTRUSTED: 'untrusted',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'not-yet-valid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'wrong-name',
  HOSTNAME_MISMATCH: 'wrong-name',
  CERT_REVOKED: 'other',
  CERT_REJECTED: 'other',
  CERT_SIGNATURE_FAILURE: 'other',
  CERT_CHAIN_TOO_LONG: 'other',
  INVALID_CA: 'other',
  INVALID_PURPOSE: 'other',
};

/** Maps a fetch exception to the network part of the failure family. */
export function networkFailure(error: unknown): CallFailure {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: string } | undefined)?.code;
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  const notSent = code !== undefined && NOT_CONNECTED_CODES.has(code) ? { notSent: true as const } : {};
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT')
    return { kind: 'network', reason: 'timeout', message, ...notSent };
  // ENOTFOUND: no such name; EAI_AGAIN: no answer about it (a resolver out of reach, or offline).
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return { kind: 'network', reason: 'connection_failed', message, ...notSent, nameNotFound: true };
  if (code === 'ECONNREFUSED')
    return { kind: 'network', reason: 'connection_failed', message, ...notSent, connectionRefused: true };
  if (code && CONNECTION_CODES.has(code))
    return { kind: 'network', reason: 'connection_failed', message, ...notSent };
  const certificate = code === undefined ? undefined : CERTIFICATE_CODES[code];
  // Refused before the request was written: nothing reached the server.
  if (certificate) return { kind: 'network', reason: 'other', message, notSent: true, certificate };
  // OpenSSL's handshake errors, e.g. ERR_SSL_WRONG_VERSION_NUMBER where plain http answered
  // (certificate refusals have codes of their own).
  if (code?.startsWith('ERR_SSL_') || code === 'EPROTO')
    return { kind: 'network', reason: 'other', message, tlsHandshakeFailed: true };
  return { kind: 'network', reason: 'other', message };
}

/** `TeamChat/0.1.0 (linux; Node 20.20.0)`: names the app and version for the server's logs. */
export function userAgent(appName: string, version: string, runtime: string): string {
  return `${appName.replace(/\s+/g, '')}/${version} (${process.platform}; ${runtime})`;
}

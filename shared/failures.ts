// The failure family without zod: what the renderer's first screen needs (ApiCallError, the codes,
// the sentences). errors.ts re-exports it and adds the decoders (error bodies, extra fields).

/**
 * The closed family of failures a call can end in (DESIGN.md). Plain data, so it crosses IPC
 * unchanged; `ApiCallError` wraps it for code that prefers exceptions.
 */
export type CallFailure = NetworkFailure | ApiFailure | ServerFailure | MalformedResponse | CancelledCall;

export interface NetworkFailure {
  kind: 'network';
  /** `connection_failed`: nothing answered (refused, DNS, reset before a response); `timeout`: no answer in time. */
  reason: 'connection_failed' | 'timeout' | 'other';
  message: string;
  /**
   * The request never left this machine: no connection was made (refused, the name not found, the
   * host unreachable, the connection not made in time). Unset when it may have reached the server
   * (a connection reset or closed after the request was written, an answer that did not come).
   */
  notSent?: true;
  /**
   * The secure (https) connection failed in its TLS handshake, not over a certificate: most often
   * what answered speaks only plain http.
   */
  tlsHandshakeFailed?: true;
  /**
   * The server's name was not found (DNS has no such host): most often a mistyped address, else this
   * computer cannot look names up (offline).
   */
  nameNotFound?: true;
  /**
   * The host was reached and refused the connection (ECONNREFUSED): nothing listens at that port,
   * most often a server that is down or not started, or a wrong port. Not the person's network.
   */
  connectionRefused?: true;
  /** The server's certificate was refused: what was wrong with it. */
  certificate?: CertificateProblem;
}

/**
 * Why a server's certificate was refused. `untrusted`: self-signed, or from an authority this
 * computer does not know (an organization's own authority); `other`: revoked, badly signed, unusable.
 */
export type CertificateProblem = 'untrusted' | 'expired' | 'not-yet-valid' | 'wrong-name' | 'other';

const CERTIFICATE_SENTENCES: Record<CertificateProblem, string> = {
  untrusted:
    "The server's certificate is not trusted: it is self-signed or from an authority this app does not trust. If your organization has its own certificate authority, start the app with NODE_EXTRA_CA_CERTS set to that authority's certificate file.",
  expired: "The server's certificate has expired (or this computer's clock is wrong).",
  'not-yet-valid': "The server's certificate is not valid yet (or this computer's clock is wrong).",
  'wrong-name': "The server's certificate is for another address: check the organization URL.",
  other: "The server's certificate was refused.",
};

/** A 4xx with the service's error body (spec parts 1 and 7). */
export interface ApiFailure {
  kind: 'api';
  status: number;
  code: string;
  msg: string;
  /** Every other field of the error body, e.g. `first_message_id_allowed_to_move`. */
  extra: Record<string, unknown>;
  /** Seconds from a Retry-After header (or the body's `retry-after`) on RATE_LIMIT_HIT. */
  retryAfterSeconds?: number;
}

export interface ServerFailure {
  kind: 'server';
  status: number;
  message: string;
}

export interface MalformedResponse {
  kind: 'malformed';
  status: number;
  /** What was wrong: not JSON, or a body the decoder rejected (with the decoder's words). */
  message: string;
}

/**
 * The caller gave the call up (`ChatBridge.cancelCall`, an aborted signal): its request was aborted
 * or never sent. Not an error anyone is shown: whoever cancelled no longer wants the answer.
 */
export interface CancelledCall {
  kind: 'cancelled';
  message: string;
}

export function cancelledCall(message = 'Cancelled: the answer was no longer needed.'): CancelledCall {
  return { kind: 'cancelled', message };
}

/** The error family for code that prefers exceptions: true when a call was given up, not failed. */
export function isCancelledCall(error: unknown): boolean {
  return error instanceof ApiCallError && error.failure.kind === 'cancelled';
}

/** The error codes of spec part 7 and the public API that the client reacts to. */
export const ErrorCode = {
  badRequest: 'BAD_REQUEST',
  moveMessagesTimeLimitExceeded: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
  streamWildcardMentionNotAllowed: 'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
  topicWildcardMentionNotAllowed: 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
  invitationFailed: 'INVITATION_FAILED',
  reactionAlreadyExists: 'REACTION_ALREADY_EXISTS',
  badEventQueueId: 'BAD_EVENT_QUEUE_ID',
  rateLimitHit: 'RATE_LIMIT_HIT',
} as const;

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A short sentence for a person, in the user's words rather than the wire's. */
export function describeFailure(failure: CallFailure): string {
  switch (failure.kind) {
    case 'network':
      if (failure.certificate) return CERTIFICATE_SENTENCES[failure.certificate];
      if (failure.tlsHandshakeFailed)
        return 'Could not make a secure (https) connection to the server: it may not use https.';
      return failure.reason === 'timeout'
        ? 'The server did not answer in time.'
        : 'Could not reach the server. Check your connection.';
    case 'api':
      // The service's own words ("API usage exceeded rate limit") say nothing of what to do.
      if (failure.status === 429)
        return failure.retryAfterSeconds
          ? `The server is limiting this account's requests: try again in ${Math.ceil(failure.retryAfterSeconds)} s.`
          : "The server is limiting this account's requests: try again in a moment.";
      return failure.msg || failure.code;
    case 'server':
      return `The server had a problem (HTTP ${failure.status}). Try again in a moment.`;
    case 'malformed':
      return `The server sent a response this app could not read (${failure.message}).`;
    case 'cancelled':
      return 'Cancelled.';
  }
}

export class ApiCallError extends Error {
  constructor(readonly failure: CallFailure) {
    super(describeFailure(failure));
    this.name = 'ApiCallError';
  }
}

/**
 * Everything that can go wrong with an upstream call, as one error class with a small,
 * client-actionable vocabulary of codes. The schema layer exposes `code` as
 * `extensions.code`; nothing else of the upstream response reaches a client.
 */
import { UPSTREAM_STATUS_CODES, type ErrorCode } from '../common/error-codes.ts';
import { REQUEST, UPSTREAM } from '../common/messages.ts';

export type UpstreamErrorCode = Extract<
  ErrorCode,
  'UNAUTHENTICATED' | 'NOT_FOUND' | 'RATE_LIMITED' | 'UPSTREAM_TIMEOUT' | 'UPSTREAM_ERROR' | 'BAD_USER_INPUT'
>;

export class UpstreamError extends Error {
  readonly code: UpstreamErrorCode;
  /** HTTP status of the upstream response, when there was one. */
  readonly status?: number;
  /** The upstream's own numeric status_code, when its body carried one. */
  readonly upstreamCode?: number;
  /** A transient failure (the connection broke) that an idempotent call may try again. */
  readonly retryable: boolean;

  constructor(code: UpstreamErrorCode, message: string, status?: number, upstreamCode?: number, retryable = false) {
    super(message);
    this.code = code;
    this.status = status;
    this.upstreamCode = upstreamCode;
    this.retryable = retryable;
    this.name = 'UpstreamError';
  }
}

/** Upstream status codes whose meaning is safe and useful to show a client (the texts: common/messages.ts). */
const SAFE_MESSAGES = UPSTREAM.byStatusCode;

function codeForStatus(status: number): UpstreamErrorCode {
  return (UPSTREAM_STATUS_CODES[status] as UpstreamErrorCode | undefined) ?? 'UPSTREAM_ERROR';
}

const DEFAULT_MESSAGES: Record<UpstreamErrorCode, string> = UPSTREAM.byCode;

/** Reads `status_code` from an error body without trusting its shape. */
function upstreamStatusCode(body: unknown): number | undefined {
  if (body && typeof body === 'object' && 'status_code' in body) {
    const code = (body as { status_code: unknown }).status_code;
    if (typeof code === 'number' && Number.isInteger(code)) return code;
  }
  return undefined;
}

export function errorFromResponse(status: number, body: unknown): UpstreamError {
  const code = codeForStatus(status);
  const upstreamCode = upstreamStatusCode(body);
  const message = (upstreamCode !== undefined && SAFE_MESSAGES[upstreamCode]) || DEFAULT_MESSAGES[code];
  return new UpstreamError(code, message, status, upstreamCode);
}

/** A call past the request's budget of calls (MAX_COST): refused, unsent; only the field that needed it fails. */
export class CallBudgetSpentError extends Error {
  readonly max: number;

  constructor(max: number) {
    super(REQUEST.callBudgetSpent(max));
    this.max = max;
    this.name = 'CallBudgetSpentError';
  }
}

export function timeoutError(): UpstreamError {
  return new UpstreamError('UPSTREAM_TIMEOUT', DEFAULT_MESSAGES.UPSTREAM_TIMEOUT);
}

/** The fleet's own budget (UPSTREAM_RATE_LIMIT, or a pause a 429 asked for) has no turn in time for this call. */
export function rateBudgetError(): UpstreamError {
  return new UpstreamError('RATE_LIMITED', DEFAULT_MESSAGES.RATE_LIMITED);
}

export function circuitOpenError(): UpstreamError {
  return new UpstreamError('UPSTREAM_ERROR', UPSTREAM.circuitOpen);
}

export function unreachableError(): UpstreamError {
  return new UpstreamError('UPSTREAM_ERROR', UPSTREAM.unreachable, undefined, undefined, true);
}

export function malformedResponseError(): UpstreamError {
  return new UpstreamError('UPSTREAM_ERROR', UPSTREAM.malformed);
}

/** Which credential a call lacked; the GraphQL side words it in terms of the client's headers. */
export type MissingCredential = 'token' | 'user-session' | 'guest-session' | 'any-session';

/** A call that cannot go out for want of a credential: UNAUTHENTICATED, before any upstream call. */
export class MissingCredentialError extends UpstreamError {
  readonly missing: MissingCredential;
  constructor(missing: MissingCredential) {
    super('UNAUTHENTICATED', MISSING_MESSAGES[missing]);
    this.missing = missing;
  }
}

const MISSING_MESSAGES: Record<MissingCredential, string> = UPSTREAM.missing;

export function missingCredentialError(): UpstreamError {
  return new MissingCredentialError('token');
}

export function missingSessionError(need: Exclude<MissingCredential, 'token'>): UpstreamError {
  return new MissingCredentialError(need);
}

/** The client of the request went away: the call is not made, or is cut. Nobody reads this answer. */
export function clientGoneError(): UpstreamError {
  return new UpstreamError('UPSTREAM_TIMEOUT', UPSTREAM.clientGone);
}

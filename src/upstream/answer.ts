import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import {
  type BrotliOptions,
  brotliDecompress,
  brotliDecompressSync,
  gunzip,
  gunzipSync,
  inflate,
  inflateSync,
  type ZlibOptions,
} from 'node:zlib';
import { UPSTREAM_STATUS_CODES, type ErrorCode } from '../common/error-codes.ts';
import { REQUEST, UPSTREAM } from '../common/messages.ts';

/**
 * The upstream's answer: its body read within the bound and decoded, parsed, or its status as a
 * typed error. Everything that can go wrong with an upstream call is one error class with a
 * small, client-actionable vocabulary of codes. The schema layer exposes `code` as
 * `extensions.code`; nothing else of the upstream response reaches a client.
 */
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

export function badPathSegmentError(): UpstreamError {
  return new UpstreamError('BAD_USER_INPUT', 'An identifier in this request is empty, "." or "..", which the catalog cannot look up.');
}

export function missingKeyError(): UpstreamError {
  return new UpstreamError('UPSTREAM_ERROR', "The catalog's answer lacks an identifier this request needs.");
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

/** What the request function asks for (Accept-Encoding): the catalog's JSON shrinks 3-4× with either. */
export const ACCEPTED_ENCODINGS = 'br, gzip';

/** One HTTP exchange with the upstream, its body read in full. */
export interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

/** An answer over the bound: the field fails, with no text of the answer shown. */
export class BodyTooLargeError extends UpstreamError {
  constructor() {
    super('UPSTREAM_ERROR', UPSTREAM.tooLarge);
  }
}

/** A compressed answer that does not decode (or in a coding never asked for): its own fault, like too large. */
export class UndecodableBodyError extends UpstreamError {
  constructor() {
    super('UPSTREAM_ERROR', malformedResponseError().message);
  }
}

/** Stops reading an answer the gateway gave up on; the abort this causes is expected, not a failure. */
function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

type Coding = 'gzip' | 'br' | 'deflate';
type Decode = (bytes: Buffer, options: ZlibOptions & BrotliOptions) => Buffer;

const DECODE_SYNC: Record<Coding, Decode> = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };
const DECODE_ASYNC = { gzip: promisify(gunzip), br: promisify(brotliDecompress), deflate: promisify(inflate) };

/**
 * Compressed answers up to this size are decoded on the spot: a catalog answer decodes in tens of
 * microseconds, less than a hand-off to the thread pool. Larger ones are decoded off the event loop.
 */
const DECODE_ON_THE_SPOT_BYTES = 64 * 1024;

/**
 * Codings one answer may stack (`gzip, br` is two). The gateway asks for one; each layer is a
 * decoding pass over the whole answer, so an answer with a hundred was a hundred passes.
 */
const MAX_CODINGS = 2;

/**
 * The codings of Content-Encoding, last applied first: the order to undo them in. A coding the
 * gateway never asked for, or more than MAX_CODINGS of them, is a malformed answer.
 */
function codingsOf(contentEncoding: string | string[] | undefined): Coding[] {
  const codings = String(contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .map((coding) => (coding === 'x-gzip' ? 'gzip' : coding))
    .reverse();
  // Own keys only: `constructor` is in every object, and no coding.
  if (codings.length > MAX_CODINGS || codings.some((coding) => !Object.hasOwn(DECODE_SYNC, coding))) throw new UndecodableBodyError();
  return codings as Coding[];
}

/**
 * The bytes as they came, counted while they arrive: never more than `maxBytes` held. An answer
 * declared larger is refused before any byte is read; an undeclared one is cut off the moment
 * the count passes the bound.
 */
async function received(body: Readable, declared: number, maxBytes: number): Promise<Buffer> {
  if (Number.isFinite(declared) && declared > maxBytes) {
    body.destroy();
    throw new BodyTooLargeError();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new BodyTooLargeError();
    }
    chunks.push(chunk);
  }
  const [only] = chunks;
  return chunks.length === 1 && only ? only : Buffer.concat(chunks, size);
}

/**
 * Undoes one coding, never producing more than `maxBytes`: zlib itself stops at the bound
 * (maxOutputLength), so a small compressed bomb costs the bound's worth of output, not its whole.
 */
async function decode(bytes: Buffer, coding: Coding, maxBytes: number): Promise<Buffer> {
  try {
    const options = { maxOutputLength: maxBytes };
    return bytes.length <= DECODE_ON_THE_SPOT_BYTES ? DECODE_SYNC[coding](bytes, options) : await DECODE_ASYNC[coding](bytes, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new BodyTooLargeError();
    // Truncated, or not what it claims to be.
    throw new UndecodableBodyError();
  }
}

/**
 * The body as text, read while counting: one huge (or endless) answer must never fill the
 * gateway's memory. A compressed answer is received whole (within the bound), then decoded in one
 * step, the bound applying to the decoded bytes too: to all layers' output together, so two
 * stacked codings cannot hold twice the bound; one step, because a zlib stream per answer
 * (a Transform, its pipe and its async iterator) cost more than the decoding itself. Bytes are
 * decoded to text once, so a character split across chunks decodes whole.
 */
export async function readBody(body: Readable, headers: Exchange['headers'], maxBytes: number): Promise<string> {
  let codings: Coding[];
  try {
    codings = codingsOf(headers['content-encoding']);
  } catch (error) {
    discard(body);
    throw error;
  }
  let bytes = await received(body, Number(headers['content-length']), maxBytes);
  let decoded = 0;
  for (const coding of codings) {
    // Nothing left of the bound is a layer too large, even an empty one (zlib wants at least 1).
    if (decoded >= maxBytes) throw new BodyTooLargeError();
    bytes = await decode(bytes, coding, maxBytes - decoded);
    decoded += bytes.length;
  }
  return bytes.toString('utf8');
}

/** The JSON object of a 2xx answer, or the typed error of any other. */
export function parseBody<T>(exchange: Exchange): T {
  let body: unknown;
  try {
    body = exchange.text === '' ? undefined : JSON.parse(exchange.text);
  } catch {
    if (exchange.status >= 400) throw errorFromResponse(exchange.status, undefined);
    throw malformedResponseError();
  }
  if (exchange.status < 200 || exchange.status > 299) throw errorFromResponse(exchange.status, body);
  if (body === null || typeof body !== 'object') throw malformedResponseError();
  return body as T;
}

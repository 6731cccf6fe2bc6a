import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';
import type { CredentialHeader, Credentials } from '../common/credentials.ts';
import type { RequestState } from '../common/request-state.ts';

/*
 * The request as the HTTP front reads it (listener.ts), each thing once: its id, its Host,
 * whether a browser asks for GraphiQL, who the client is, the credentials, language and stated
 * deadline the layers below are handed in the request's state, and the body within
 * MAX_BODY_BYTES. Reading only: the front decides what to answer.
 */

/** A request id a client may choose: a UUID or a short token; anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

/** host[:port] as RFC 9110 allows it: a name or IPv4, or a bracketed IPv6, and a port up to 65535. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]+)(?::(\d{1,5}))?$/;

export function isHost(value: string): boolean {
  const match = HOST.exec(value);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}

/** Yoga's own test: a browser's GET asks for HTML. */
export function wantsPage(request: IncomingMessage): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** What the front parses of a request's headers once, for its own use and the layers below. */
export type ParsedHeaders = Pick<RequestState, 'credentials' | 'language' | 'statedDeadlineMs'>;

export function parsedHeaders(headers: IncomingHttpHeaders, serverToken: string | undefined): ParsedHeaders {
  return {
    credentials: credentialsOf(headers, serverToken),
    language: acceptedLanguage(headers['accept-language']),
    statedDeadlineMs: statedDeadline(headerValue(headers, DEADLINE_HEADER)),
  };
}

const BEARER = /^Bearer\s+([\x21-\x7e]{1,4096})$/i;
const SESSION_ID = /^[A-Za-z0-9_-]{1,256}$/;

/** A session id header, dropped when malformed so it can never reach an upstream URL; null when it was sent malformed. */
function sessionHeader(headers: IncomingHttpHeaders, name: string): string | null | undefined {
  const value = headerValue(headers, name)?.trim();
  if (!value) return undefined;
  return SESSION_ID.test(value) ? value : null;
}

/**
 * Who a request acts for (src/common/credentials.ts). The request's own bearer token wins; the
 * server token is the fallback only when the request sent no Authorization header at all, so a
 * malformed header never borrows it.
 */
function credentialsOf(headers: IncomingHttpHeaders, serverToken: string | undefined): Credentials {
  const { authorization } = headers;
  const accessToken = authorization === undefined ? serverToken : BEARER.exec(authorization.trim())?.[1];
  const sessionId = sessionHeader(headers, 'x-session-id');
  const guestSessionId = sessionHeader(headers, 'x-guest-session-id');
  const malformed: CredentialHeader[] = [];
  if (authorization !== undefined && accessToken === undefined) malformed.push('Authorization');
  if (sessionId === null) malformed.push('X-Session-Id');
  if (guestSessionId === null) malformed.push('X-Guest-Session-Id');
  return {
    accessToken,
    sessionId: sessionId ?? undefined,
    guestSessionId: guestSessionId ?? undefined,
    ...(malformed.length > 0 && { malformed }),
  };
}

/*
 * The language a request asks for in its Accept-Language header (RFC 9110 §12.5.4): the
 * acceptable tag with the highest q-value (the first of equals), in the catalog's form, `xx`
 * or `xx-YY`. Tags of other forms (`*`, scripts such as `zh-Hant`) and q=0 are passed over;
 * a header with none left asks for nothing, and the catalog's default applies. Never an error:
 * a browser sends this header on its own.
 */
const TAG = /^([a-z]{2})(?:-([a-z]{2}))?$/i;
const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;
/** Longer headers are cut: no browser sends more, and parsing stays bounded. */
const MAX_LANGUAGE_HEADER = 512;

function acceptedLanguage(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let best: { tag: string; q: number } | undefined;
  for (const part of header.slice(0, MAX_LANGUAGE_HEADER).split(',')) {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim());
    const match = TAG.exec(range);
    if (!match) continue;
    const weight = params.find((param) => /^q=/i.test(param));
    const quality = weight === undefined ? undefined : QUALITY.exec(weight);
    if (quality === null) continue;
    const q = quality ? Number(quality[1]) : 1;
    if (q <= 0 || (best && q <= best.q)) continue;
    const tag = match[2] ? `${match[1]?.toLowerCase()}-${match[2].toUpperCase()}` : (match[1] ?? '').toLowerCase();
    best = { tag, q };
  }
  return best?.tag;
}

/**
 * The header through which a router states how long it will wait for this answer, in ms. No
 * router sends such a header by itself and no standard names one (gRPC's `grpc-timeout` and
 * Envoy's `x-envoy-expected-rq-timeout-ms` are the nearest), so the router's header
 * configuration inserts it, a little below its own timeout (docs/composition.md, "Deadlines").
 */
const DEADLINE_HEADER = 'x-request-deadline-ms';

/** The stated deadline: a whole number of ms from 1 up; anything else is no statement. */
function statedDeadline(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,9}$/.test(value.trim())) return undefined;
  const ms = Number(value.trim());
  return ms >= 1 ? ms : undefined;
}

/**
 * Who a request comes from, for bounds kept per client (APQ registrations). proxy-addr
 * (Express's) reads X-Forwarded-For, and ipaddr.js (its own parser) the addresses: both small,
 * long-kept, and one copy of ipaddr.js between them.
 *
 * - Without TRUSTED_PROXIES: the socket's address; X-Forwarded-For is ignored, since any client
 *   may write it.
 * - With it: the right-most address of X-Forwarded-For that is not a trusted proxy (the socket's
 *   address first), so that clients behind the caching proxy the docs recommend are told apart,
 *   and an address a client wrote itself, left of the one its proxy added, is never believed.
 *
 * An IPv6 client counts by its /64, the block one subscriber or host is given: its other 2^64
 * addresses are the same client. An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as a dual-stack
 * socket reports IPv4 peers) is its IPv4 address.
 */
export type ClientNetworkOf = (request: IncomingMessage) => string | undefined;

export function clientNetworkOf(trustedProxies: readonly string[] | undefined): ClientNetworkOf {
  if (!trustedProxies || trustedProxies.length === 0) return (request) => networkOf(request.socket.remoteAddress);
  const trusted = proxyaddr.compile([...trustedProxies]);
  return (request) => networkOf(proxyaddr(request, trusted));
}

/**
 * The last address asked and its network: a connection's requests, and those a proxy forwards,
 * come from the same address one after the other, and parsing it costs about 1 % of an answer's
 * CPU (docs/performance.md). One entry, so nothing grows.
 */
let last: { address: string; network: string } = { address: '', network: 'invalid' };

/** An address as a bound counts it: IPv4 as itself, IPv6 as its /64; `invalid` for what is no address. */
function networkOf(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  if (address === last.address) return last.network;
  const network = parsedNetworkOf(address);
  last = { address, network };
  return network;
}

function parsedNetworkOf(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const [a, b, c, d] = (parsed as ipaddr.IPv6).parts.map((part) => part.toString(16));
  return `${a}:${b}:${c}:${d}::/64`;
}

/** A request body read up to a bound: the bytes, or why there are none. */
export type BoundedBody = { bytes: Buffer } | { tooLarge: true } | { aborted: true };

/**
 * The body, read up to `limit` bytes (MAX_BODY_BYTES); undefined for GET and HEAD, which have
 * none to wait for. A larger body is never held: reading stops the moment the bound is passed
 * (or at once, when Content-Length already says so).
 */
export function readBody(request: IncomingMessage, limit: number): Promise<BoundedBody> | undefined {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  return new Promise((resolve) => collectBody(request, limit, resolve));
}

/** readBody's work, handing its result to `done` (once). */
function collectBody(request: IncomingMessage, limit: number, done: (result: BoundedBody) => void): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    request.pause();
    done({ tooLarge: true });
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const finish = (result: BoundedBody) => {
    request.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onClose);
    done(result);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) return void chunks.push(chunk);
    request.pause();
    finish({ tooLarge: true });
  };
  const onEnd = () => finish({ bytes: Buffer.concat(chunks, size) });
  const onAbort = () => finish({ aborted: true });
  const onClose = () => {
    if (!request.complete) finish({ aborted: true });
  };
  request.on('data', onData).on('end', onEnd).on('error', onAbort).on('close', onClose);
}

import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ERROR_CODES, type ErrorCode } from '../common/error-codes.ts';
import type { RequestState } from '../common/request-state.ts';
import { contentLanguage, isPersonal, sendsUserCredential, varyWith } from './response-headers.ts';
import { hitPath } from './cache-hit.ts';
import { answerOf, answerWriter } from './executed-answer.ts';
import { WRITE_TIMEOUT_MS } from './deliver.ts';
import {
  type BoundedBody,
  clientNetworkOf,
  isHost,
  type ParsedHeaders,
  parsedHeaders,
  readBody,
  requestIdOf,
  wantsPage,
} from './request-reading.ts';
import { requestKeyOf } from './response-cache.ts';
import type { FetchHandler, HttpFront, HttpFrontOptions } from './front-options.ts';
import { FRONT, UNEXPECTED } from '../common/messages.ts';

/**
 * The gateway's HTTP front: every per-request HTTP concern lives here, once, for every answer
 * (whole-response cache hits included): refusing new work while draining, a well-formed Host,
 * CORS, the request body bound (the request as read: request-reading.ts; the refusals and the
 * 413 are this file's own answers), the whole-response cache, the caching headers of GET answers
 * (response-headers.ts) and compression with 304s (deliver.ts). Every answer is written only as
 * fast as its client reads it, and a client that reads nothing for WRITE_TIMEOUT_MS is dropped
 * (deliver.ts); incremental answers stream through part by part, and so do answers too large to
 * be held as bytes. GraphQL itself is Yoga's.
 *
 * Why the response cache sits here, in front of Yoga, and not inside it as
 * @graphql-yoga/plugin-response-cache: a hit answered from bytes skips parsing the request,
 * Yoga's plugin chain and serialising. In `npm run bench` (2 cores) the bytes path serves
 * `configuration` at 3.3× the rate of bare graphql-yoga returning a static object, the ceiling
 * of any cache inside Yoga (6,760 against 2,027 req/s in one run; 49,206 against 4,054 on a
 * faster machine). Keeping it here means this front, not Yoga,
 * must apply every per-request concern to hits too, which is why they all live in this front
 * (this file, and the path of a hit beside it in cache-hit.ts).
 */

type Headers = Record<string, string>;

/** Paths the probes answer; any other request never waits on them. */
const PROBE_PATHS = new Set(['/health', '/readiness', '/metrics']);

/**
 * URLs without a query (every POST to the endpoint) kept parsed, per host and path, at most this
 * many and each at most a DNS name and a path long (so the map holds a few KB). Yoga's server
 * adapter reads each request's URL parsed (~5 µs of (a) to parse it); its hooks only read it.
 */
const KEPT_URLS = 64;
const KEPT_URL_CHARS = 300;

export function createHttpFront(yoga: FetchHandler, options: HttpFrontOptions): HttpFront {
  let leaving = false;
  let draining = false;
  // Leaving or draining: every answer closes its connection.
  const closing = () => leaving || draining;
  const { cache, cors, logger } = options;
  const writeAnswer = answerWriter({
    ...options,
    maxAgeMs: options.maxAgeMs ?? 0,
    writeTimeoutMs: options.writeTimeoutMs ?? WRITE_TIMEOUT_MS,
  });
  const serveHit = hitPath(options, closing);
  const keptUrls = new Map<string, URL>();
  /** The URL Yoga's entry takes for `host` and `target`, parsed once; undefined when it cannot form. */
  function urlOf(host: string, target: string): URL | undefined {
    const text = `http://${host}${target}`;
    const kept = keptUrls.get(text);
    if (kept) return kept;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return undefined;
    }
    if (!target.includes('?') && keptUrls.size < KEPT_URLS && text.length <= KEPT_URL_CHARS) keptUrls.set(text, url);
    return url;
  }
  const clientOf = clientNetworkOf(options.trustedProxies);

  /** The headers every answer of a GraphQL path carries: the base, CORS, and Vary. */
  function answerHeaders(request: IncomingMessage, base: Headers): Headers {
    const allowed = cors.headersFor(request);
    return { ...base, ...allowed, vary: varyWith(allowed) };
  }

  /** The probes' own paths, answered before any GraphQL concern, while draining too; true when answered. */
  async function answerProbe(request: IncomingMessage, response: ServerResponse, pathname: string, base: Headers): Promise<boolean> {
    const probe =
      options.probes && PROBE_PATHS.has(pathname)
        ? await options.probes(pathname, request.method ?? 'GET', request.headers.authorization)
        : undefined;
    if (!probe) return false;
    const headers = { ...base, 'content-type': probe.contentType, 'cache-control': 'no-store' };
    response.writeHead(probe.status, headers).end(request.method === 'HEAD' ? undefined : probe.body);
    return true;
  }

  /** The state the layers below share with the front for this request (src/common/request-state.ts). */
  function requestState(request: IncomingMessage, response: ServerResponse, requestId: string, parsed: ParsedHeaders): RequestState {
    const gone = new AbortController();
    response.once('close', () => {
      if (!response.writableFinished) gone.abort();
    });
    return {
      ...parsed,
      freshness: { freshForMs: Infinity },
      operations: [],
      answerLanguages: new Set(),
      outcome: { clean: false },
      answerSize: { chars: 0 },
      requestId,
      signal: gone.signal,
      clientNetwork: clientOf(request),
    };
  }

  /** The answer's own headers, folded into ours (Yoga's Headers keep the case they were set in). */
  function foldHeaders(answered: Response, headers: Headers) {
    // Folded here, so that each header goes out once (else fetch reads "application/json, application/json").
    answered.headers.forEach((value, given) => {
      const name = given.toLowerCase();
      if (name.startsWith('access-control-') || name === 'content-length' || name === 'vary') return;
      // Yoga's `Connection: keep-alive` on parts would make Node keep a connection its client
      // asked to close: Node decides from the request, as for every other answer.
      if (name === 'connection') return;
      // An empty type (Yoga's 406) is no type: omitted rather than sent blank.
      if (name === 'content-type' && value === '') return;
      headers[name] = value;
    });
    if (closing()) headers.connection = 'close';
  }

  /** One request, step by step: probes, refusals, preflight and page, body, cache hit, Yoga, the answer. */
  async function handle(request: IncomingMessage, response: ServerResponse, requestId: string): Promise<void> {
    // Every answer starts from these headers, whichever path gives it. One object handed to
    // writeHead: a header set on the response before it would send Node down its slow path.
    const base: Headers = closing() ? { 'x-request-id': requestId, connection: 'close' } : { 'x-request-id': requestId };
    const target = request.url ?? '/';
    const queryAt = target.indexOf('?');
    const pathname = queryAt < 0 ? target : target.slice(0, queryAt);
    const search = queryAt < 0 ? '' : target.slice(queryAt);
    // Only a probe's path waits on the probes: every other request goes on without a turn.
    if (PROBE_PATHS.has(pathname) && (await answerProbe(request, response, pathname, base))) return;
    if (draining) return jsonError(response, 'SHUTTING_DOWN', FRONT.shuttingDown, base);
    const host = request.headers.host ?? 'localhost';
    if (!isHost(host)) return jsonError(response, 'BAD_REQUEST', FRONT.badHost, base);
    // Only the exact paths are served: Yoga would also run `/graphql/`, `/graphql/.` or
    // `/x/../graphql`, spellings a shared cache keys apart and that would miss every header below.
    const route = options.routes && Object.hasOwn(options.routes, pathname) ? options.routes[pathname] : undefined;
    const graphql = pathname === options.endpoint;
    if (!graphql && !route) return notFound(response, base);
    const preflight = cors.preflight(request);
    if (preflight) return void response.writeHead(204, { ...base, ...preflight }).end();
    if (graphql && options.page && wantsPage(request))
      return options.page.serve(request, response, answerHeaders(request, base), options.compressionMinBytes);
    // A GET has no body to wait for: it goes on in this turn. One promise for the read: a hit
    // waits on nothing else before its answer.
    const reading = readBody(request, options.maxBodyBytes);
    const read = reading && (await reading);
    if (read && !('bytes' in read)) return refuseBody(response, read, options.maxBodyBytes, answerHeaders(request, base));
    const body = read?.bytes;

    const started = performance.now();
    // Parsed once, here: the GraphQL context reads them from the request's state.
    const parsed = parsedHeaders(request.headers, options.serverToken);
    const language = graphql ? parsed.language : undefined;
    // GETs get caching headers, and so does every answer of `/subgraph`, for the router's caches:
    // `private, no-store` for a session. A POST's answer is kept by no shared cache, so there only
    // a user's own credential makes it private, not the router's token (response-headers.ts).
    const isGet = request.method === 'GET';
    const forRouter = !graphql;
    const personal = isGet ? isPersonal(request.headers) : sendsUserCredential(request.headers);
    const key = graphql ? requestKeyOf(cache, request, search, parsed.credentials, language, body) : undefined;
    const hit = key && cache?.get(key);
    if (key && hit) return serveHit(request, response, requestId, { hit, key, isGet, personal, started });
    const headers = answerHeaders(request, base);
    const state = requestState(request, response, requestId, parsed);
    // The URL Yoga's entry takes: refused here when it cannot form.
    const url = urlOf(host, target);
    if (!url) return jsonError(response, 'BAD_REQUEST', FRONT.badTarget, headers);
    const answered = await answerOf(route ?? yoga, request, { state, url, body });
    foldHeaders(answered, headers);
    // After execution: `language` arguments may have chosen other languages than the request's.
    const answerLanguage = contentLanguage(language, state.answerLanguages);
    if (graphql) headers['content-language'] = answerLanguage;
    const at = { state, key, isGet, forRouter, personal, answerLanguage };
    await writeAnswer(request, response, answered, headers, at);
  }

  const listener: RequestListener = (request, response) => {
    const requestId = requestIdOf(request.headers['x-request-id']);
    handle(request, response, requestId).catch((error: unknown) => {
      logger.error(
        { requestId, err: error instanceof Error ? { name: error.name, message: error.message } : String(error) },
        'http front failed',
      );
      if (response.headersSent) return void response.destroy();
      jsonError(response, 'INTERNAL_SERVER_ERROR', UNEXPECTED, { 'x-request-id': requestId });
    });
  };

  return {
    listener,
    leave: () => {
      leaving = true;
    },
    drain: () => {
      draining = true;
    },
    draining: closing,
  };
}

/** The front's own answer of an error, outside GraphQL: the code's status and a typed body. */
function jsonError(response: ServerResponse, code: ErrorCode, message: string, headers: Headers, extra = {}) {
  const { status } = ERROR_CODES[code];
  const body = JSON.stringify({ errors: [{ message, extensions: { code, ...extra } }] });
  response.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8' }).end(body);
}

/** Any path the gateway does not serve: 404 with a typed body, before any GraphQL concern. */
function notFound(response: ServerResponse, headers: Headers) {
  const body = JSON.stringify({
    errors: [{ message: FRONT.notFound, extensions: { code: 'NOT_FOUND' satisfies ErrorCode } }],
  });
  response.writeHead(404, { ...headers, 'content-type': 'application/json; charset=utf-8' }).end(body);
}

/**
 * A body not read: the client went away (nothing to answer), or it passed MAX_BODY_BYTES: 413,
 * and the rest of it is never read, the connection closing once the client has the answer.
 */
function refuseBody(response: ServerResponse, read: Exclude<BoundedBody, { bytes: Buffer }>, maxBodyBytes: number, headers: Headers) {
  if ('aborted' in read) return void response.destroy();
  const limit = { limit: 'bodyBytes', max: maxBodyBytes };
  jsonError(response, 'PAYLOAD_TOO_LARGE', FRONT.bodyTooLarge(maxBodyBytes), { ...headers, connection: 'close' }, limit);
}

import type { IncomingHttpHeaders, IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import { credentialsFrom, type Freshness } from '../schema/context.ts';
import { type ReadBody, readBody, readBoundedBody } from './body.ts';
import { acceptedLanguage } from '../common/language.ts';
import { cacheControl, contentLanguage, etagOf, isPersonal, VARY } from './caching-headers.ts';
import type { CorsPolicy } from './cors.ts';
import { deliver, type HeaderList, headerList, type WholeAnswer } from './deliver.ts';
import { headerValue, isHost, jsonError, notFound } from './front-answers.ts';
import { type SharedPage, wantsPage } from './page.ts';
import { type ProbeAnswer, requestIdOf } from './probes.ts';
import type { CachedAnswer, ResponseCache } from './response-cache.ts';

/**
 * The gateway's HTTP front: every per-request HTTP concern lives here, once, for every answer
 * (whole-response cache hits included): refusing new work while draining, a well-formed Host,
 * CORS, the request body bound, the whole-response cache, the caching headers of GET answers
 * (caching-headers.ts) and compression with 304s (deliver.ts). Incremental answers stream
 * through part by part. GraphQL itself is Yoga's.
 *
 * Why the response cache sits here, in front of Yoga, and not inside it as
 * @graphql-yoga/plugin-response-cache: a hit answered from bytes skips parsing the request,
 * Yoga's plugin chain and serialising. In `npm run bench` (2 cores) the bytes path serves
 * `configuration` at 3.3× the rate of bare graphql-yoga returning a static object, the ceiling
 * of any cache inside Yoga (6,760 against 2,027 req/s in one run; 49,206 against 4,054 on a
 * faster machine). Keeping it here means this front, not Yoga,
 * must apply every per-request concern to hits too, which is why they all live in this file.
 */

/** What the front hands Yoga with each request, and reads back after it. */
export interface ServerContext {
  freshness: Freshness;
  /** Names of the operations executed, for the log line of a later cache hit. */
  operations: string[];
  /**
   * Set by `useAnswerOutcome`: every result was single and free of errors. An object, because
   * Yoga copies the server context's fields rather than the context itself.
   */
  outcome: { clean: boolean };
  /** The request's id (x-request-id), for its log line. */
  requestId: string;
  /**
   * Aborts when the client goes away before its answer is written: upstream calls not yet made
   * are not made, those in flight are cut. Our own, since the signal of Yoga's Request can be
   * swapped for another object after it is read.
   */
  signal?: AbortSignal;
  /** The client's address (its socket's), for bounds per client such as APQ registrations. */
  clientAddress?: string;
}

/**
 * Tells the front whether an answer may be kept: Yoga hands every result here before
 * serialising it (request, validation and execution errors alike), so the cache never has to
 * parse the bytes again to find out.
 */
export const useAnswerOutcome: Plugin<Record<string, unknown>, Partial<ServerContext>> = {
  onResultProcess: ({ result, serverContext }) => {
    const results = Array.isArray(result) ? result : [result];
    if (!serverContext.outcome) return;
    serverContext.outcome.clean = results.every((one) => !(Symbol.asyncIterator in one) && !(one as ExecutionResult).errors?.length);
  },
};

/** What the front hands Yoga's Node entry: the message itself, and the body it has read, if any. */
export interface NodeRequest {
  raw: IncomingMessage;
  method?: string;
  headers: IncomingHttpHeaders;
  body?: ReadBody;
}

/** The Yoga surface the front needs: its Node entry, which answers with a Fetch Response and leaves the writing to us. */
export interface NodeHandler {
  handleNodeRequestAndResponse(request: NodeRequest, response: ServerResponse, serverContext: ServerContext): Promise<Response> | Response;
}

export interface HttpFrontOptions {
  /** The GraphQL endpoint served by the handler given first; the whole-response cache and caching headers apply to it. */
  endpoint: string;
  /** Other paths served by handlers of their own (a second Yoga instance), with every per-request concern but the caches. */
  routes?: Readonly<Record<string, NodeHandler>>;
  maxBodyBytes: number;
  cors: CorsPolicy;
  cache?: ResponseCache;
  serverToken?: string;
  logger: Logger;
  /** CACHE_CONTROL_MAX_AGE_MS: the longest max-age a GET answer announces; 0 or unset = never public. */
  maxAgeMs?: number;
  /** Answers at least this large are compressed when the client accepts it; undefined = never. */
  compressionMinBytes?: number;
  /** Told of each answer served from the whole-response cache (metrics). */
  onCacheHit?: () => void;
  /** `/health`, `/readiness`, `/metrics`: answered before any GraphQL concern, while draining too. */
  probes?: (pathname: string, method: string, authorization: string | undefined) => Promise<ProbeAnswer | undefined>;
  /** The GraphiQL page, served at the endpoint to a browser's GET (page.ts); undefined = none. */
  page?: SharedPage;
}

export interface HttpFront {
  listener: RequestListener;
  /** From now on new requests get 503 and every answer closes its connection. */
  drain(): void;
  draining(): boolean;
}

type Headers = Record<string, string>;

/** Every answer of a GraphQL path depends on these request headers, whatever it says; CORS may add Origin. */
function varyWith(cors: Readonly<Record<string, string>>): string {
  return cors.vary ? `${VARY}, ${cors.vary}` : VARY;
}

/** What the front knows of a request its whole-response cache can answer. */
interface FoundAnswer {
  hit: CachedAnswer;
  key: string;
  language: string | undefined;
  isGet: boolean;
  personal: boolean;
  /** performance.now() when the request's body had been read, for the log line's duration. */
  started: number;
}

/** Paths the probes answer; any other request never waits on them. */
const PROBE_PATHS = new Set(['/health', '/readiness', '/metrics']);

const STREAMING = /multipart\/mixed|text\/event-stream/i;

export function createHttpFront(yoga: NodeHandler, options: HttpFrontOptions): HttpFront {
  let draining = false;
  const { cache, cors, logger } = options;
  const maxAgeMs = options.maxAgeMs ?? 0;

  /** The headers every answer of a GraphQL path carries: the base, CORS, and Vary. */
  function answerHeaders(request: IncomingMessage, base: Headers): Headers {
    const allowed = cors.headersFor(request);
    return { ...base, ...allowed, vary: varyWith(allowed) };
  }

  /**
   * A whole-response cache hit: the same headers as an executed answer, built as one list in a
   * fixed order (deliver.ts says why), the kept bytes, the log line. Nothing else is done per hit.
   */
  async function serveHit(request: IncomingMessage, response: ServerResponse, requestId: string, found: FoundAnswer): Promise<void> {
    const { hit, key, isGet } = found;
    const allowed = cors.headersFor(request);
    const headers: HeaderList = ['x-request-id', requestId, 'vary', varyWith(allowed), 'content-language', contentLanguage(found.language)];
    for (const [name, value] of Object.entries(allowed)) if (name !== 'vary') headers.push(name, value);
    if (draining) headers.push('connection', 'close');
    if (isGet) {
      const freshForMs = hit.freshUntil - Date.now();
      headers.push('cache-control', cacheControl({ personal: found.personal, clean: true, freshForMs, maxAgeMs }));
    }
    // The entry's own table of compressed forms: a form made now is added to it, then counted
    // against the cache's bound by keepEncoded.
    const answer: WholeAnswer = {
      status: 200,
      contentType: hit.contentType,
      body: hit.body,
      etag: isGet ? hit.etag : undefined,
      encoded: hit.encoded,
    };
    const made = await deliver(request, response, headers, answer, options.compressionMinBytes);
    const bytes = made && answer.encoded[made];
    if (made && bytes) cache?.keepEncoded(key, hit, made, bytes);
    options.onCacheHit?.();
    const ms = Math.round(performance.now() - found.started);
    logger.info({ requestId, operation: hit.operation, ms, errors: [], cached: true }, 'graphql operation');
  }

  async function handle(request: IncomingMessage, response: ServerResponse, requestId: string): Promise<void> {
    // Every answer starts from these headers, whichever path gives it. One object handed to
    // writeHead: a header set on the response before it would send Node down its slow path.
    const base: Headers = draining ? { 'x-request-id': requestId, connection: 'close' } : { 'x-request-id': requestId };
    const target = request.url ?? '/';
    const queryAt = target.indexOf('?');
    const pathname = queryAt < 0 ? target : target.slice(0, queryAt);
    const search = queryAt < 0 ? '' : target.slice(queryAt);
    const probe =
      options.probes && PROBE_PATHS.has(pathname)
        ? await options.probes(pathname, request.method ?? 'GET', request.headers.authorization)
        : undefined;
    if (probe) {
      const headers = { ...base, 'content-type': probe.contentType, 'cache-control': 'no-store' };
      return void response.writeHead(probe.status, headers).end(request.method === 'HEAD' ? undefined : probe.body);
    }
    if (draining) return jsonError(response, 'SHUTTING_DOWN', 'The gateway is shutting down; retry on another instance.', base);
    const host = request.headers.host ?? 'localhost';
    if (!isHost(host)) return jsonError(response, 'BAD_REQUEST', 'The Host header is malformed.', base);
    // Only the exact paths are served: Yoga would also run `/graphql/`, `/graphql/.` or
    // `/x/../graphql`, spellings a shared cache keys apart and that would miss every header below.
    const route = options.routes && Object.hasOwn(options.routes, pathname) ? options.routes[pathname] : undefined;
    const graphql = pathname === options.endpoint;
    if (!graphql && !route) return notFound(response, base);
    const preflight = cors.preflight(request);
    if (preflight) return void response.writeHead(204, { ...base, ...preflight }).end();
    if (graphql && options.page && wantsPage(request))
      return options.page.serve(request, response, answerHeaders(request, base), options.compressionMinBytes);

    let body: Buffer | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const read = await readBoundedBody(request, options.maxBodyBytes);
      if ('aborted' in read) return void response.destroy();
      if ('tooLarge' in read) {
        // The rest of the body is never read: the connection closes once the client has the 413.
        const max = options.maxBodyBytes;
        return jsonError(
          response,
          'PAYLOAD_TOO_LARGE',
          `Request body is larger than the limit of ${max} bytes.`,
          { ...answerHeaders(request, base), connection: 'close' },
          { limit: 'bodyBytes', max },
        );
      }
      body = read.bytes;
    }

    const started = performance.now();
    const language = graphql ? acceptedLanguage(headerValue(request.headers, 'accept-language')) : undefined;
    // The subgraph's GETs get the same caching headers as the endpoint's: `private, no-store` for a session.
    const isGet = request.method === 'GET';
    const personal = isPersonal(request.headers);
    const contentType = request.headers['content-type'] ?? '';
    const cacheable =
      cache &&
      graphql &&
      ((request.method === 'POST' && /^application\/(graphql-response\+)?json\b/i.test(contentType)) ||
        (request.method === 'GET' && search !== ''));
    let key: string | undefined;
    if (cacheable) {
      const caller = credentialsFrom({ get: (name) => headerValue(request.headers, name) }, options.serverToken);
      key = cache.keyOf({
        caller: [caller.accessToken, caller.sessionId, caller.guestSessionId],
        method: request.method ?? 'GET',
        search,
        accept: request.headers.accept ?? '',
        contentType,
        language,
        body,
      });
      const hit = cache.get(key);
      if (hit) return serveHit(request, response, requestId, { hit, key, language, isGet, personal, started });
    }
    const headers = answerHeaders(request, base);
    if (graphql) headers['content-language'] = contentLanguage(language);
    const gone = new AbortController();
    response.once('close', () => {
      if (!response.writableFinished) gone.abort();
    });
    const context: ServerContext = {
      freshness: { freshForMs: Infinity },
      operations: [],
      outcome: { clean: false },
      requestId,
      signal: gone.signal,
      clientAddress: request.socket.remoteAddress,
    };
    try {
      // The URL Yoga's entry will build from the same parts: refused here when it cannot form.
      new URL(`http://${host}${target}`);
    } catch {
      return jsonError(response, 'BAD_REQUEST', 'The request target is malformed.', headers);
    }
    const handler = route ?? yoga;
    // Yoga's Node entry, as its own adapter uses it: the message's headers object as it is, the
    // context as it is, a signal that aborts when the client goes away, no Fetch Request built by
    // us (docs/performance.md). The body was read within the bound above: Yoga takes it whole.
    const nodeRequest: NodeRequest = { raw: request, method: request.method, headers: request.headers };
    if (body) nodeRequest.body = readBody(body);
    const answered = await handler.handleNodeRequestAndResponse(nodeRequest, response, context);
    // Yoga's Headers keep the case they were set in ("Content-Type"): folded here, so that each
    // header goes out once (else fetch reads "application/json, application/json").
    answered.headers.forEach((value, given) => {
      const name = given.toLowerCase();
      if (name.startsWith('access-control-') || name === 'content-length' || name === 'vary') return;
      // An empty type (Yoga's 406) is no type: omitted rather than sent blank.
      if (name === 'content-type' && value === '') return;
      headers[name] = value;
    });
    if (draining) headers.connection = 'close';
    const answerType = answered.headers.get('content-type') ?? '';
    // The type first: asking a whole answer for its body stream would build one.
    if (STREAMING.test(answerType) && answered.body) {
      // Incremental delivery: each part goes out as it comes, never held back, never cached.
      if (isGet) headers['cache-control'] = 'private, no-store';
      response.writeHead(answered.status, headers);
      response.flushHeaders();
      const reader = answered.body.getReader();
      // A client that has gone reads no more parts: the stream is cancelled, and with the
      // request's abort signal the deferred work behind it stops.
      response.once('close', () => void reader.cancel().catch(() => undefined));
      for (let part = await reader.read(); !part.done && !response.destroyed; part = await reader.read()) response.write(part.value);
      return void response.end();
    }
    const bytes = Buffer.from(await answered.arrayBuffer());
    const clean = answered.status === 200 && context.outcome.clean;
    const graphqlAnswer = isGet && /json/i.test(answerType);
    if (graphqlAnswer) {
      const { freshForMs } = context.freshness;
      headers['cache-control'] = cacheControl({ personal, clean, freshForMs, maxAgeMs });
    }
    const etag = graphqlAnswer && clean ? etagOf(bytes) : undefined;
    const answer: WholeAnswer = { status: answered.status, contentType: answerType || undefined, body: bytes, etag, encoded: {} };
    await deliver(request, response, headerList(headers), answer, options.compressionMinBytes);
    if (cache && key && clean) {
      cache.offer(
        key,
        { contentType: answerType, body: bytes, etag, encoded: answer.encoded, operation: context.operations.join(',') || 'anonymous' },
        context.freshness.freshForMs,
      );
    }
  }

  const listener: RequestListener = (request, response) => {
    const requestId = requestIdOf(request.headers['x-request-id']);
    handle(request, response, requestId).catch((error: unknown) => {
      logger.error(
        { requestId, err: error instanceof Error ? { name: error.name, message: error.message } : String(error) },
        'http front failed',
      );
      if (response.headersSent) return void response.destroy();
      jsonError(response, 'INTERNAL_SERVER_ERROR', 'Unexpected error.', { 'x-request-id': requestId });
    });
  };

  return {
    listener,
    drain: () => {
      draining = true;
    },
    draining: () => draining,
  };
}

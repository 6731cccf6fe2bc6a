import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestState } from '../common/request-state.ts';
import { cacheControl } from './response-headers.ts';
import { chooseEncoding } from './compression.ts';
import { deliver, etagOf, headerList, type WholeAnswer, writeBody } from './deliver.ts';
import type { FetchHandler, HttpFrontOptions } from './front-options.ts';

/*
 * How the front writes an answer Yoga executed (listener.ts): incremental parts, a whole answer
 * too large to hold as bytes, or a whole answer with its caching headers, offered to the
 * whole-response cache. Each goes out only as fast as its client reads it (deliver.ts).
 */

type Headers = Record<string, string>;

/** Where an executed answer is written: the request's state and what the front knew before Yoga. */
export interface Executed {
  state: RequestState;
  key: string | undefined;
  isGet: boolean;
  /** An answer of `/subgraph`: a router reads its Cache-Control for its entity or response cache. */
  forRouter: boolean;
  personal: boolean;
  /** Its Content-Language (sent on the endpoint's answers), kept with it for a hit. */
  answerLanguage: string;
}

/** A whole answer's status, type and bytes. */
export interface WholeBytes {
  status: number;
  /** Empty when the answer has no type (Yoga's 406). */
  contentType: string;
  body: Buffer;
}

const STREAMING = /multipart\/mixed|text\/event-stream/i;

/**
 * Whether an answer carries Cache-Control: a GET's, for browsers and CDNs, and every answer of
 * `/subgraph`, POST included, for the router's caches.
 */
const hinted = (at: Executed) => at.isGet || at.forRouter;

type WriterOptions = Pick<HttpFrontOptions, 'cache' | 'compressionMinBytes'> & { maxAgeMs: number; writeTimeoutMs: number };

export function answerWriter(options: WriterOptions) {
  const { cache, maxAgeMs, writeTimeoutMs } = options;

  /**
   * Incremental delivery: each part goes out as it comes, never cached, and only once the client
   * has taken the parts before it: a client that does not read stops the serialising of its
   * parts, and is dropped after WRITE_TIMEOUT_MS (deliver.ts).
   */
  function streamParts(response: ServerResponse, answered: Response, headers: Headers, at: Executed, stream: ReadableStream<Uint8Array>) {
    if (hinted(at))
      headers['cache-control'] = cacheControl({ personal: true, clean: false, freshForMs: 0, maxAgeMs, forRouter: at.forRouter });
    response.writeHead(answered.status, headers).flushHeaders();
    return writeBody(response, stream, undefined, writeTimeoutMs);
  }

  /**
   * A whole answer too large to be held as bytes (its processor streams it, chunked,
   * src/graphql/answer-size.ts): serialised as fast as the client reads it, compressed on the
   * way when the client accepts it, never cached and without an ETag.
   */
  function streamWhole(
    request: IncomingMessage,
    response: ServerResponse,
    answered: Response,
    headers: Headers,
    at: Executed,
    stream: ReadableStream<Uint8Array>,
  ) {
    if (hinted(at)) setCacheControl(headers, answered.status, at);
    const encoding = options.compressionMinBytes === undefined ? undefined : chooseEncoding(request.headers['accept-encoding']);
    if (encoding) headers['content-encoding'] = encoding;
    response.writeHead(answered.status, headers);
    return writeBody(response, stream, encoding, writeTimeoutMs);
  }

  /** Cache-Control of a hinted answer of JSON, from what the request's state says of its freshness and errors. */
  function setCacheControl(headers: Headers, status: number, at: Executed) {
    const clean = status === 200 && at.state.outcome.clean;
    const { personal, forRouter, state } = at;
    headers['cache-control'] = cacheControl({ personal, clean, freshForMs: state.freshness.freshForMs, maxAgeMs, forRouter });
  }

  /** A whole answer: its caching headers from what the request's state says, then offered to the response cache. */
  async function writeWhole(request: IncomingMessage, response: ServerResponse, answered: Response, headers: Headers, at: Executed) {
    // `bytes()`, as a view: `Buffer.from` of what it gives would copy the whole answer once more.
    const view = await answered.bytes();
    const bytes = Buffer.from(view.buffer, view.byteOffset, view.byteLength);
    return writeBytes(
      request,
      response,
      { status: answered.status, contentType: answered.headers.get('content-type') ?? '', body: bytes },
      headers,
      at,
    );
  }

  /** A whole answer as bytes, from Yoga's Response. */
  async function writeBytes(request: IncomingMessage, response: ServerResponse, whole: WholeBytes, headers: Headers, at: Executed) {
    const { state, key, isGet, answerLanguage } = at;
    const { status, contentType: answerType, body: bytes } = whole;
    const clean = status === 200 && state.outcome.clean;
    const graphqlAnswer = /json/i.test(answerType);
    if (graphqlAnswer && hinted(at)) setCacheControl(headers, status, at);
    const etag = graphqlAnswer && isGet && clean ? etagOf(bytes) : undefined;
    const answer: WholeAnswer = { status, contentType: answerType || undefined, body: bytes, etag, encoded: {} };
    await deliver(request, response, headerList(headers), answer, options.compressionMinBytes, writeTimeoutMs);
    // An answer that carried too many objects to be dropped when the change feeds list one is not kept.
    if (cache && key && clean && !state.freshness.tagsOverflow) {
      cache.offer(
        key,
        {
          contentType: answerType,
          contentLanguage: answerLanguage,
          body: bytes,
          etag,
          encoded: answer.encoded,
          operation: state.operations.join(',') || 'anonymous',
        },
        state.freshness.freshForMs,
        state.freshness.tags,
      );
    }
  }

  /** The answer, by its kind: the type and framing first, as asking a whole answer for its body stream would build one. */
  const write = (request: IncomingMessage, response: ServerResponse, answered: Response, headers: Headers, at: Executed) => {
    if (STREAMING.test(answered.headers.get('content-type') ?? '') && answered.body)
      return streamParts(response, answered, headers, at, answered.body);
    if (headers['transfer-encoding'] === 'chunked' && answered.body)
      return streamWhole(request, response, answered, headers, at, answered.body);
    return writeWhole(request, response, answered, headers, at);
  };
  return write;
}

/**
 * Yoga's answer to a request, through its one public entry for a Fetch Request (every request:
 * batches, multipart, event streams, the plain ones alike). The Request is built here, as Yoga's
 * own Node entry would build it, but for two things that entry cannot take as they are: the body
 * the front has read, whole, as one Buffer (the Fetch implementation's fast case: its `json()` is
 * one JSON.parse, where a stream of the body costs a chain of promises per request; the Node
 * entry tests a body by `Object.keys`, one key per byte), and the request state's signal, which
 * aborts when the client goes away (no second one with its listeners on the response). Its URL
 * comes parsed (the front's `urlOf`): the adapter reads it parsed on every request.
 *
 * The state goes in as the one property of a server context (`ServerContext`,
 * src/common/request-state.ts), with a second, empty one: given two, the entry copies their own
 * properties into one plain object, one descriptor at a time, where given one it would make the
 * context the prototype of a new object. A prototype made per request gives every object built
 * on it a map of its own, so every read of the context anywhere (plugins, envelop, resolvers)
 * sees a new shape each request and goes megamorphic: about 10 % of the CPU of an answer
 * (docs/performance.md, "Back to the plain path's cost"). The copy of one property costs under a
 * µs, where the state's dozen fields cost 3-6 µs. Every reader reads the state itself; the front
 * reads back what the layers below wrote into the objects it holds (`outcome`, `freshness`,
 * `answerSize`...).
 */
export function answerOf(
  served: FetchHandler,
  request: IncomingMessage,
  at: { state: RequestState; url: URL; body?: Buffer },
): Promise<Response> | Response {
  const { state, url, body } = at;
  const fetchRequest = new served.fetchAPI.Request(url, {
    method: request.method,
    headers: request.headers as HeadersInit,
    body: body as BodyInit | undefined,
    signal: state.signal,
  });
  return served.handleRequest(fetchRequest, { state }, NO_MORE_CONTEXT);
}

/** The second server context handed with the state: see `answerOf`. */
const NO_MORE_CONTEXT = Object.freeze({});

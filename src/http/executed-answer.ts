import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestState } from '../common/request-state.ts';
import { cacheControl, etagOf } from './caching-headers.ts';
import { chooseEncoding } from './compression.ts';
import { deliver, headerList, type WholeAnswer } from './deliver.ts';
import { readBody } from './body.ts';
import type { HttpFrontOptions, NodeHandler, NodeRequest } from './front-options.ts';
import { isPlain, type PlainAnswer, type PlainPath } from './plain-path.ts';
import { writeBody } from './write.ts';

/*
 * How the front writes an answer Yoga executed (listener.ts): incremental parts, a whole answer
 * too large to hold as bytes, or a whole answer with its caching headers, offered to the
 * whole-response cache. Each goes out only as fast as its client reads it (write.ts).
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
   * parts, and is dropped after WRITE_TIMEOUT_MS (write.ts).
   */
  function streamParts(response: ServerResponse, answered: Response, headers: Headers, at: Executed, stream: ReadableStream<Uint8Array>) {
    if (hinted(at))
      headers['cache-control'] = cacheControl({ personal: true, clean: false, freshForMs: 0, maxAgeMs, forRouter: at.forRouter });
    response.writeHead(answered.status, headers).flushHeaders();
    return writeBody(response, stream, undefined, writeTimeoutMs);
  }

  /**
   * A whole answer too large to be held as bytes (its processor streams it, chunked,
   * src/graphql/streamed-answer.ts): serialised as fast as the client reads it, compressed on the
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
    const bytes = Buffer.from(await answered.arrayBuffer());
    return writeBytes(
      request,
      response,
      { status: answered.status, contentType: answered.headers.get('content-type') ?? '', body: bytes },
      headers,
      at,
    );
  }

  /** A whole answer as bytes (from Yoga's Response, or serialised by the plain path, plain-path.ts). */
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
  return Object.assign(write, { bytes: writeBytes });
}

/**
 * What Yoga's Node entry is handed, as its own adapter hands it: the message's headers object
 * as it is, no Fetch Request built by us (docs/performance.md), and the body, read within the
 * bound, whole. The context goes beside it as it is, its signal aborting when the client goes.
 */
function nodeRequestOf(request: IncomingMessage, body?: Buffer): NodeRequest {
  const nodeRequest: NodeRequest = { raw: request, method: request.method, headers: request.headers };
  if (body) nodeRequest.body = readBody(body);
  return nodeRequest;
}

/** Yoga's answer: through the plain path when the request is plain and the path takes it, else through Yoga's entry. */
export async function answerOf(
  served: NodeHandler,
  plainPath: PlainPath | undefined,
  request: IncomingMessage,
  response: ServerResponse,
  at: { state: RequestState; url: string; search: string; body?: Buffer },
): Promise<PlainAnswer> {
  const { state, url, search, body } = at;
  const plain = plainPath && isPlain(request, search, body) ? await plainPath.answer(request, url, state, body) : undefined;
  return plain ?? { response: await served.handleNodeRequestAndResponse(nodeRequestOf(request, body), response, state) };
}

import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { pipeline, Readable } from 'node:stream';
import { chooseEncoding, compress, compressor, type Encoding } from './compression.ts';

/**
 * Delivery of every answer: its validator and 304, its compression, and writing with
 * back-pressure and a write timeout (WRITE_TIMEOUT_MS): an answer goes out only as fast as its
 * client takes it, and a client that takes nothing for the timeout is dropped, so that no client
 * holds the gateway's memory without bound by not reading.
 */

/** WRITE_TIMEOUT_MS's default, for a front built without it (tests). */
export const WRITE_TIMEOUT_MS = 30_000;

/** A whole (not streamed) answer, from Yoga or from the whole-response cache. */
export interface WholeAnswer {
  status: number;
  /** Undefined when the answer has no body type (a 406, a 304's source). */
  contentType?: string;
  /** The uncompressed bytes. */
  body: Buffer;
  etag?: string;
  /** Compressed forms already made; one made here is added. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/**
 * A weak validator over the uncompressed bytes: weak, because the gzip and br forms of one
 * answer are the same content in different bytes, so one tag serves all of them (as nginx
 * does when it compresses).
 */
export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match with the weak comparison RFC 9110 §13.1.2 asks for. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * Compressed forms of large answers that come back byte for byte (the GraphiQL page: 9 MB, about
 * 0.3 s of brotli each time), so a repeat costs a comparison of bytes, not a compression.
 * Looked up by length and a hash of the first bytes, then compared whole (memcmp, ~1 ms for the
 * page; a hash of all of it would take 20 times that). GraphQL answers are kept by the
 * whole-response cache instead.
 */
const LARGE_BYTES = 256 * 1024;
const compressedLarge = new LRUCache<string, { body: Buffer; bytes: Buffer }>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (entry) => entry.body.length + entry.bytes.length,
});

async function compressLarge(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (body.length < LARGE_BYTES) return compress(body, encoding);
  const key = `${encoding}:${body.length}:${createHash('sha256').update(body.subarray(0, 4096)).digest('base64url')}`;
  const kept = compressedLarge.get(key);
  if (kept?.body.equals(body)) return kept.bytes;
  const bytes = await compress(body, encoding);
  compressedLarge.set(key, { body: Buffer.from(body), bytes });
  return bytes;
}

/**
 * An answer's headers as Node's writeHead takes them flat: name, value, name, value. A list the
 * caller builds in one go, then appends to, keeps one shape on every path; header objects built
 * by spreads and later additions took as many shapes as there are paths, and setting their
 * properties cost a cache hit a third of its time (docs/performance.md, the hit path).
 */
export type HeaderList = string[];

/** The answer's own headers: deliver adds them from the answer, so a list handed to it leaves them out. */
const ANSWER_OWN = new Set(['content-type', 'content-length', 'content-encoding', 'etag']);

/** An object of headers (lower-case names) as the list deliver takes: without the answer's own, which it adds. */
export function headerList(headers: Readonly<Record<string, string>>): HeaderList {
  const list: HeaderList = [];
  for (const [name, value] of Object.entries(headers)) if (!ANSWER_OWN.has(name)) list.push(name, value);
  return list;
}

/**
 * Sends a whole answer: 304 without a body when the client's If-None-Match holds its tag,
 * otherwise in the best coding the client accepts (from `encoded` when it was made before).
 * Returns the coding it had to make now, if any, so that a cache can keep it. `headers` must
 * not name the type, length, coding or validator: they are the answer's, added here. A client
 * that has not taken the bytes within `writeTimeoutMs` (default WRITE_TIMEOUT_MS's) is dropped (endWithin, below).
 * Done at once when nothing has to be compressed (undefined: sent), so a cache hit whose forms
 * are kept costs no promise and no turn of the microtask queue (docs/performance.md, the hit
 * path); only a coding made now returns a promise of it.
 */
export function deliver(
  request: IncomingMessage,
  response: ServerResponse,
  headers: HeaderList,
  answer: WholeAnswer,
  compressionMinBytes: number | undefined,
  writeTimeoutMs = WRITE_TIMEOUT_MS,
): Promise<Encoding> | undefined {
  if (answer.etag) {
    headers.push('etag', answer.etag);
    const conditional = request.method === 'GET' || request.method === 'HEAD';
    if (conditional && answer.status === 200 && matchesEtag(request.headers['if-none-match'], answer.etag)) {
      response.writeHead(304, headers).end();
      return undefined;
    }
  }
  const encoding =
    compressionMinBytes !== undefined && answer.body.length >= compressionMinBytes
      ? chooseEncoding(request.headers['accept-encoding'])
      : undefined;
  if (!encoding) return send(response, headers, answer, answer.body, undefined, writeTimeoutMs);
  const kept = answer.encoded[encoding];
  if (kept) return send(response, headers, answer, kept, encoding, writeTimeoutMs);
  return compressLarge(answer.body, encoding).then((bytes) => {
    answer.encoded[encoding] = bytes;
    send(response, headers, answer, bytes, encoding, writeTimeoutMs);
    return encoding;
  });
}

function send(
  response: ServerResponse,
  headers: HeaderList,
  answer: WholeAnswer,
  bytes: Buffer,
  encoding: Encoding | undefined,
  writeTimeoutMs: number,
): undefined {
  if (encoding) headers.push('content-encoding', encoding);
  // The caller's list itself, made for this answer: no copy.
  if (answer.contentType) headers.push('content-type', answer.contentType);
  headers.push('content-length', String(bytes.length));
  endWithin(response.writeHead(answer.status, headers), bytes, writeTimeoutMs);
  return undefined;
}

/**
 * Resolves true once the client has taken what is buffered ('drain'), false when the
 * connection closed first or the client took nothing for `timeoutMs` (then it is destroyed).
 */
function drained(response: ServerResponse, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (taken: boolean) => {
      clearTimeout(timer);
      response.off('drain', onDrain);
      response.off('close', onClose);
      resolve(taken);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    const timer = setTimeout(() => {
      response.destroy();
      done(false);
    }, timeoutMs);
    response.on('drain', onDrain);
    response.on('close', onClose);
  });
}

/**
 * Writes every chunk, each once the client has taken the ones before, then ends the answer.
 * A client that goes away (or is dropped) reads no more: the chunks' source is stopped at once,
 * even while it waits for work behind the next chunk (a deferred part), and that work with it.
 */
export async function writeAll(response: ServerResponse, chunks: AsyncIterator<Uint8Array>, timeoutMs: number): Promise<void> {
  const stop = () => void Promise.resolve(chunks.return?.()).catch(() => undefined);
  response.once('close', stop);
  try {
    for (let chunk = await chunks.next(); !chunk.done; chunk = await chunks.next()) {
      if (response.destroyed) return;
      if (!response.write(chunk.value) && !(await drained(response, timeoutMs))) return;
    }
  } catch (error) {
    // Stopped because the client went: nothing to say. A source that failed on its own is the
    // front's to log (it then cuts the connection: the client cannot get the rest of its answer).
    if (response.destroyed) return;
    throw error;
  }
  if (!response.destroyed) endWithin(response, undefined, timeoutMs);
}

/** A body written as it comes (writeAll), compressed on the way when `encoding` is given. */
export function writeBody(response: ServerResponse, body: ReadableStream<Uint8Array>, encoding: Encoding | undefined, timeoutMs: number) {
  const chunks = chunksOf(body);
  if (!encoding) return writeAll(response, chunks, timeoutMs);
  // Readable.from, not fromWeb: Yoga's streams are its ponyfill's, which fromWeb refuses.
  const compressed = pipeline(Readable.from({ [Symbol.asyncIterator]: () => chunks }), compressor(encoding), () => undefined);
  return writeAll(response, compressed[Symbol.asyncIterator](), timeoutMs);
}

/** A body's chunks, read one at a time; stopping them cancels the body, even while a read waits. */
function chunksOf(body: ReadableStream<Uint8Array>): AsyncIterator<Uint8Array> {
  const reader = body.getReader();
  return {
    next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
    return: async () => {
      await reader.cancel();
      return { done: true, value: undefined };
    },
  };
}

/**
 * Ends the answer with its last bytes. What the socket could not take at once waits in memory
 * until the client reads it: the connection is destroyed if that has not happened within
 * `timeoutMs`. An answer the socket took whole costs no timer.
 */
export function endWithin(response: ServerResponse, bytes: Uint8Array | string | undefined, timeoutMs: number): void {
  response.end(bytes);
  if (response.writableFinished || response.writableLength === 0) return;
  const timer = setTimeout(() => response.destroy(), timeoutMs);
  response.once('close', () => clearTimeout(timer));
  response.once('finish', () => clearTimeout(timer));
}

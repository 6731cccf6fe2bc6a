import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { errorFromResponse, malformedResponseError, UpstreamError } from './errors.ts';

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
    super('UPSTREAM_ERROR', 'The catalog sent an answer larger than the gateway accepts.');
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

/** A decoder per content coding the gateway understands; `identity` needs none. */
function decoder(coding: string) {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'br':
      return createBrotliDecompress();
    case 'deflate':
      return createInflate();
    default:
      return undefined;
  }
}

/**
 * The body, decoded while it streams when the upstream compressed it. Codings apply in the order
 * listed, so they are undone in reverse. A coding the gateway never asked for is a malformed answer.
 */
function decoded(body: Readable, contentEncoding: string | string[] | undefined): Readable {
  const codings = String(contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse();
  if (codings.length === 0) return body;
  const decoders = codings.map(decoder);
  if (decoders.some((d) => d === undefined)) {
    discard(body);
    throw new UndecodableBodyError();
  }
  // pipe, not pipeline: a decoder's failure must not be pinned on the connection (body.errored
  // tells the two apart below); a failure of the connection ends the decoding with its error.
  let stream: Readable = body;
  for (const next of decoders as Transform[]) {
    const from = stream;
    from.once('error', (error) => next.destroy(error));
    stream = from.pipe(next);
  }
  return stream;
}

/**
 * The body as text, read while counting: one huge (or endless) answer must never fill the
 * gateway's memory. A declared length over the bound is refused before any byte is read; an
 * undeclared one is cut off the moment the count passes the bound. A compressed answer is
 * decoded while it streams and the bound applies to the decoded bytes, so a small compressed
 * bomb is cut off after the bound's worth of output, not inflated whole. Chunks are kept as
 * bytes and decoded once, so a character split across chunks decodes whole.
 */
export async function readBody(body: Readable, headers: Exchange['headers'], maxBytes: number): Promise<string> {
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    body.destroy();
    throw new BodyTooLargeError();
  }
  const stream = decoded(body, headers['content-encoding']);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        body.unpipe();
        stream.destroy();
        body.destroy();
        throw new BodyTooLargeError();
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof UpstreamError || stream === body) throw error;
    // The connection's own failure (a deadline's abort, a reset) stays what it was; a broken
    // compressed stream (truncated, not what it claims to be) is a malformed answer.
    if (body.errored) throw body.errored;
    discard(body);
    throw new UndecodableBodyError();
  }
  return Buffer.concat(chunks, size).toString('utf8');
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

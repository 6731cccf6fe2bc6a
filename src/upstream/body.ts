import type { Readable } from 'node:stream';
import { errorFromResponse, malformedResponseError, UpstreamError } from './errors.ts';

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

/**
 * The body as text, read while counting: one huge (or endless) answer must never fill the
 * gateway's memory. A declared length over the bound is refused before any byte is read; an
 * undeclared one is cut off the moment the count passes the bound. Chunks are kept as bytes
 * and decoded once, so a character split across chunks decodes whole.
 */
export async function readBody(body: Readable, headers: Exchange['headers'], maxBytes: number): Promise<string> {
  const declared = Number(headers['content-length']);
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

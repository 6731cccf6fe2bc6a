import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchesEtag } from './caching-headers.ts';
import { chooseEncoding, compress, type Encoding } from './compression.ts';

/** A whole (not streamed) answer, from Yoga or from the whole-response cache. */
export interface WholeAnswer {
  status: number;
  contentType: string;
  /** The uncompressed bytes. */
  body: Buffer;
  etag?: string;
  /** Compressed forms already made; one made here is added. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/**
 * Sends a whole answer: 304 without a body when the client's If-None-Match holds its tag,
 * otherwise in the best coding the client accepts (from `encoded` when it was made before).
 * Returns the coding it had to make now, if any, so that a cache can keep it.
 */
export async function deliver(
  request: IncomingMessage,
  response: ServerResponse,
  headers: Record<string, string>,
  answer: WholeAnswer,
  compressionMinBytes: number | undefined,
): Promise<Encoding | undefined> {
  if (answer.etag) {
    headers.etag = answer.etag;
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
  let bytes = answer.body;
  let made: Encoding | undefined;
  if (encoding) {
    const kept = answer.encoded[encoding];
    if (kept) bytes = kept;
    else {
      bytes = await compress(answer.body, encoding);
      answer.encoded[encoding] = bytes;
      made = encoding;
    }
    headers['content-encoding'] = encoding;
  }
  response.writeHead(answer.status, { ...headers, 'content-type': answer.contentType, 'content-length': String(bytes.length) }).end(bytes);
  return made;
}

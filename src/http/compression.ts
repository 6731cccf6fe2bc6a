import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
  type BrotliOptions,
  type BrotliCompress,
  type Gzip,
} from 'node:zlib';

/**
 * Response compression, negotiated by Accept-Encoding (RFC 9110 §12.5.3, q-values included).
 * Small answers go out as they are: below about a kilobyte the framing saves almost nothing and
 * the call costs more than it saves. Up to 64 KB zlib runs inline (a 7 KB page takes 0.35 ms,
 * while the hop to libuv's thread pool alone costs some 0.6 ms); larger answers are compressed
 * off the event loop.
 */
export type Encoding = 'br' | 'gzip';

/** What has been compressed in this process: the bench's bytes-on-the-wire figures, and proof that a cache hit compresses nothing. */
export const compressionStats = { calls: 0, bytesIn: 0, bytesOut: 0 };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// The last Accept-Encoding read and its coding: clients send one of a few exact texts, so most
// requests (a cache hit's in particular) skip the parse and its Map.
let lastAccepted: string | undefined;
let lastEncoding: Encoding | undefined;

/** The coding to use for this Accept-Encoding, or undefined for none; br wins a tie. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (acceptEncoding === lastAccepted) return lastEncoding;
  lastEncoding = parsedEncoding(acceptEncoding);
  lastAccepted = acceptEncoding;
  return lastEncoding;
}

function parsedEncoding(acceptEncoding: string): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const item of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = item.split(';').map((part) => part.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? (name === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}

/**
 * Brotli at quality 4: for answers made per request it compresses better than gzip's default
 * at about the same speed (the top qualities are for files compressed once, ahead of time).
 */
const INLINE_UP_TO = 64 * 1024;

export async function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const inline = body.length <= INLINE_UP_TO;
  let compressed: Buffer;
  if (encoding === 'gzip') compressed = inline ? gzipSync(body) : await gzipAsync(body);
  else compressed = inline ? brotliCompressSync(body, brotliOptions(body)) : await brotli(body, brotliOptions(body));
  compressionStats.calls++;
  compressionStats.bytesIn += body.length;
  compressionStats.bytesOut += compressed.length;
  return compressed;
}

/** A compressing stream, for an answer written as it is made (its size unknown): the same qualities. */
export function compressor(encoding: Encoding): BrotliCompress | Gzip {
  return encoding === 'gzip' ? createGzip() : createBrotliCompress(brotliOptions());
}

function brotliOptions(body?: Buffer): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      ...(body ? { [constants.BROTLI_PARAM_SIZE_HINT]: body.length } : {}),
    },
  };
}

import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Response compression, negotiated by Accept-Encoding (RFC 9110 §12.5.3, q-values included).
 * Node's zlib does the work off the event loop. Small answers go out as they are: below about
 * a kilobyte the framing saves almost nothing and the call costs more than it saves.
 */
export type Encoding = 'br' | 'gzip';

/** What has been compressed in this process: the bench's bytes-on-the-wire figures, and proof that a cache hit compresses nothing. */
export const compressionStats = { calls: 0, bytesIn: 0, bytesOut: 0 };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The coding to use for this Accept-Encoding, or undefined for none; br wins a tie. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
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
export async function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const compressed = await (encoding === 'gzip' ? gzipAsync(body) : brotliQuality4(body));
  compressionStats.calls++;
  compressionStats.bytesIn += body.length;
  compressionStats.bytesOut += compressed.length;
  return compressed;
}

function brotliQuality4(body: Buffer): Promise<Buffer> {
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

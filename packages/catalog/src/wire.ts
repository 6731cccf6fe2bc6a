/**
 * How the catalog's answers travel: compressed when the client asks (as the real service's CDN
 * does), and, when a bandwidth is set, paced as if every answer shared one link of that speed,
 * so that a bench can show what compression buys over the internet.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller answers go plain: a CDN does not compress a few hundred bytes either. */
const MIN_COMPRESSED_BYTES = 1024;
/** The link is shared in slices of this many bytes, so that concurrent answers interleave. */
const SLICE_BYTES = 16 * 1024;

/** The coding to answer with: br over gzip, each only when the client accepts it (q > 0). */
export function negotiate(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (coding && (q === undefined || Number(q) > 0)) accepted.add(coding);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('x-gzip')) return 'gzip';
  return undefined;
}

function compress(body: Buffer, coding: 'br' | 'gzip'): Buffer {
  // Quality 4 for br and level 6 for gzip: what CDNs use for answers compressed on the fly.
  return coding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(body, { level: 6 });
}

/** One link of `kbps` kilobits per second that every answer shares, slice by slice. */
export function createLink(kbps: number) {
  const bytesPerMs = kbps / 8;
  let freeAt = 0;
  return async (response: ServerResponse, body: Buffer): Promise<void> => {
    for (let offset = 0; offset < body.length; offset += SLICE_BYTES) {
      const slice = body.subarray(offset, offset + SLICE_BYTES);
      freeAt = Math.max(performance.now(), freeAt) + slice.length / bytesPerMs;
      const wait = freeAt - performance.now();
      if (wait > 0) await sleep(wait);
      if (response.destroyed) return;
      response.write(slice);
    }
    response.end();
  };
}

export type Link = ReturnType<typeof createLink>;

export interface WireOptions {
  /** Compress when the client asks (default true). */
  compression: boolean;
  link?: Link;
}

/** Writes one answer: negotiated coding, Vary, the length of what is sent, paced on the link. */
export async function sendAnswer(
  request: IncomingMessage,
  response: ServerResponse,
  answer: { status: number; headers: Record<string, string>; body?: string },
  options: WireOptions,
): Promise<string | undefined> {
  const headers: Record<string, string> = { ...answer.headers };
  let body: Buffer | undefined = answer.body === undefined ? undefined : Buffer.from(answer.body);
  let coding: 'br' | 'gzip' | undefined;
  if (body) {
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
    coding = options.compression && body.length >= MIN_COMPRESSED_BYTES ? negotiate(request.headers['accept-encoding']) : undefined;
    if (coding) {
      body = compress(body, coding) as Buffer;
      headers['content-encoding'] = coding;
    }
    headers['content-length'] = String(body.length);
  }
  response.writeHead(answer.status, headers);
  if (!body || !options.link) response.end(body);
  else await options.link(response, body);
  return coding;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { cacheControl, varyWith } from './caching-headers.ts';
import { deliver, type HeaderList, type WholeAnswer } from './deliver.ts';
import { WRITE_TIMEOUT_MS } from './write.ts';
import type { HttpFrontOptions } from './front-options.ts';
import type { CachedAnswer } from './response-cache.ts';

/** What the front knows of a request its whole-response cache can answer. */
export interface FoundAnswer {
  hit: CachedAnswer;
  key: string;
  isGet: boolean;
  personal: boolean;
  /** performance.now() when the request's body had been read, for the log line's duration. */
  started: number;
}

/** The front's answer from its whole-response cache (listener.ts): its own file, the path a hit takes and nothing else. */
export function hitPath(options: HttpFrontOptions, draining: () => boolean) {
  const { cache, cors, logger } = options;
  const maxAgeMs = options.maxAgeMs ?? 0;
  /**
   * A whole-response cache hit: the same headers as an executed answer, built as one list in a
   * fixed order (deliver.ts says why), the kept bytes, the log line. Nothing else is done per hit.
   */
  return async function serveHit(request: IncomingMessage, response: ServerResponse, requestId: string, found: FoundAnswer): Promise<void> {
    const { hit, key, isGet } = found;
    const allowed = cors.headersFor(request);
    const headers: HeaderList = ['x-request-id', requestId, 'vary', varyWith(allowed), 'content-language', hit.contentLanguage];
    for (const [name, value] of Object.entries(allowed)) if (name !== 'vary') headers.push(name, value);
    if (draining()) headers.push('connection', 'close');
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
    const made = await deliver(request, response, headers, answer, options.compressionMinBytes, options.writeTimeoutMs ?? WRITE_TIMEOUT_MS);
    const bytes = made && answer.encoded[made];
    if (made && bytes) cache?.keepEncoded(key, hit, made, bytes);
    options.onCacheHit?.();
    const ms = Math.round(performance.now() - found.started);
    logger.info({ requestId, operation: hit.operation, ms, errors: 0, errorCodes: {}, cached: true }, 'graphql operation');
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { cacheControl, varyWith } from './response-headers.ts';
import { deliver, type HeaderList, type WholeAnswer, WRITE_TIMEOUT_MS } from './deliver.ts';
import type { Encoding } from './compression.ts';
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
  const writeTimeoutMs = options.writeTimeoutMs ?? WRITE_TIMEOUT_MS;
  // The CORS part of a hit's headers, listed once per CORS answer: the policy hands back the same
  // frozen object for every request of one kind (response-headers.ts), so a hit reuses its list.
  let corsSeen: Readonly<Record<string, string>> | undefined;
  let corsVary = '';
  let corsList: HeaderList = [];

  /** The hit's work once its bytes are out: the kept coding, the metric, the log line. */
  function after(requestId: string, found: FoundAnswer, made: Encoding | undefined, encoded: WholeAnswer['encoded']) {
    const bytes = made && encoded[made];
    if (made && bytes) cache?.keepEncoded(found.key, found.hit, made, bytes);
    options.onCacheHit?.();
    const ms = Math.round(performance.now() - found.started);
    logger.info({ requestId, operation: found.hit.operation, ms, errors: 0, errorCodes: {}, cached: true }, 'graphql operation');
  }

  /**
   * A whole-response cache hit: the same headers as an executed answer, built as one list in a
   * fixed order (deliver.ts says why), the kept bytes, the log line. Nothing else is done per hit,
   * and nothing waits unless a coding must be made (a promise then, otherwise undefined).
   */
  return function serveHit(
    request: IncomingMessage,
    response: ServerResponse,
    requestId: string,
    found: FoundAnswer,
  ): Promise<void> | undefined {
    const { hit, isGet } = found;
    const allowed = cors.headersFor(request);
    if (allowed !== corsSeen || !Object.isFrozen(allowed)) {
      corsSeen = allowed;
      corsVary = varyWith(allowed);
      corsList = [];
      for (const [name, value] of Object.entries(allowed)) if (name !== 'vary') corsList.push(name, value);
    }
    const headers: HeaderList = ['x-request-id', requestId, 'vary', corsVary, 'content-language', hit.contentLanguage, ...corsList];
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
    const making = deliver(request, response, headers, answer, options.compressionMinBytes, writeTimeoutMs);
    if (!making) return void after(requestId, found, undefined, answer.encoded);
    return making.then((made) => after(requestId, found, made, answer.encoded));
  };
}

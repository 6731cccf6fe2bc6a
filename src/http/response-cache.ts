import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * Whole GraphQL answers, kept as bytes for repeated requests of the same document and
 * variables by the same credential. An answer is offered only when it has no errors and every
 * upstream answer behind it sat fresh in the shared HTTP cache; it is kept only as long as the
 * stalest of them stays fresh (capped), so it never outlives what it was built from. Anything
 * user-specific (a session-bound or private upstream answer, a write) has no freshness and is
 * never kept. Only the body and its content type are kept: every header that depends on the
 * request (CORS, connection) is computed per request by the HTTP front, never replayed.
 */
export interface ResponseCacheOptions {
  maxBytes: number;
  maxTtlMs: number;
}

export interface CachedAnswer {
  contentType: string;
  body: Buffer;
  /** The operations it answered, for the hit's log line. */
  operations: readonly string[];
  expires: number;
}

export interface ResponseCacheStats {
  hits: number;
  stores: number;
}

/** What makes two requests the same question from the same caller. */
export interface AnswerKeyParts {
  /** Who asks: the resolved credential and sessions, never the raw header text. */
  caller: readonly (string | undefined)[];
  method: string;
  /** The query string of a GET; empty for a POST. */
  search: string;
  accept: string;
  contentType: string;
  body?: Buffer;
}

/** Bytes an entry costs besides its body: the key, the object, the LRU's bookkeeping. */
const ENTRY_OVERHEAD = 256;

export function createResponseCache(options: ResponseCacheOptions) {
  const entries = new LRUCache<string, CachedAnswer>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => entry.body.length + ENTRY_OVERHEAD,
    maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 10)),
  });
  const stats: ResponseCacheStats = { hits: 0, stores: 0 };

  function keyOf(parts: AnswerKeyParts): string {
    const hash = createHash('sha256');
    // JSON keeps an absent credential apart from an empty one.
    hash.update(JSON.stringify([parts.caller, parts.method, parts.search, parts.accept, parts.contentType]));
    if (parts.body) hash.update(parts.body);
    return hash.digest('base64url');
  }

  function get(key: string): CachedAnswer | undefined {
    const hit = entries.get(key);
    if (!hit || Date.now() >= hit.expires) return undefined;
    stats.hits++;
    return hit;
  }

  /** Keeps an error-free answer that was fresh for `freshForMs`, if that is long enough. */
  function offer(key: string, answer: Omit<CachedAnswer, 'expires'>, freshForMs: number): void {
    if (!Number.isFinite(freshForMs) || freshForMs <= 0) return;
    // An exact, unpooled copy: a small Buffer is usually a slice of an 8 KB pool slab (or of a
    // larger ArrayBuffer), and keeping the slice would keep the whole slab alive while the
    // size bound counted only the slice. That is how RSS outgrew the bound under distinct load.
    const body = Buffer.allocUnsafeSlow(answer.body.length);
    answer.body.copy(body);
    entries.set(key, { ...answer, body, expires: Date.now() + Math.min(freshForMs, options.maxTtlMs) });
    stats.stores++;
  }

  return { keyOf, get, offer, stats, size: () => entries.calculatedSize };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

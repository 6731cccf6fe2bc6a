import { hash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Credentials } from '../common/credentials.ts';
import { LRUCache } from 'lru-cache';
import { createTagIndex } from '../common/tag-index.ts';
import type { Encoding } from './compression.ts';

/**
 * Whole GraphQL answers, kept as bytes for repeated requests of the same document and
 * variables by the same credential. An answer is offered only when it has no errors and every
 * upstream answer behind it sat fresh in the shared HTTP cache; it is kept only as long as the
 * stalest of them stays fresh (capped), so it never outlives what it was built from. Anything
 * user-specific (a session-bound or private upstream answer, a write) has no freshness and is
 * never kept. Only the body, its compressed forms, its content type and language, validator and
 * freshness are kept: every header that depends on the request (CORS, connection, caching headers, the
 * coding) is computed per request by the HTTP front, never replayed.
 */
export interface ResponseCacheOptions {
  maxBytes: number;
  maxTtlMs: number;
}

export interface CachedAnswer {
  contentType: string;
  /** The languages its texts are in, as its Content-Language said: a hit says the same. */
  contentLanguage: string;
  body: Buffer;
  /** Its validator, computed once (GET answers only). */
  etag?: string;
  /** Its compressed forms, each made once: a hit never compresses again. */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** The operations it answered, comma-separated (`anonymous` for none named), for the hit's log line. */
  operation: string;
  /** Until when every upstream answer behind it stays fresh: what a hit's max-age counts down to. */
  freshUntil: number;
  expires: number;
}

export interface ResponseCacheStats {
  hits: number;
  stores: number;
  /** Answers dropped because the change feeds listed an object behind them. */
  feedEvictions: number;
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
  /** The language the request asks for (Accept-Language as the gateway reads it), never the raw header. */
  language?: string;
  body?: Buffer;
}

/** Bytes an entry costs besides its body: the key, the object, the LRU's bookkeeping. */
const ENTRY_OVERHEAD = 256;

export function createResponseCache(options: ResponseCacheOptions) {
  const entries = new LRUCache<string, CachedAnswer>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0) + ENTRY_OVERHEAD,
    maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 10)),
  });
  const stats: ResponseCacheStats = { hits: 0, stores: 0, feedEvictions: 0 };
  // Which answers carried which objects (the change feeds drop them): an eighth of the cache's bound.
  const index = createTagIndex(Math.max(1024, Math.floor(options.maxBytes / 8)));

  function keyOf(parts: AnswerKeyParts): string {
    // JSON keeps an absent credential apart from an empty one, and ends where the body starts.
    // One-shot hashing of one string: a Hash object per request cost a cache hit more than the
    // lookup itself, and joining the body as Buffers two copies more (docs/performance.md, the
    // hit path). Latin-1 reads each byte of the body as one character: no two bodies alike.
    const head = JSON.stringify([parts.caller, parts.method, parts.search, parts.accept, parts.contentType, parts.language]);
    return hash('sha256', parts.body ? head + parts.body.toString('latin1') : head, 'base64url');
  }

  function get(key: string): CachedAnswer | undefined {
    const hit = entries.get(key);
    if (!hit || Date.now() >= hit.expires) return undefined;
    stats.hits++;
    return hit;
  }

  /** Keeps an error-free answer that was fresh for `freshForMs`, if that is long enough. */
  function offer(key: string, answer: Omit<CachedAnswer, 'expires' | 'freshUntil'>, freshForMs: number, tags?: Iterable<string>): void {
    if (!Number.isFinite(freshForMs) || freshForMs <= 0) return;
    const now = Date.now();
    const encoded: CachedAnswer['encoded'] = {};
    for (const [encoding, bytes] of Object.entries(answer.encoded) as [Encoding, Buffer][]) encoded[encoding] = exactCopy(bytes);
    entries.set(key, {
      ...answer,
      body: exactCopy(answer.body),
      encoded,
      freshUntil: now + freshForMs,
      expires: now + Math.min(freshForMs, options.maxTtlMs),
    });
    if (tags) index.add(key, [...tags]);
    stats.stores++;
  }

  /** Drops every answer built from an answer that carried one of these objects (`movie:550`). */
  function evict(tags: readonly string[]): number {
    let dropped = 0;
    for (const key of index.take(tags)) if (entries.delete(key)) dropped++;
    stats.feedEvictions += dropped;
    return dropped;
  }

  /** Adds a compressed form made for a hit, so that the next hit in that coding finds it. */
  function keepEncoded(key: string, answer: CachedAnswer, encoding: Encoding, bytes: Buffer): void {
    if (entries.peek(key) !== answer) return;
    answer.encoded[encoding] = exactCopy(bytes);
    // Set again so that the size bound counts the new bytes.
    entries.set(key, answer);
  }

  /** Drops every answer (the change feeds stopped vouching: answers built on their word go too). */
  const clear = () => entries.clear();

  return { keyOf, get, offer, keepEncoded, evict, clear, stats, size: () => entries.calculatedSize };
}

/**
 * An exact, unpooled copy: a small Buffer is usually a slice of an 8 KB pool slab (or of a
 * larger ArrayBuffer), and keeping the slice would keep the whole slab alive while the size
 * bound counted only the slice. That is how RSS outgrew the bound under distinct load.
 */
function exactCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

/** The whole-response cache's key for a request, when its answer may be kept at all. */
export function requestKeyOf(
  cache: ResponseCache | undefined,
  request: IncomingMessage,
  search: string,
  caller: Credentials,
  language: string | undefined,
  body?: Buffer,
): string | undefined {
  const contentType = request.headers['content-type'] ?? '';
  const cacheable =
    (request.method === 'POST' && /^application\/(graphql-response\+)?json\b/i.test(contentType)) ||
    (request.method === 'GET' && search !== '');
  if (!cache || !cacheable) return undefined;
  return cache.keyOf({
    caller: [caller.accessToken, caller.sessionId, caller.guestSessionId],
    method: request.method ?? 'GET',
    search,
    accept: request.headers.accept ?? '',
    contentType,
    language,
    body,
  });
}

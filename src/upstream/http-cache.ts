import { createHash } from 'node:crypto';
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';

/**
 * The shared HTTP cache of upstream GET responses, across requests. It behaves as a shared
 * cache per RFC 9111 (http-cache-semantics): `no-store` and `private` responses are never
 * stored, `max-age` sets freshness, stale entries with an ETag are revalidated with
 * If-None-Match. Entries are keyed by a hash of credential and URL, so a response fetched
 * with one token (or session) is never served to another, and no raw secret is kept as a key.
 */
export interface CachedResponse {
  policy: CachePolicy;
  body: unknown;
  size: number;
  /** Epoch ms until which the entry is fresh: computed once, so a hit costs one comparison. */
  freshUntil: number;
}

export interface CacheStats {
  hits: number;
  misses: number;
  revalidations: number;
  stores: number;
}

export interface HttpCache {
  keyOf(credential: string, url: string): string;
  get(key: string): CachedResponse | undefined;
  set(key: string, entry: CachedResponse): void;
  stats: CacheStats;
  /** Bytes held now (sum of the stored bodies' sizes). */
  size(): number;
}

export function createHttpCache(maxBytes: number): HttpCache {
  const entries = new LRUCache<string, CachedResponse>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.size),
    // An entry larger than a tenth of the cache would evict too much to be worth keeping.
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 10)),
  });
  const stats: CacheStats = { hits: 0, misses: 0, revalidations: 0, stores: 0 };
  return {
    keyOf: (credential, url) => createHash('sha256').update(credential).update('\n').update(url).digest('base64url'),
    get: (key) => entries.get(key),
    set: (key, entry) => {
      entries.set(key, entry);
      stats.stores++;
    },
    stats,
    size: () => entries.calculatedSize,
  };
}

/** The request as the cache policy sees it: the credential is only marked present. */
export function policyRequest(url: string): CachePolicy.Request {
  return { url, method: 'GET', headers: { authorization: 'Bearer (credential)' } };
}

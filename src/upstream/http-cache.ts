import { createHash } from 'node:crypto';
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';
import type { Exchange } from './body.ts';

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

/**
 * What the cache holds for a GET before it is sent: the stored entry, whether it is still
 * fresh (then it is the answer, counted as a hit), and the validators to revalidate it with.
 * Requests carry no Cache-Control of their own, so freshness is the response's alone.
 */
export function lookup(cache: HttpCache | undefined, key: string, url: string) {
  const entry = cache?.get(key);
  const validators: Record<string, string> = {};
  if (cache && entry && Date.now() < entry.freshUntil) {
    cache.stats.hits++;
    return { entry, fresh: true, validators };
  }
  if (entry) {
    const etag = entry.policy.revalidationHeaders(policyRequest(url))['if-none-match'];
    if (typeof etag === 'string') validators['if-none-match'] = etag;
  }
  return { entry, fresh: false, validators };
}

/** A 304 to a revalidation: the stored body stands, fresh again for what the 304 allows. */
export function revalidated(cache: HttpCache, key: string, entry: CachedResponse, url: string, response: Exchange): unknown {
  const { policy } = entry.policy.revalidatedPolicy(policyRequest(url), { status: 304, headers: response.headers });
  cache.set(key, { ...entry, policy, freshUntil: Date.now() + policy.timeToLive() });
  cache.stats.revalidations++;
  return entry.body;
}

/**
 * Any other answer: a miss. `parse` turns it into the body (or throws its error, after the miss
 * is counted); a 200 is stored when its headers let a shared cache store it (no `no-store`,
 * no `private`, ...).
 */
export function storeAnswer<T>(cache: HttpCache | undefined, key: string, url: string, response: Exchange, parse: () => T): T {
  if (cache) cache.stats.misses++;
  const body = parse();
  if (cache && response.status === 200) {
    const policy = new CachePolicy(policyRequest(url), { status: 200, headers: response.headers }, { shared: true });
    if (policy.storable()) cache.set(key, { policy, body, size: response.text.length, freshUntil: Date.now() + policy.timeToLive() });
  }
  return body;
}

/** How long the stored answer under `key` stays fresh, in ms (0 when none is stored). */
export function freshFor(cache: HttpCache | undefined, key: string): number {
  const entry = cache?.get(key);
  return entry ? Math.max(0, entry.freshUntil - Date.now()) : 0;
}

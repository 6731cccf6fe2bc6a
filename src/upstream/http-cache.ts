import { hash } from 'node:crypto';
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';
import type { CachedResponse, FleetCacheStore } from '../fleet/cache-store.ts';
import { createTagIndex } from '../common/tag-index.ts';
import { type Exchange, parseBody } from './answer.ts';
import type { CallRun, UpstreamRequest } from './request.ts';
import type { RetriedExchange } from './exchange.ts';
import { tagsOf } from './entity-tags.ts';

/**
 * The shared HTTP cache of upstream GET responses, across requests. It behaves as a shared
 * cache per RFC 9111 (http-cache-semantics): `no-store` and `private` responses are never
 * stored, `max-age` sets freshness, stale entries with an ETag are revalidated with
 * If-None-Match. Entries are keyed by a hash of credential and URL, so a response fetched
 * with one token (or session) is never served to another, and no raw secret is kept as a key.
 *
 * Entries live in process (an LRU bounded in bytes) and, when a fleet store is given (Redis),
 * there too, so every instance answers from what any instance fetched. The process's own copy
 * answers first while it is fresh: it costs no round trip and no parse.
 */
export interface CacheStats {
  /** Answers served fresh from the cache, from either layer. */
  hits: number;
  misses: number;
  revalidations: number;
  stores: number;
  /** Entries the in-process layer dropped to stay within its bound. */
  evictions: number;
  /** Stale answers served fresh because the change feeds vouched for their object (feed-vouch.ts). */
  pastMaxAge: number;
  /** Entries dropped because the change feeds listed an object they carried. */
  feedEvictions: number;
}

/**
 * Until when the change feeds vouch for an entry past its max-age (epoch ms; at most `now` when
 * they do not): src/upstream/feed-vouch.ts.
 */
export type FeedVouch = (entry: CachedResponse, now: number) => number;

export interface HttpCache {
  keyOf(credential: string, url: string): string;
  get(key: string): Promise<CachedResponse | undefined>;
  /** Keeps the entry; the fleet's store keeps it `keepForMs` (see keepFor), its freshness by default. */
  set(key: string, entry: CachedResponse, keepForMs?: number): Promise<void>;
  stats: CacheStats;
  /** Bytes held in process now (each entry as heldBytes counts it). */
  size(): number;
  /** The fleet's store, when there is one. */
  fleet?: FleetCacheStore;
  /** Whether entries are indexed by the objects they carried (the change feeds are on). */
  tagged: boolean;
  /** Drops every entry, here and in the fleet's store, that carried one of these objects (`movie:550`); how many keys. */
  evict(tags: readonly string[]): Promise<number>;
  /** Whether an entry this process indexed carried the object. */
  holds(tag: string): boolean;
  /** Set by the change feeds' poller: stale entries it vouches for are served as fresh. */
  vouch?: FeedVouch;
}

export interface HttpCacheOptions {
  fleet?: FleetCacheStore;
  /** Bytes of the index of entries by the objects they carried; 0: no index (the change feeds are off). */
  tagIndexBytes?: number;
}

/**
 * How long past its freshness an entry stays worth keeping: one with an ETag can still be
 * revalidated (a 304 costs the upstream less than a full answer); one without is dead.
 */
export const STALE_KEEP_MS = 24 * 60 * 60 * 1000;

export function keepFor(entry: CachedResponse, url: string, now = Date.now()): number {
  const fresh = Math.max(0, entry.freshUntil - now);
  return etagOf(entry, url) === undefined ? fresh : fresh + STALE_KEEP_MS;
}

/**
 * What an entry holds in the heap, from its answer's text length: the body is kept parsed, and
 * parsed JSON takes about 1.23× its text (the 478 recorded answers of the real service under
 * test/contract, measured with the heap after a full collection), plus the policy, key and LRU
 * node. Counting the text alone let CACHE_MAX_BYTES=32 MiB hold about 58 MB.
 */
const PARSED_PER_CHAR = 1.25;
const ENTRY_OVERHEAD = 1_024;
export const heldBytes = (textLength: number) => Math.ceil(textLength * PARSED_PER_CHAR) + ENTRY_OVERHEAD;

export function createHttpCache(maxBytes: number, options: HttpCacheOptions = {}): HttpCache {
  const { fleet } = options;
  const stats: CacheStats = { hits: 0, misses: 0, revalidations: 0, stores: 0, evictions: 0, pastMaxAge: 0, feedEvictions: 0 };
  const index = options.tagIndexBytes ? createTagIndex(options.tagIndexBytes) : undefined;
  const entries = new LRUCache<string, CachedResponse>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => heldBytes(entry.size),
    // An entry larger than a tenth of the cache would evict too much to be worth keeping.
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 10)),
    dispose: (_entry, _key, reason) => {
      if (reason === 'evict') stats.evictions++;
    },
  });
  return {
    // One-shot hash: the same digest as a Hash object's, at a third of its price per call.
    keyOf: (credential, url) => hash('sha256', `${credential}\n${url}`, 'base64url'),
    async get(key) {
      const local = entries.get(key);
      if (!fleet || (local && Date.now() < local.freshUntil)) return local;
      const shared = await fleet.get(key);
      // Another instance may have fetched or revalidated it since this one's copy.
      if (shared && (!local || shared.freshUntil >= local.freshUntil)) {
        entries.set(key, shared);
        // So that this instance drops it too when the feeds list what it carried.
        if (shared.tags) index?.add(key, shared.tags);
        return shared;
      }
      return local;
    },
    async set(key, entry, keepForMs = entry.freshUntil - Date.now()) {
      entries.set(key, entry);
      if (entry.tags) index?.add(key, entry.tags);
      stats.stores++;
      // Awaited (bounded by the store's timeout): once an answer is out, the fleet has it.
      if (fleet) await fleet.set(key, entry, keepForMs);
    },
    stats,
    size: () => entries.calculatedSize,
    fleet,
    tagged: index !== undefined,
    async evict(tags) {
      const keys = [...(index?.take(tags) ?? [])];
      for (const key of keys) if (entries.delete(key)) stats.feedEvictions++;
      await fleet?.delete(keys);
      return keys.length;
    },
    holds: (tag) => index?.has(tag) ?? false,
  };
}

/** The request as the cache policy sees it: the credential is only marked present. */
export function policyRequest(url: string): CachePolicy.Request {
  return { url, method: 'GET', headers: { authorization: 'Bearer (credential)' } };
}

function etagOf(entry: CachedResponse, url: string): string | undefined {
  const etag = entry.policy.revalidationHeaders(policyRequest(url))['if-none-match'];
  return typeof etag === 'string' ? etag : undefined;
}

/**
 * What the cache holds for a GET before it is sent: the stored entry, whether it is still
 * fresh (then it is the answer, counted as a hit), and the validators to revalidate it with.
 * Requests carry no Cache-Control of their own, so freshness is the response's alone.
 */
export async function lookup(cache: HttpCache | undefined, key: string, url: string) {
  const entry = cache && (await cache.get(key));
  const validators: Record<string, string> = {};
  const now = Date.now();
  if (cache && entry && now < entry.freshUntil) {
    cache.stats.hits++;
    return { entry, fresh: true, freshUntil: entry.freshUntil, validators };
  }
  const vouched = cache?.vouch && entry ? cache.vouch(entry, now) : 0;
  if (cache && entry && now < vouched) {
    cache.stats.hits++;
    cache.stats.pastMaxAge++;
    return { entry, fresh: true, freshUntil: vouched, validators };
  }
  const etag = entry && etagOf(entry, url);
  if (etag) validators['if-none-match'] = etag;
  return { entry, fresh: false, freshUntil: 0, validators };
}

/** An answer and until when the cache holds it fresh (epoch ms; 0 when it was not stored). */
export interface CachedAnswer<T> {
  body: T;
  freshUntil: number;
  /** The objects it carried, when the change feeds are on (entity-tags.ts). */
  tags?: readonly string[];
}

/** A 304 to a revalidation: the stored body stands, fresh again for what the 304 allows. */
export async function revalidated<T>(
  cache: HttpCache,
  key: string,
  entry: CachedResponse,
  url: string,
  response: Exchange,
): Promise<CachedAnswer<T>> {
  const { policy } = entry.policy.revalidatedPolicy(policyRequest(url), { status: 304, headers: response.headers });
  const now = Date.now();
  const refreshed = { ...entry, policy, freshUntil: now + policy.timeToLive(), storedAt: now };
  await cache.set(key, refreshed, keepFor(refreshed, url));
  cache.stats.revalidations++;
  return { body: entry.body as T, freshUntil: refreshed.freshUntil, tags: entry.tags };
}

/**
 * Any other answer: a miss. `parse` turns it into the body (or throws its error, after the miss
 * is counted); a 200 is stored when its headers let a shared cache store it (no `no-store`,
 * no `private`, ...).
 */
export async function storeAnswer<T>(
  cache: HttpCache | undefined,
  key: string,
  url: string,
  response: Exchange,
  parse: () => T,
): Promise<CachedAnswer<T>> {
  if (cache) cache.stats.misses++;
  const body = parse();
  if (cache && response.status === 200) {
    const policy = new CachePolicy(policyRequest(url), { status: 200, headers: response.headers }, { shared: true });
    if (policy.storable()) {
      const now = Date.now();
      const entry: CachedResponse = { policy, body, size: response.text.length, freshUntil: now + policy.timeToLive(), storedAt: now };
      if (cache.tagged) Object.assign(entry, tagsOf(url, body));
      await cache.set(key, entry, keepFor(entry, url));
      return { body, freshUntil: entry.freshUntil, tags: entry.tags };
    }
  }
  return { body, freshUntil: 0 };
}

/**
 * A GET through the shared cache (its rules: above): a fresh entry answers at once, a
 * stale one is revalidated with its validators. `cache` is undefined when this answer must not be shared.
 */
export async function cachedGet<T>(
  exchange: RetriedExchange,
  accessToken: string,
  url: string,
  key: string,
  req: UpstreamRequest,
  cache: HttpCache | undefined,
  run: CallRun,
): Promise<CachedAnswer<T>> {
  const { entry, fresh, freshUntil, validators } = await lookup(cache, key, url);
  if (fresh && entry) return { body: entry.body as T, freshUntil, tags: entry.tags };
  const response = await exchange(accessToken, url, req, run, validators);
  if (cache && entry && response.status === 304) return revalidated<T>(cache, key, entry, url, response);
  return storeAnswer(cache, key, url, response, () => parseBody<T>(response));
}

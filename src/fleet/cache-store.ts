import type CachePolicy from 'http-cache-semantics';

/*
 * What the upstream HTTP cache keeps and how the fleet's store is reached: the vocabulary both
 * share. It lies here, under the store that implements it (redis-cache.ts), so that upstream/
 * imports fleet/ and fleet/ never imports upstream/ back.
 */

/** One cached upstream answer (src/upstream/http-cache.ts). */
export interface CachedResponse {
  policy: CachePolicy;
  body: unknown;
  size: number;
  /** Epoch ms until which the entry is fresh: computed once, so a hit costs one comparison. */
  freshUntil: number;
  /** Epoch ms it was fetched or last revalidated: the change feeds vouch only for what they watched since. */
  storedAt?: number;
  /** The object its URL names (`movie:550`), when it names one (src/upstream/entity-tags.ts). */
  owner?: string;
  /** The objects it carried, its owner first: the change feeds drop it when they list one. */
  tags?: readonly string[];
}

/** Counters of the fleet's store, for metrics. */
export interface FleetCacheStats {
  /** Entries found there (fresh or stale). */
  hits: number;
  misses: number;
  stores: number;
  /** Lookups and stores that did not reach the store (away, slow, failing) or found an unreadable entry. */
  errors: number;
}

/** Where the fleet keeps its entries (Redis: src/fleet/redis-cache.ts). It never throws. */
export interface FleetCacheStore {
  stats: FleetCacheStats;
  /** The entry, or undefined when there is none or the store is away. */
  get(key: string): Promise<CachedResponse | undefined>;
  /** Keeps the entry for `keepForMs`; a failure is the store's to count. */
  set(key: string, entry: CachedResponse, keepForMs: number): Promise<void>;
  /** Drops these entries (the change feeds listed an object they carried). */
  delete(keys: readonly string[]): Promise<void>;
}

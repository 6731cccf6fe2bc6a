import CachePolicy from 'http-cache-semantics';
import type { CachedResponse, FleetCacheStats, FleetCacheStore } from './cache-store.ts';
import type { RedisConnection } from './redis.ts';

/**
 * The upstream HTTP cache's entries in Redis, shared by every instance on the same Redis. Keys
 * are the cache's own (a SHA-256 of credential and URL, never a raw token); values are JSON of
 * the cache policy (http-cache-semantics' toObject), the parsed body and its freshness; Redis
 * expires them when they are no longer worth keeping (see keepFor in http-cache.ts).
 */
export interface RedisCacheOptions {
  /** Entries larger than this (in bytes of body) are not shared. */
  maxEntryBytes: number;
  /** Prefix of the keys (default "mcg:http:"). */
  prefix?: string;
}

/** What one entry looks like in Redis; `v` changes with the layout, so an old entry is a miss. */
interface StoredEntry {
  v: 1;
  policy: CachePolicy.CachePolicyObject;
  body: unknown;
  size: number;
  freshUntil: number;
  storedAt?: number;
  owner?: string;
  tags?: string[];
}

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;

function readEntry(raw: string): CachedResponse | undefined {
  try {
    const stored = JSON.parse(raw) as StoredEntry;
    if (stored?.v !== 1 || typeof stored.freshUntil !== 'number' || typeof stored.size !== 'number') return undefined;
    return {
      policy: CachePolicy.fromObject(stored.policy),
      body: stored.body,
      size: stored.size,
      freshUntil: stored.freshUntil,
      storedAt: typeof stored.storedAt === 'number' ? stored.storedAt : undefined,
      owner: typeof stored.owner === 'string' ? stored.owner : undefined,
      tags: strings(stored.tags),
    };
  } catch {
    return undefined;
  }
}

export function createRedisCacheStore(redis: RedisConnection, options: RedisCacheOptions): FleetCacheStore {
  const prefix = options.prefix ?? 'mcg:http:';
  const stats: FleetCacheStats = { hits: 0, misses: 0, stores: 0, errors: 0 };
  return {
    stats,
    async get(key) {
      const raw = await redis.run((client) => client.get(prefix + key));
      if (raw === undefined) {
        stats.errors++;
        return undefined;
      }
      if (raw === null) {
        stats.misses++;
        return undefined;
      }
      const entry = readEntry(raw);
      if (entry) stats.hits++;
      else stats.errors++;
      return entry;
    },
    async set(key, entry, keepForMs) {
      if (entry.size > options.maxEntryBytes || keepForMs < 1) return;
      const stored: StoredEntry = {
        v: 1,
        policy: entry.policy.toObject(),
        body: entry.body,
        size: entry.size,
        freshUntil: entry.freshUntil,
        storedAt: entry.storedAt,
        owner: entry.owner,
        tags: entry.tags && [...entry.tags],
      };
      const done = await redis.run((client) => client.set(prefix + key, JSON.stringify(stored), 'PX', Math.ceil(keepForMs)));
      if (done === undefined) stats.errors++;
      else stats.stores++;
    },
    async delete(keys) {
      if (keys.length === 0) return;
      const done = await redis.run((client) => client.del(...keys.map((key) => prefix + key)));
      if (done === undefined) stats.errors++;
    },
  };
}

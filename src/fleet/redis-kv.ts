import { LRUCache } from 'lru-cache';
import type { RedisConnection } from './redis.ts';

/**
 * Strings in Redis under a prefix, each kept for a while, with a copy in this process: the shape
 * of the APQ store (`PersistedQueryStore`), so a document registered on one instance runs by
 * hash on every other. The local copy (bounded in bytes) answers first, so a hash this instance
 * knows runs while Redis is away or after it restarted empty; a store waits for Redis (within
 * its command timeout), so the registering answer goes out once other instances can find it.
 * What Redis missed (a store during an outage, everything after a restart that lost it) is
 * written again when the connection is back. Never an error of the request.
 */
export interface RedisKeyValueStore {
  get(key: string): string | null | Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}

export interface RedisKeyValueOptions {
  /** Prefix of the keys, e.g. "mcg:apq:". */
  prefix: string;
  /** How long a value is kept after it was last stored. */
  ttlMs: number;
  /** The local copy's bound, in bytes (a JS string of ASCII costs about a byte a character). */
  localMaxBytes: number;
}

export function createRedisKeyValueStore(redis: RedisConnection, options: RedisKeyValueOptions): RedisKeyValueStore {
  const local = new LRUCache<string, string>({
    maxSize: Math.max(1, options.localMaxBytes),
    sizeCalculation: (value, key) => value.length + key.length + 200,
    maxEntrySize: Math.max(1, Math.floor(options.localMaxBytes / 4)),
  });
  // NX when writing back what this instance holds, so a newer registration there is never overwritten.
  const store = (key: string, value: string, writeBack = false) =>
    redis.run((client) =>
      writeBack
        ? client.set(options.prefix + key, value, 'PX', options.ttlMs, 'NX')
        : client.set(options.prefix + key, value, 'PX', options.ttlMs),
    );
  // After an outage (not at the first connection), what this instance holds goes back to Redis.
  let connected = redis.client.status === 'ready';
  redis.client.on('ready', () => {
    if (!connected) {
      connected = true;
      return;
    }
    void (async () => {
      for (const [key, value] of [...local.entries()]) {
        const done = await store(key, value, true);
        if (done === undefined) return;
      }
    })();
  });
  return {
    get(key) {
      const kept = local.get(key);
      if (kept !== undefined) return kept;
      return redis
        .run((client) => client.get(options.prefix + key))
        .then((found) => {
          if (found == null) return null;
          local.set(key, found);
          return found;
        });
    },
    async set(key, value) {
      local.set(key, value);
      await store(key, value);
    },
  };
}

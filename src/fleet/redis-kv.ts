import type { RedisConnection } from './redis.ts';

/**
 * Strings in Redis under a prefix, each kept for a while: the shape of the APQ store
 * (`PersistedQueryStore`), so persisted queries registered on one instance are known to all.
 * While Redis is away a lookup finds nothing (an APQ client then sends the whole query again)
 * and a store is dropped: never an error of the request.
 */
export interface RedisKeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}

export interface RedisKeyValueOptions {
  /** Prefix of the keys, e.g. "mcg:apq:". */
  prefix: string;
  /** How long a value is kept after it was last stored. */
  ttlMs: number;
}

export function createRedisKeyValueStore(redis: RedisConnection, options: RedisKeyValueOptions): RedisKeyValueStore {
  return {
    async get(key) {
      return (await redis.run((client) => client.get(options.prefix + key))) ?? null;
    },
    async set(key, value) {
      await redis.run((client) => client.set(options.prefix + key, value, 'PX', options.ttlMs));
    },
  };
}

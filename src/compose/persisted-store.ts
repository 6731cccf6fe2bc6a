import type { Config } from '../runtime/config.ts';
import { createRedisKeyValueStore } from '../fleet/redis-kv.ts';
import { createMemoryPersistedQueryStore, type PersistedQueryStore } from '../graphql/persisted-operations.ts';
import type { UpstreamClient } from '../upstream/client.ts';

/**
 * Where APQ documents are kept: none with APQ off; in memory within APQ_MAX_BYTES; with Redis, in
 * Redis for the fleet (a hash registered on one instance runs on every other) with a local copy
 * of the same bound (src/fleet/redis-kv.ts).
 */
export function persistedStore(config: Config, upstream: UpstreamClient, given?: PersistedQueryStore): PersistedQueryStore | undefined {
  const maxBytes = config.delivery.apqMaxBytes;
  if (maxBytes <= 0) return undefined;
  if (given) return given;
  return upstream.redis
    ? createRedisKeyValueStore(upstream.redis, { prefix: 'mcg:apq:', ttlMs: 24 * 3_600_000, localMaxBytes: maxBytes })
    : createMemoryPersistedQueryStore(maxBytes);
}

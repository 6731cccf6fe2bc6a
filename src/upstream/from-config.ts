import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../runtime/config.ts';
import { createRateBudget } from '../fleet/rate-budget.ts';
import { connectRedis } from '../fleet/redis.ts';
import { createRedisCacheStore } from '../fleet/redis-cache.ts';
import { createUpstreamClient, type UpstreamClient } from './client.ts';
import type { ExchangeObserver } from './observe.ts';

/**
 * The upstream client as the settings describe it: pool, deadlines, cache, breaker, and what
 * the instances of a fleet share. Its own file so that the server only says "an upstream".
 *
 * With REDIS_URL the HTTP cache's entries and the rate budget live in Redis, shared by every
 * instance on it; the in-process cache (CACHE_MAX_BYTES) stays in front. UPSTREAM_RATE_LIMIT is
 * the fleet's calls per second (the instance's without Redis: processRateLimit); with Redis and
 * no limit, a 429's Retry-After still pauses the whole fleet.
 */
export function upstreamFromConfig(
  config: Config & { catalogBaseUrl: string },
  logger: Logger,
  observer?: ExchangeObserver,
): UpstreamClient {
  const redis = config.redisUrl ? connectRedis(config.redisUrl, logger) : undefined;
  const fleetCache =
    redis && config.cacheMaxBytes > 0 ? createRedisCacheStore(redis, { maxEntryBytes: Math.floor(config.cacheMaxBytes / 10) }) : undefined;
  const rateBudget =
    redis || config.upstreamRateLimit > 0
      ? createRateBudget({
          perSecond: processRateLimit(config),
          redis,
          // Instances calling the same upstream share one budget, whatever else shares the Redis.
          name: createHash('sha256').update(config.catalogBaseUrl).digest('base64url').slice(0, 16),
          maxPauseMs: config.upstreamMaxPauseMs,
        })
      : undefined;
  return createUpstreamClient({
    baseUrl: config.catalogBaseUrl,
    timeoutMs: config.upstreamTimeoutMs,
    maxConnections: config.upstreamMaxConnections,
    cacheMaxBytes: config.cacheMaxBytes,
    maxBodyBytes: config.upstreamMaxBodyBytes,
    breaker: { failureThreshold: config.breakerThreshold, cooldownMs: config.breakerCooldownMs },
    fleetCache,
    rateBudget,
    redis,
    observer,
    serverToken: config.catalogAccessToken,
  });
}

/**
 * The calls per second this process's budget counts. With REDIS_URL every process takes its
 * turns from the fleet's one budget in Redis. Without it each process counts its own, so each of
 * an instance's WORKERS processes gets an equal share: the production default runs one per core,
 * and the setting would otherwise be multiplied by the cores.
 */
export function processRateLimit(config: Pick<Config, 'upstreamRateLimit' | 'workers' | 'redisUrl'>): number {
  return config.redisUrl ? config.upstreamRateLimit : config.upstreamRateLimit / config.workers;
}

/** Said in the ready line of an instance whose workers split UPSTREAM_RATE_LIMIT; empty otherwise. */
export function rateShareNote(config: Pick<Config, 'upstreamRateLimit' | 'workers' | 'redisUrl'>): string {
  if (config.workers <= 1 || config.redisUrl || config.upstreamRateLimit <= 0) return '';
  const share = Number(processRateLimit(config).toFixed(3));
  return `; without REDIS_URL each keeps ${share} of UPSTREAM_RATE_LIMIT's ${config.upstreamRateLimit} calls/s`;
}

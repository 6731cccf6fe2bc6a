import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../runtime/config.ts';
import { createLease, openChannel } from '../fleet/lease.ts';
import { createRateBudget } from '../fleet/rate-budget.ts';
import { connectRedis } from '../fleet/redis.ts';
import { createRedisCacheStore } from '../fleet/redis-cache.ts';
import { createUpstreamClient, type UpstreamClient } from './client.ts';
import { feedReader } from './change-feed.ts';
import { type ChangeHub, createChangeHub } from './change-events.ts';
import { type ChangeEvent, type ChangePoller, startChangePoller } from './change-poller.ts';
import type { ExchangeObserver } from './exchange.ts';

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
  const feedsOn = changeFeedsOn(config);
  const rateBudget =
    redis || config.upstreamRateLimit > 0
      ? createRateBudget({
          perSecond: processRateLimit(config),
          redis,
          // Instances calling the same upstream share one budget, whatever else shares the Redis.
          name: upstreamName(config.catalogBaseUrl),
          maxPauseMs: config.upstreamMaxPauseMs,
        })
      : undefined;
  return createUpstreamClient({
    baseUrl: config.catalogBaseUrl,
    timeoutMs: config.upstreamTimeoutMs,
    maxConnections: config.upstreamMaxConnections,
    cacheMaxBytes: config.cacheMaxBytes,
    // The index of entries by the objects they carried: an eighth of the cache's bound.
    cacheTagIndexBytes: feedsOn ? Math.max(1024, Math.floor(config.cacheMaxBytes / 8)) : 0,
    maxBodyBytes: config.upstreamMaxBodyBytes,
    breaker: { failureThreshold: config.breakerThreshold, cooldownMs: config.breakerCooldownMs },
    fleetCache,
    rateBudget,
    redis,
    observer,
    serverToken: config.catalogAccessToken,
  });
}

/** Instances calling the same upstream share one budget and one feed reader, whatever else shares the Redis. */
const upstreamName = (baseUrl: string) => createHash('sha256').update(baseUrl).digest('base64url').slice(0, 16);

/** The feeds are read with the server token, and only drop what an HTTP cache holds. */
export function changeFeedsOn(config: Config): boolean {
  return config.changes.pollMs > 0 && config.cacheMaxBytes > 0 && config.catalogAccessToken !== undefined;
}

/**
 * The change feeds' poller (change-poller.ts), when CHANGES_POLL_MS is on: with Redis, one
 * instance of the fleet reads (a lease of three intervals, at least 5 s) and every one applies; it
 * vouches for the HTTP cache's entries, and stops when the client closes.
 */
export function changeFeedsFromConfig(
  config: Config & { catalogBaseUrl: string },
  upstream: UpstreamClient,
  logger: Logger,
  apply: (changes: ChangeEvent[]) => Promise<void>,
  onFailing?: () => void,
): ChangePoller | undefined {
  const { cache, redis } = upstream;
  if (!changeFeedsOn(config) || !cache || !config.catalogAccessToken) return undefined;
  const intervalMs = config.changes.pollMs;
  const name = `mcg:changes:${upstreamName(config.catalogBaseUrl)}`;
  const owner = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  const poller = startChangePoller({
    reader: feedReader(upstream, config.catalogAccessToken, config.upstreamTimeoutMs),
    intervalMs,
    feedMaxAgeMs: config.changes.feedMaxAgeMs,
    apply,
    onFailing,
    holds: (tag) => cache.holds(tag),
    logger,
    fleet: redis && {
      lease: createLease(redis, `${name}:lease`, owner, Math.max(3 * intervalMs, 5_000)),
      open: (onMessage) => openChannel(redis, name, onMessage),
    },
  });
  if (config.changes.feedMaxAgeMs > 0) cache.vouch = poller.vouch;
  upstream.onClose(() => poller.stop());
  return poller;
}

/**
 * What `subscription { changes }` hears (change-events.ts): only where the feeds are read and
 * CHANGES_SUBSCRIPTIONS_MAX allows any (its production default does not). Ended with the client.
 */
export function changeHubFromConfig(config: Config, upstream: UpstreamClient): ChangeHub | undefined {
  const { subscriptionsMax, subscriptionsPerClient } = config.changes;
  if (!changeFeedsOn(config) || subscriptionsMax <= 0) return undefined;
  const hub = createChangeHub({ maxSubscribers: subscriptionsMax, maxPerClient: subscriptionsPerClient });
  upstream.onClose(() => hub.close());
  return hub;
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

import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createUpstreamClient, type UpstreamClient } from './client.ts';

/**
 * The upstream client as the settings describe it: pool, deadlines, cache, breaker, and what
 * the instances of a fleet share. Its own file so that the server only says "an upstream".
 */
export function upstreamFromConfig(config: Config & { catalogBaseUrl: string }, _logger: Logger): UpstreamClient {
  return createUpstreamClient({
    baseUrl: config.catalogBaseUrl,
    timeoutMs: config.upstreamTimeoutMs,
    maxConnections: config.upstreamMaxConnections,
    cacheMaxBytes: config.cacheMaxBytes,
    maxBodyBytes: config.upstreamMaxBodyBytes,
    breaker: { failureThreshold: config.breakerThreshold, cooldownMs: config.breakerCooldownMs },
  });
}

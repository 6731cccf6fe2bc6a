import type { Plugin, YogaServerInstance } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { ServerContext } from './common/request-state.ts';
import { gatewayMetrics } from './compose/gateway-metrics.ts';
import { persistedStore } from './compose/persisted-store.ts';
import { upstreamReadiness } from './compose/readiness.ts';
import { yogaServers } from './compose/yoga-servers.ts';
import { KEEP_ALL, type KeepsPart } from './graphql/gateway-parts.ts';
import { graphiqlOptions, renderGraphiQLPage } from './graphql/graphiql.ts';
import { loadManifest, persistedOperations, type PersistedQueryStore } from './graphql/persisted-operations.ts';
import { gatewayPlugins } from './graphql/plugins.ts';
import { createCorsPolicy } from './http/response-headers.ts';
import type { HttpFront } from './http/front-options.ts';
import { createHttpFront } from './http/listener.ts';
import { createSharedPage } from './http/page.ts';
import { createProbes } from './http/probes.ts';
import { createResponseCache, type ResponseCache } from './http/response-cache.ts';
import type { Config } from './runtime/config.ts';
import { createLogger } from './runtime/logger.ts';
import type { Metrics } from './runtime/metrics.ts';
import type { Tracing } from './runtime/tracing.ts';
import { contextOptions, type GatewayContext } from './schema/context.ts';
import { currentPhase } from './schema/kit/field-concerns.ts';
import type { UpstreamClient } from './upstream/client.ts';
import { tagOf } from './upstream/entity-tags.ts';
import { changeFeedsFromConfig, changeHubFromConfig, upstreamFromConfig } from './upstream/from-config.ts';

export interface Gateway {
  yoga: YogaServerInstance<ServerContext, GatewayContext>;
  /** The HTTP front to serve: per-request HTTP concerns and the whole-response cache, then Yoga. */
  front: HttpFront;
  upstream: UpstreamClient;
  responseCache?: ResponseCache;
  metrics: Metrics;
  /** Settles once every schema is built (the subgraph's just after start); rejects if one fails. */
  built: Promise<void>;
}

export interface GatewayOptions {
  /** Where automatic persisted queries are kept; default: in memory, bounded by APQ_MAX_BYTES. */
  persistedQueryStore?: PersistedQueryStore;
  /** OpenTelemetry tracing (tracingFromEnv, or a test's in-memory exporter); off when absent. */
  tracing?: Tracing;
  /**
   * Which parts are built (src/graphql/gateway-parts.ts); default all. The profiler leaves parts out to
   * measure what each costs (bench/profile/gateway-entry.ts); production keeps every one.
   */
  keeps?: KeepsPart;
  /** Plugins around ours, `first` before every one of ours and `last` after (the profiler's phase marks). */
  instrument?: { first?: Plugin[]; last?: Plugin[] };
  /** Yoga settings the profiler varies: masked errors off, Yoga's own body bound on (docs/performance.md). */
  yoga?: { maskedErrors?: false; maxRequestBodySize?: number };
}

export function createGateway(
  config: Config & { catalogBaseUrl: string },
  logger: Logger = createLogger(config.logLevel),
  options: GatewayOptions = {},
): Gateway {
  const keeps = options.keeps ?? KEEP_ALL;
  const manifest = config.persistedOperationsFile ? loadManifest(config.persistedOperationsFile) : undefined;
  const metrics = gatewayMetrics(
    { upstream: () => upstream, feeds: () => feeds, responseCache: () => responseCache, changeHub: () => changeHub },
    manifest,
  );
  const upstream = upstreamFromConfig(config, logger, keeps('metrics') ? metrics.upstreamCall : undefined);
  const persisted = persistedOperations({
    store: persistedStore(config, upstream, options.persistedQueryStore),
    manifest,
    only: config.persistedOperationsOnly,
    maxPerClient: config.apqMaxPerClient,
  });
  // What `subscription { changes }` hears: the changes the feeds' poller tells (below).
  const changeHub = changeHubFromConfig(config, upstream);
  const plugins = gatewayPlugins({ config, keeps, logger, metrics, tracing: options.tracing, instrument: options.instrument });
  const served = yogaServers({
    config,
    logger,
    upstream,
    // The loaders read the @defer phase of the running resolver (src/schema/kit/field-concerns.ts).
    context: { ...contextOptions(config), phase: currentPhase, changes: changeHub },
    plugins: {
      endpoint: plugins.endpoint(persisted),
      // With introspection off the subgraph's `_service` SDL goes only to the router.
      subgraph: plugins.subgraph(!config.introspection && !config.subgraphToken),
    },
    yoga: options.yoga,
  });
  // Whole responses can only be as fresh as the cached upstream answers they were built from.
  const responseCache =
    config.responseCacheMaxBytes > 0 && config.cacheMaxBytes > 0
      ? createResponseCache({ maxBytes: config.responseCacheMaxBytes, maxTtlMs: config.responseCacheMaxTtlMs })
      : undefined;
  // The change feeds drop what each changed object carried from both caches (the fleet's too).
  const feeds = changeFeedsFromConfig(
    config,
    upstream,
    logger,
    async (changes) => {
      const tags = changes.map((change) => tagOf(change.kind, change.id));
      await upstream.cache?.evict(tags);
      responseCache?.evict(tags);
      changeHub?.publish(changes.filter((change) => change.told));
    },
    () => responseCache?.clear(),
  );
  const front = createHttpFront(served.yoga, {
    endpoint: '/graphql',
    // The federation subgraph: never through the whole-response cache (a router's entity fetches are POSTs of its own).
    routes: served.routes,
    maxBodyBytes: config.limits.bodyBytes,
    cors: createCorsPolicy(config.http.corsOrigins, logger),
    trustedProxies: config.http.trustedProxies,
    cache: responseCache,
    serverToken: config.catalogAccessToken,
    logger,
    maxAgeMs: config.delivery.maxAgeMs,
    compressionMinBytes: config.delivery.compressionMinBytes,
    writeTimeoutMs: config.writeTimeoutMs,
    onCacheHit: keeps('metrics') ? metrics.responseCacheHit : undefined,
    probes: createProbes({
      readiness: upstreamReadiness(upstream, config.catalogAccessToken, Math.min(config.upstreamTimeoutMs, 2_000), served.subgraphBuilt),
      draining: () => front.draining(),
      metrics: metrics.scrape,
      metricsToken: config.metricsToken,
    }),
    page: config.graphiql
      ? createSharedPage(() => renderGraphiQLPage(graphiqlOptions), {
          maxConcurrent: config.graphiqlMaxConcurrent,
          writeTimeoutMs: config.graphiqlWriteTimeoutMs,
        })
      : undefined,
  });
  // Draining ends every subscription's stream (it completes), so that none holds the shutdown.
  const drain = () => {
    front.drain();
    changeHub?.close();
  };
  return { yoga: served.yoga, front: { ...front, drain }, upstream, responseCache, metrics, built: served.subgraphBuilt };
}

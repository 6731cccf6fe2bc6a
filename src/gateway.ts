import type { GraphQLSchema } from 'graphql';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { Config } from './runtime/config.ts';
import type { Logger } from 'pino';
import { NOT_READY } from './common/messages.ts';
import type { RequestState } from './common/request-state.ts';
import { contextOptions, createContext, type GatewayContext } from './schema/context.ts';
import { graphiqlOptions, renderGraphiQLPage } from './graphql/graphiql.ts';
import { createCorsPolicy } from './http/cors.ts';
import { createParseCache } from './graphql/cost-report.ts';
import { currentPhase } from './schema/kit/field-concerns.ts';
import { countIntrospection } from './graphql/answer-size.ts';
import { type GatewayPlugin, gatewayPlugins } from './graphql/plugins.ts';
import type { HttpFront, NodeHandler } from './http/front-options.ts';
import { createHttpFront } from './http/listener.ts';
import { createPlainPath, type PlainPath } from './http/plain-path.ts';
import {
  createMemoryPersistedQueryStore,
  loadManifest,
  PERSISTED_PARAM_NAMES,
  persistedOperations,
  type PersistedQueryStore,
} from './graphql/persisted-operations.ts';
import { createProbes, throttledReadiness, type Readiness } from './http/probes.ts';
import { yogaLogger } from './graphql/request-log.ts';
import { createResponseCache, type ResponseCache } from './http/response-cache.ts';
import { KEEP_ALL, type KeepsPart } from './graphql/gateway-parts.ts';
import { createLogger } from './runtime/logger.ts';
import { createMetrics, type Metrics, operationNamesOf } from './runtime/metrics.ts';
import { createRedisKeyValueStore } from './fleet/redis-kv.ts';
import { createSharedPage } from './http/page.ts';
import { routerOnly } from './http/router-only.ts';
import { schema, subgraphSchema } from './schema/index.ts';
import type { UpstreamClient } from './upstream/client.ts';
import { changeFeedsFromConfig, changeHubFromConfig, upstreamFromConfig } from './upstream/from-config.ts';
import { tagOf } from './upstream/entity-tags.ts';
import { UpstreamError } from './upstream/errors.ts';
import { MAX_ROUTES } from './upstream/resilience.ts';
import type { Tracing } from './runtime/tracing.ts';

export interface Gateway {
  yoga: YogaServerInstance<RequestState, GatewayContext>;
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

const CIRCUIT = { closed: 0, 'half-open': 1, open: 2 } as const;

/**
 * Yoga's health check cannot be removed, only pointed elsewhere: it answers 200 with an empty
 * body, before anything else runs, to any URL that ends in its endpoint (`/graphql?x=/health`
 * ran nothing, where the plain path ran the query). No request URL ends in a space (the request
 * line cannot carry one; a URL writes it `%20`), so this endpoint is never matched, and only the
 * front's exact `/health` and `/readiness` answer probes.
 */
const NO_YOGA_HEALTH_CHECK = ' (off)';

/**
 * Ready when the upstream answers the configured credential. The check bypasses the cache and
 * in-flight sharing, so it sees the upstream as it is now; without a server token, an upstream
 * that answers at all (a 401 included) is ready, since clients bring their own tokens.
 */
function upstreamCheck(upstream: UpstreamClient, token: string | undefined, timeoutMs: number) {
  return async (): Promise<Readiness> => {
    try {
      await upstream.send(token ?? 'readiness-probe', { path: ['configuration'], unshared: true, probe: true }, Date.now() + timeoutMs);
      return { ready: true };
    } catch (error) {
      const code = error instanceof UpstreamError ? error.code : undefined;
      if (code === 'UNAUTHENTICATED') return token ? { ready: false, reason: NOT_READY.credentialRejected } : { ready: true };
      // The upstream answered, limiting us: every instance would get the same, and taking them out helps nobody.
      if (code === 'RATE_LIMITED') return { ready: true };
      return {
        ready: false,
        reason: code === 'UPSTREAM_TIMEOUT' ? NOT_READY.timeout : NOT_READY.failing,
      };
    }
  };
}

export function createGateway(
  config: Config & { catalogBaseUrl: string },
  logger: Logger = createLogger(config.logLevel),
  options: GatewayOptions = {},
): Gateway {
  const keeps = options.keeps ?? KEEP_ALL;
  const manifest = config.persistedOperationsFile ? loadManifest(config.persistedOperationsFile) : undefined;
  // Read when scraped, so they may name the upstream client made just below.
  const metrics = createMetrics(
    {
      inFlight: () => upstream.pool().running,
      queued: () => upstream.pool().queued,
      circuits: () => {
        const states: Record<string, number> = { host: CIRCUIT[upstream.breakers.state()] };
        for (const route of upstream.breakers.routes()) states[route] = CIRCUIT[upstream.breakers.state(route)];
        return states;
      },
      cache: () => upstream.cache?.stats,
      redis: () => upstream.redis?.state,
      budget: () => upstream.rateBudget?.stats,
      feeds: () =>
        feeds && {
          ...feeds.state(),
          ...feeds.stats,
          httpEvictions: upstream.cache?.stats.feedEvictions ?? 0,
          responseEvictions: responseCache?.stats.feedEvictions ?? 0,
          pastMaxAge: upstream.cache?.stats.pastMaxAge ?? 0,
          subscriptions: changeHub?.stats,
        },
    },
    // The manifest's operations always keep their own label.
    { maxRoutes: MAX_ROUTES, pinnedOperations: manifest && operationNamesOf(manifest.values()) },
  );
  const upstream = upstreamFromConfig(config, logger, keeps('metrics') ? metrics.upstreamCall : undefined);
  const persisted = persistedOperations({
    store:
      config.delivery.apqMaxBytes > 0
        ? (options.persistedQueryStore ??
          // With Redis, a hash registered on one instance runs on every other.
          (upstream.redis
            ? createRedisKeyValueStore(upstream.redis, {
                prefix: 'mcg:apq:',
                ttlMs: 24 * 3_600_000,
                localMaxBytes: config.delivery.apqMaxBytes,
              })
            : createMemoryPersistedQueryStore(config.delivery.apqMaxBytes)))
        : undefined,
    manifest,
    only: config.persistedOperationsOnly,
    maxPerClient: config.apqMaxPerClient,
  });
  // What `subscription { changes }` hears: the changes the feeds' poller tells (below).
  const changeHub = changeHubFromConfig(config, upstream);
  // The loaders read the @defer phase of the running resolver (src/schema/kit/field-concerns.ts).
  const requestContext = { ...contextOptions(config), phase: currentPhase, changes: changeHub };
  const plugins = gatewayPlugins({ config, keeps, logger, metrics, tracing: options.tracing, instrument: options.instrument });
  // One cache of parsed documents for both endpoints, bounded in bytes (PARSE_CACHE_MAX_BYTES).
  const parseCache = config.parseCacheMaxBytes > 0 ? createParseCache(config.parseCacheMaxBytes) : undefined;
  // The plain graph and the same graph as a federation subgraph: one set of plugins, context and
  // error handling, two endpoints.
  const serve = (graph: GraphQLSchema, endpoint: string, graphiql: boolean, ordered: GatewayPlugin[]) =>
    createYoga<RequestState, GatewayContext>({
      schema: graph,
      graphqlEndpoint: endpoint,
      // Assets inlined from the package, not Yoga's CDN: the page works offline (src/graphql/graphiql.ts).
      graphiql: graphiql ? graphiqlOptions : false,
      renderGraphiQL: renderGraphiQLPage,
      landingPage: false,
      healthCheckEndpoint: NO_YOGA_HEALTH_CHECK,
      // CORS is the HTTP front's, computed per request (cache hits included).
      cors: false,
      // Never the original error's text or stack, whatever NODE_ENV says: it may quote a request or an upstream answer.
      maskedErrors: options.yoga?.maskedErrors ?? { isDev: false },
      // The HTTP front has already read every body within limits.bodyBytes (413 otherwise); Yoga's
      // own bound would pipe each body through a second stream pipeline, the costliest step of our
      // own on the execution path (docs/performance.md).
      maxRequestBodySize: options.yoga?.maxRequestBodySize ?? false,
      batching: { limit: config.limits.batch },
      extraParamNames: PERSISTED_PARAM_NAMES,
      plugins: parseCache ? [...ordered, parseCache.dropInvalid] : ordered,
      parserAndValidationCache: parseCache?.options ?? false,
      // The request's state, as the front made it: its credentials, language, freshness and signal.
      context: (initial) => createContext(upstream, initial.request, requestContext, initial),
      logging: yogaLogger(logger),
    });
  // Every field of ours counts itself as it resolves (built in: src/schema/kit/field-concerns.ts);
  // graphql-js's introspection fields are counted too, once per process.
  countIntrospection();
  const yoga = serve(schema, '/graphql', config.graphiql, plugins.endpoint(persisted));
  // Persisted operations are the frontends' concern; a router sends its documents whole. So with
  // PERSISTED_OPERATIONS_ONLY the subgraph is served only behind SUBGRAPH_TOKEN (docs/security.md),
  // and with introspection off its `_service` SDL goes only to the router as well.
  const routerToken = config.subgraphToken;
  // PLAIN_PATH: each Yoga's plain requests past its entry (src/http/plain-path.ts).
  const plainPathOn = config.plainPath !== false;
  const plainPathOf = (served: NodeHandler) => (plainPathOn ? createPlainPath(served) : undefined);
  // Built once, on first use: the subgraph's Yoga and its plain path.
  let subgraphBuiltOnce: { yoga: NodeHandler; plain?: PlainPath } | undefined;
  const subgraphServed = () => {
    if (!subgraphBuiltOnce) {
      const subgraphYoga = serve(
        subgraphSchema(config.subgraphPrefix),
        '/subgraph',
        false,
        plugins.subgraph(!config.introspection && !routerToken),
      );
      subgraphBuiltOnce = { yoga: subgraphYoga, plain: plainPathOf(subgraphYoga) };
    }
    return subgraphBuiltOnce;
  };
  const subgraph: NodeHandler = {
    handleNodeRequestAndResponse: (request, response, context) =>
      subgraphServed().yoga.handleNodeRequestAndResponse(request, response, context),
    plain: plainPathOn ? { answer: async (...asked) => subgraphServed().plain?.answer(...asked) } : undefined,
  };
  const subgraphRoutes: Record<string, NodeHandler> = routerToken
    ? { '/subgraph': routerOnly(subgraph, routerToken) }
    : config.persistedOperationsOnly
      ? {}
      : { '/subgraph': subgraph };
  // The subgraph schema takes 0.7–1.4 s to build: built just after start, off the first requests'
  // way, and `/readiness` waits for it, so a router's first fetch never pays for it.
  const subgraphBuilt = new Promise<void>((resolve, reject) => {
    if (!subgraphRoutes['/subgraph']) return resolve();
    setImmediate(() => {
      try {
        const started = performance.now();
        subgraphServed();
        logger.info({ ms: Math.round(performance.now() - started), prefix: config.subgraphPrefix }, 'subgraph schema built');
        resolve();
      } catch (error) {
        reject(error);
      }
    });
  });
  subgraphBuilt.catch((error: unknown) => logger.error({ err: error }, 'subgraph schema failed to build'));
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
  const front = createHttpFront(yoga, {
    endpoint: '/graphql',
    // The federation subgraph: never through the whole-response cache (a router's entity fetches are POSTs of its own).
    routes: subgraphRoutes,
    maxBodyBytes: config.limits.bodyBytes,
    cors: createCorsPolicy(config.http.corsOrigins, logger),
    trustedProxies: config.http.trustedProxies,
    cache: responseCache,
    serverToken: config.catalogAccessToken,
    logger,
    maxAgeMs: config.delivery.maxAgeMs,
    compressionMinBytes: config.delivery.compressionMinBytes,
    writeTimeoutMs: config.writeTimeoutMs,
    plainPath: plainPathOf(yoga),
    onCacheHit: keeps('metrics') ? metrics.responseCacheHit : undefined,
    probes: createProbes({
      readiness: throttledReadiness(async () => {
        await subgraphBuilt;
        return upstreamCheck(upstream, config.catalogAccessToken, Math.min(config.upstreamTimeoutMs, 2_000))();
      }),
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
  return { yoga, front: { ...front, drain }, upstream, responseCache, metrics, built: subgraphBuilt };
}

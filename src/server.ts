import { getOperationAST, type GraphQLSchema } from 'graphql';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { createYoga, handleStreamOrSingleExecutionResult, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { Config } from './config.ts';
import type { Logger } from 'pino';
import { createContext, type GatewayContext } from './context.ts';
import { useClientErrors } from './errors.ts';
import { graphiqlOptions, renderGraphiQLPage } from './graphiql.ts';
import { createCorsPolicy } from './http/cors.ts';
import { withPhaseScopes } from './http/incremental.ts';
import { createHttpFront, useAnswerOutcome, type HttpFront, type ServerContext } from './http/listener.ts';
import {
  createMemoryPersistedQueryStore,
  loadManifest,
  PERSISTED_PARAM_NAMES,
  persistedOperations,
  type PersistedQueryStore,
} from './http/persisted-operations.ts';
import { createResponseCache, type ResponseCache } from './http/response-cache.ts';
import { createLogger } from './logger.ts';
import { protections } from './protections.ts';
import { schema, subgraphSchema } from './schema/index.ts';
import type { UpstreamClient } from './upstream/client.ts';
import { upstreamFromConfig } from './upstream/from-config.ts';

export interface Gateway {
  yoga: YogaServerInstance<ServerContext, GatewayContext>;
  /** The HTTP front to serve: per-request HTTP concerns and the whole-response cache, then Yoga. */
  front: HttpFront;
  upstream: UpstreamClient;
  responseCache?: ResponseCache;
}

/** One log line per executed operation: its name, duration and error codes; never its variables. */
function useRequestLog(logger: Logger): Plugin {
  return {
    onExecute: ({ args }) => {
      const started = performance.now();
      const operation = getOperationAST(args.document, args.operationName)?.name?.value ?? 'anonymous';
      // Read back by the HTTP front, so that a later cache hit logs the same name.
      (args.contextValue as Partial<ServerContext>).operations?.push(operation);
      return {
        onExecuteDone: (payload) =>
          handleStreamOrSingleExecutionResult(payload, ({ result }) => {
            const errors = (result.errors ?? []).map((error) => error.extensions?.code ?? 'UNCODED');
            logger.info({ operation, ms: Math.round(performance.now() - started), errors }, 'graphql operation');
          }),
      };
    },
  };
}

function yogaLogger(logger: Logger) {
  return {
    debug: (...args: unknown[]) => logger.debug({ yoga: args }),
    info: (...args: unknown[]) => logger.info({ yoga: args }),
    warn: (...args: unknown[]) => logger.warn({ yoga: args }),
    error: (...args: unknown[]) => logger.error({ yoga: args }),
  };
}

export interface GatewayOptions {
  /** Where automatic persisted queries are kept; default: in memory, bounded by APQ_MAX_BYTES. */
  persistedQueryStore?: PersistedQueryStore;
}

export function createGateway(
  config: Config & { catalogBaseUrl: string },
  logger: Logger = createLogger(config.logLevel),
  options: GatewayOptions = {},
): Gateway {
  const upstream = upstreamFromConfig(config, logger);
  const persisted = persistedOperations({
    store:
      config.delivery.apqMaxBytes > 0
        ? (options.persistedQueryStore ?? createMemoryPersistedQueryStore(config.delivery.apqMaxBytes))
        : undefined,
    manifest: config.persistedOperationsFile ? loadManifest(config.persistedOperationsFile) : undefined,
    only: config.persistedOperationsOnly,
  });
  // The plain graph and the same graph as a federation subgraph: one set of plugins, context and
  // error handling, two endpoints.
  const serve = (graph: GraphQLSchema, endpoint: string, graphiql: boolean, extra: Plugin[]) =>
    createYoga<ServerContext, GatewayContext>({
      schema: graph,
      graphqlEndpoint: endpoint,
      // Assets inlined from the package, not Yoga's CDN: the page works offline (src/graphiql.ts).
      graphiql: graphiql ? graphiqlOptions : false,
      renderGraphiQL: renderGraphiQLPage,
      landingPage: false,
      // CORS is the HTTP front's, computed per request (cache hits included).
      cors: false,
      // Never the original error's text or stack, whatever NODE_ENV says: it may quote a request or an upstream answer.
      maskedErrors: { isDev: false },
      maxRequestBodySize: config.limits.bodyBytes,
      batching: { limit: config.limits.batch },
      extraParamNames: PERSISTED_PARAM_NAMES,
      plugins: [...extra, ...protections(config), useClientErrors, useRequestLog(logger), useAnswerOutcome],
      context: ({ request, freshness }) =>
        createContext(
          upstream,
          request,
          {
            serverToken: config.catalogAccessToken,
            appendToResponse: config.appendToResponse,
            requestDeadlineMs: config.requestDeadlineMs,
            limits: config.limits,
            approvalBaseUrl: config.approvalBaseUrl,
          },
          freshness,
        ),
      logging: yogaLogger(logger),
    });
  const yoga = serve(withPhaseScopes(schema), '/graphql', config.graphiql, [...persisted, useDeferStream()]);
  // Persisted operations are the frontends' concern; a router sends its documents whole.
  const subgraph = serve(subgraphSchema, '/subgraph', false, []);
  // Whole responses can only be as fresh as the cached upstream answers they were built from.
  const responseCache =
    config.responseCacheMaxBytes > 0 && config.cacheMaxBytes > 0
      ? createResponseCache({ maxBytes: config.responseCacheMaxBytes, maxTtlMs: config.responseCacheMaxTtlMs })
      : undefined;
  const front = createHttpFront(yoga, {
    endpoint: '/graphql',
    // The federation subgraph: never through the whole-response cache (a router's entity fetches are POSTs of its own).
    routes: { '/subgraph': subgraph },
    maxBodyBytes: config.limits.bodyBytes,
    cors: createCorsPolicy(config.http.corsOrigins),
    cache: responseCache,
    serverToken: config.catalogAccessToken,
    logger,
    maxAgeMs: config.delivery.maxAgeMs,
    compressionMinBytes: config.delivery.compressionMinBytes,
  });
  return { yoga, front, upstream, responseCache };
}

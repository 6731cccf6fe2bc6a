import type { GraphQLSchema } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { ServerContext } from '../common/request-state.ts';
import { countIntrospection } from '../graphql/answer-size.ts';
import { createParseCache } from '../graphql/cost-report.ts';
import { graphiqlOptions, renderGraphiQLPage } from '../graphql/graphiql.ts';
import { PERSISTED_PARAM_NAMES } from '../graphql/persisted-operations.ts';
import type { GatewayPlugin } from '../graphql/plugins.ts';
import { yogaLogger } from '../graphql/observed-operation.ts';
import type { FetchHandler } from '../http/front-options.ts';
import { routerOnly } from '../http/router-only.ts';
import type { Config } from '../runtime/config.ts';
import { type ContextOptions, type GatewayContext, yogaContext } from '../schema/context.ts';
import { schema, subgraphSchema } from '../schema/index.ts';
import type { UpstreamClient } from '../upstream/client.ts';

/**
 * Yoga's health check cannot be removed, only pointed elsewhere: it answers 200 with an empty
 * body, before anything else runs, to any URL that ends in its endpoint (`/graphql?x=/health`
 * ran nothing, where the gateway's former plain path ran the query). No request URL ends in a space (the request
 * line cannot carry one; a URL writes it `%20`), so this endpoint is never matched, and only the
 * front's exact `/health` and `/readiness` answer probes.
 */
const NO_YOGA_HEALTH_CHECK = ' (off)';

export interface YogaServersInput {
  config: Config;
  logger: Logger;
  upstream: UpstreamClient;
  context: ContextOptions;
  /** The ordered plugins of each endpoint (src/graphql/plugins.ts). */
  plugins: { endpoint: GatewayPlugin[]; subgraph: GatewayPlugin[] };
  /** Yoga settings the profiler varies (GatewayOptions.yoga). */
  yoga?: { maskedErrors?: false; maxRequestBodySize?: number };
}

export interface YogaServers {
  yoga: YogaServerInstance<ServerContext, GatewayContext>;
  /** The other routes the front serves: `/subgraph`, behind the router token when one is set, or none. */
  routes: Record<string, FetchHandler>;
  /** Settles once the subgraph schema is built, just after start; rejects if it fails. */
  subgraphBuilt: Promise<void>;
}

/**
 * The graph at `/graphql` and the same graph as a federation subgraph at `/subgraph`: one set of
 * settings, context and error handling, two Yoga instances. The subgraph is built just after
 * start, off the first requests' way.
 */
export function yogaServers(input: YogaServersInput): YogaServers {
  const { config, logger, upstream, context } = input;
  // One cache of parsed documents for both endpoints, bounded in bytes (PARSE_CACHE_MAX_BYTES).
  const parseCache = config.parseCacheMaxBytes > 0 ? createParseCache(config.parseCacheMaxBytes) : undefined;
  const serve = (graph: GraphQLSchema, endpoint: string, graphiql: boolean, ordered: GatewayPlugin[]) =>
    createYoga<ServerContext, GatewayContext>({
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
      maskedErrors: input.yoga?.maskedErrors ?? { isDev: false },
      // The HTTP front has already read every body within limits.bodyBytes (413 otherwise); Yoga's
      // own bound would pipe each body through a second stream pipeline, the costliest step of our
      // own on the execution path (docs/performance.md).
      maxRequestBodySize: input.yoga?.maxRequestBodySize ?? false,
      batching: { limit: config.limits.batch },
      // No uploads (the schema has no Upload scalar), and a multipart POST is refused 415 before
      // any parser reads it (protections.ts): Yoga's multipart parser would be one more hook per request.
      multipart: false,
      extraParamNames: PERSISTED_PARAM_NAMES,
      plugins: parseCache ? [...ordered, parseCache.dropInvalid] : ordered,
      parserAndValidationCache: parseCache?.options ?? false,
      // The request's state, as the front made it: its credentials, language, freshness and signal.
      context: yogaContext(upstream, context),
      logging: yogaLogger(logger),
    });
  // Every field of ours counts itself as it resolves (built in: src/schema/kit/field-concerns.ts);
  // graphql-js's introspection fields are counted too, once per process.
  countIntrospection();
  const yoga = serve(schema, '/graphql', config.graphiql, input.plugins.endpoint);
  // Built once, on first use: the subgraph's Yoga.
  let subgraphYoga: FetchHandler | undefined;
  const subgraphServed = () => {
    subgraphYoga ??= serve(subgraphSchema(config.subgraphPrefix), '/subgraph', false, input.plugins.subgraph);
    return subgraphYoga;
  };
  const subgraph: FetchHandler = {
    get fetchAPI() {
      return subgraphServed().fetchAPI;
    },
    handleRequest: (request, context, ...more) => subgraphServed().handleRequest(request, context, ...more),
  };
  // Persisted operations are the frontends' concern; a router sends its documents whole. So with
  // PERSISTED_OPERATIONS_ONLY the subgraph is served only behind SUBGRAPH_TOKEN (docs/security.md).
  const routes: Record<string, FetchHandler> = config.subgraphToken
    ? { '/subgraph': routerOnly(subgraph, config.subgraphToken) }
    : config.persistedOperationsOnly
      ? {}
      : { '/subgraph': subgraph };
  // The subgraph schema takes 0.7–1.4 s to build: built just after start, and `/readiness` waits
  // for it, so a router's first fetch never pays for it.
  const subgraphBuilt = new Promise<void>((resolve, reject) => {
    if (!routes['/subgraph']) return resolve();
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
  return { yoga, routes, subgraphBuilt };
}

import { GraphQLError } from 'graphql';
import { createYoga, handleStreamOrSingleExecutionResult, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { Config } from './config.ts';
import type { Logger } from 'pino';
import type { RequestListener } from 'node:http';
import { createContext, type Freshness, type GatewayContext } from './context.ts';
import { createResponseCache } from './response-cache.ts';
import { createLogger } from './logger.ts';
import { protections } from './protections.ts';
import { schema } from './schema/index.ts';
import { createUpstreamClient, type UpstreamClient } from './upstream/client.ts';
import { UpstreamError } from './upstream/errors.ts';

/** What the HTTP layer hands Yoga along with each request. */
type ServerContext = { freshness?: Freshness };

export interface Gateway {
  yoga: YogaServerInstance<ServerContext, GatewayContext>;
  /** The Node request listener to serve: Yoga, behind the response cache when it is on. */
  listener: RequestListener;
  upstream: UpstreamClient;
  responseCache?: ReturnType<typeof createResponseCache>;
}

/**
 * A field error as the client sees it. Upstream failures keep our message and code. An
 * uncoded error on a field (a resolver tripping over a value, a null where the schema promises
 * one, a value of the wrong type) means the upstream sent data of an unexpected shape: it
 * becomes UPSTREAM_ERROR, and no text of the upstream's data reaches the client.
 */
function clientError(error: GraphQLError): GraphQLError {
  // graphql-js echoes a variable's rejected value, and that value may be a token or password.
  const badVariable = !error.path && /^Variable "\$(\w+)" got invalid value/.exec(error.message);
  if (badVariable) {
    return new GraphQLError(`Variable "$${badVariable[1]}" got a value of the wrong type or shape.`, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      extensions: { code: 'BAD_USER_INPUT', argument: badVariable[1] },
    });
  }
  const original = error.originalError;
  let code: string;
  let message: string;
  if (original instanceof UpstreamError) {
    code = original.code;
    message = original.message;
  } else if (error.path && error.extensions?.code === undefined && !(original instanceof GraphQLError && original.extensions?.code)) {
    code = 'UPSTREAM_ERROR';
    message = 'The catalog sent data of an unexpected shape for this field.';
  } else {
    return error;
  }
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { code },
  });
}

/**
 * Expected upstream failures become typed field errors before Yoga's masking, which then
 * only masks (and logs) what is truly unexpected.
 */
const useUpstreamErrors: Plugin = {
  onExecute: () => ({
    onExecuteDone: (payload) =>
      handleStreamOrSingleExecutionResult(payload, ({ result, setResult }) => {
        if (result.errors?.length) setResult({ ...result, errors: result.errors.map(clientError) });
      }),
  }),
};

/** One log line per executed operation: its name, duration and error codes; never its variables. */
function useRequestLog(logger: Logger): Plugin {
  return {
    onExecute: ({ args }) => {
      const started = performance.now();
      const operation = args.operationName ?? 'anonymous';
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

export function createGateway(config: Config & { catalogBaseUrl: string }, logger: Logger = createLogger(config.logLevel)): Gateway {
  const upstream = createUpstreamClient({
    baseUrl: config.catalogBaseUrl,
    timeoutMs: config.upstreamTimeoutMs,
    maxConnections: config.upstreamMaxConnections,
    cacheMaxBytes: config.cacheMaxBytes,
    maxBodyBytes: config.upstreamMaxBodyBytes,
    breaker: { failureThreshold: config.breakerThreshold, cooldownMs: config.breakerCooldownMs },
  });
  const yoga = createYoga<ServerContext, GatewayContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: config.graphiql ? { title: 'Media Catalog GraphQL' } : false,
    landingPage: false,
    maskedErrors: true,
    maxRequestBodySize: config.limits.bodyBytes,
    batching: { limit: config.limits.batch },
    plugins: [...protections(config), useUpstreamErrors, useRequestLog(logger)],
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
  // Whole responses can only be as fresh as the cached upstream answers they were built from.
  const responseCache =
    config.responseCacheMaxBytes > 0 && config.cacheMaxBytes > 0
      ? createResponseCache({
          maxBytes: config.responseCacheMaxBytes,
          maxTtlMs: config.responseCacheMaxTtlMs,
          maxBodyBytes: config.limits.bodyBytes,
        })
      : undefined;
  const listener: RequestListener = responseCache ? responseCache.listener(yoga, '/graphql') : yoga;
  return { yoga, listener, upstream, responseCache };
}

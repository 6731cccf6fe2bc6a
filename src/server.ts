import { GraphQLError } from 'graphql';
import { createYoga, handleStreamOrSingleExecutionResult, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { Config } from './config.ts';
import { createContext, type GatewayContext } from './context.ts';
import { schema } from './schema/index.ts';
import { createUpstreamClient, type UpstreamClient } from './upstream/client.ts';
import { UpstreamError } from './upstream/errors.ts';

export interface Gateway {
  yoga: YogaServerInstance<Record<string, unknown>, GatewayContext>;
  upstream: UpstreamClient;
}

/** An upstream failure, as the client sees it: our message and code, on the field's path. */
function clientError(error: GraphQLError): GraphQLError {
  if (!(error.originalError instanceof UpstreamError)) return error;
  return new GraphQLError(error.originalError.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { code: error.originalError.code },
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
        if (result.errors?.some((error) => error.originalError instanceof UpstreamError)) {
          setResult({ ...result, errors: result.errors.map(clientError) });
        }
      }),
  }),
};

export function createGateway(config: Config & { catalogBaseUrl: string }): Gateway {
  const upstream = createUpstreamClient({
    baseUrl: config.catalogBaseUrl,
    timeoutMs: config.upstreamTimeoutMs,
    maxConnections: config.upstreamMaxConnections,
    cacheMaxBytes: config.cacheMaxBytes,
  });
  const yoga = createYoga<Record<string, unknown>, GatewayContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: config.graphiql ? { title: 'Media Catalog GraphQL' } : false,
    landingPage: false,
    maskedErrors: true,
    plugins: [useUpstreamErrors],
    context: ({ request }) =>
      createContext(upstream, request, {
        serverToken: config.catalogAccessToken,
        appendToResponse: config.appendToResponse,
        requestDeadlineMs: config.requestDeadlineMs,
      }),
    logging: 'warn',
  });
  return { yoga, upstream };
}

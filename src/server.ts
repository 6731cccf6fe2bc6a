import { GraphQLError } from 'graphql';
import { createYoga, maskError, type YogaServerInstance } from 'graphql-yoga';
import type { Config } from './config.ts';
import { createContext, type GatewayContext } from './context.ts';
import { schema } from './schema/index.ts';
import { createUpstreamClient, type UpstreamClient } from './upstream/client.ts';
import { UpstreamError } from './upstream/errors.ts';

export interface Gateway {
  yoga: YogaServerInstance<Record<string, unknown>, GatewayContext>;
  upstream: UpstreamClient;
}

/**
 * An upstream failure becomes an error on the field that needed it, with its code; anything
 * else unexpected is masked by Yoga so internals never reach a client.
 */
function maskUpstreamErrors(error: unknown, message: string, isDev?: boolean): Error {
  if (error instanceof GraphQLError && error.originalError instanceof UpstreamError) {
    return new GraphQLError(error.originalError.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      extensions: { code: error.originalError.code },
    });
  }
  return maskError(error, message, isDev);
}

export function createGateway(config: Config & { catalogBaseUrl: string }): Gateway {
  const upstream = createUpstreamClient({ baseUrl: config.catalogBaseUrl, timeoutMs: config.upstreamTimeoutMs });
  const yoga = createYoga<Record<string, unknown>, GatewayContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: config.graphiql ? { title: 'Media Catalog GraphQL' } : false,
    landingPage: false,
    maskedErrors: { maskError: maskUpstreamErrors, isDev: false },
    context: ({ request }) => createContext(upstream, request, config.catalogAccessToken),
    logging: 'warn',
  });
  return { yoga, upstream };
}

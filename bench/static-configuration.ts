/**
 * Query (a) served from a static object, no upstream: the schema of the floors (bare graphql-yoga,
 * graphql-js, graphql-jit). The object is the upstream's configuration in the gateway's names (the
 * JSON in STATIC_CONFIGURATION, as the upstream sent it; else the embedded catalog's), so that a
 * floor answers (a) with the same bytes as the gateway and the bench can check it.
 */
import { CONFIGURATION } from '@media-catalog/catalog/data/configuration';
import { createSchema } from 'graphql-yoga';

const upstream: typeof CONFIGURATION = process.env.STATIC_CONFIGURATION ? JSON.parse(process.env.STATIC_CONFIGURATION) : CONFIGURATION;

export const STATIC_CONFIGURATION = {
  changeKeys: upstream.change_keys,
  images: { secureBaseUrl: upstream.images.secure_base_url, posterSizes: upstream.images.poster_sizes },
};

export const staticConfigurationSchema = createSchema({
  typeDefs: `type Query { configuration: Configuration! }
    type Configuration { changeKeys: [String!]! images: Images! }
    type Images { secureBaseUrl: String! posterSizes: [String!]! }`,
  resolvers: { Query: { configuration: () => STATIC_CONFIGURATION } },
});

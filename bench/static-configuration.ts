/**
 * Query (a) served from a static object, no upstream: the schema of the floors (bare graphql-yoga,
 * graphql-js, graphql-jit). The object is the catalog's own configuration in the gateway's names,
 * so that a floor answers (a) with the same bytes as the gateway and the bench can check it.
 */
import { CONFIGURATION } from '@media-catalog/catalog/data/configuration';
import { createSchema } from 'graphql-yoga';

export const STATIC_CONFIGURATION = {
  changeKeys: CONFIGURATION.change_keys,
  images: { secureBaseUrl: CONFIGURATION.images.secure_base_url, posterSizes: CONFIGURATION.images.poster_sizes },
};

export const staticConfigurationSchema = createSchema({
  typeDefs: `type Query { configuration: Configuration! }
    type Configuration { changeKeys: [String!]! images: Images! }
    type Images { secureBaseUrl: String! posterSizes: [String!]! }`,
  resolvers: { Query: { configuration: () => STATIC_CONFIGURATION } },
});

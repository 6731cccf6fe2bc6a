/**
 * The framework's own ceiling for query (a): graphql-yoga with default settings serving the same
 * selection from a static object, no upstream, no plugins. The bench runs it in a child process
 * like the gateway, so the two figures compare like for like.
 */
import { createSchema, createYoga } from 'graphql-yoga';
import { serveAsChild } from './child-server.ts';

const configuration = {
  changeKeys: ['adult', 'air_date', 'also_known_as', 'alternative_titles', 'biography', 'birthday', 'budget', 'cast'],
  images: { secureBaseUrl: 'https://image.tmdb.org/t/p/', posterSizes: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'] },
};

const yoga = createYoga({
  schema: createSchema({
    typeDefs: `type Query { configuration: Configuration! }
      type Configuration { changeKeys: [String!]! images: Images! }
      type Images { secureBaseUrl: String! posterSizes: [String!]! }`,
    resolvers: { Query: { configuration: () => configuration } },
  }),
  logging: false,
  landingPage: false,
  graphiql: false,
});

serveAsChild(yoga, 'bare yoga');

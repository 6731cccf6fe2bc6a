/**
 * The framework's ceiling for the execution-path figure: graphql-yoga with default settings
 * serving `movie(id)` with the selection from a static object, no upstream, no plugins
 * (bench/bare-yoga.ts does the same for `configuration`).
 */
import { createSchema, createYoga } from 'graphql-yoga';
import { serveAsChild } from '../child-server.ts';

const movie = {
  title: 'The North Star',
  overview: 'A lighthouse keeper finds a map of the northern sky that does not match the stars above her island.',
  releaseDate: '2019-06-13',
  runtime: 121,
  voteAverage: 7.4,
  voteCount: 1843,
  genres: [
    { id: 18, name: 'Drama' },
    { id: 9648, name: 'Mystery' },
  ],
};

const yoga = createYoga({
  schema: createSchema({
    typeDefs: `type Query { movie(id: Int!): Movie }
      type Movie { id: Int! title: String! overview: String! releaseDate: String runtime: Int
        voteAverage: Float! voteCount: Int! genres: [Genre!]! }
      type Genre { id: Int! name: String! }`,
    resolvers: { Query: { movie: (_: unknown, args: { id: number }) => ({ id: args.id, ...movie }) } },
  }),
  logging: false,
  landingPage: false,
  graphiql: false,
});

serveAsChild(yoga, 'bare yoga');

/**
 * The floor of any gateway built on graphql-yoga: bare Yoga (default settings, no plugin, no
 * cache) whose resolvers make the upstream calls the gateway would make and read the fields
 * straight from their JSON (bench/profile/proxy-schema.ts). No front, no DataLoader, no merger, no
 * limits: what it costs over proxy-floor.ts is Yoga itself. The cold-overhead figure of the gateway
 * cannot go below this one's.
 */
import { createSchema, createYoga } from 'graphql-yoga';
import { serveAsChild } from '../child-server.ts';
import { resolvers, typeDefs } from './proxy-schema.ts';

const yoga = createYoga({
  schema: createSchema({ typeDefs, resolvers }),
  logging: false,
  landingPage: false,
  graphiql: false,
});

serveAsChild(yoga, 'yoga proxy');

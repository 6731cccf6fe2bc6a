/**
 * The framework's own ceiling for query (a): graphql-yoga with default settings serving the same
 * selection from a static object, no upstream, no plugins. The bench runs it in a child process
 * like the gateway, so the two figures compare like for like.
 */
import { createYoga } from 'graphql-yoga';
import { serveAsChild } from './child-server.ts';
import { staticConfigurationSchema } from './static-configuration.ts';

const yoga = createYoga({
  schema: staticConfigurationSchema,
  logging: false,
  landingPage: false,
  graphiql: false,
});

serveAsChild(yoga, 'bare yoga');

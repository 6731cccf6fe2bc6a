import type { CodegenConfig } from '@graphql-codegen/cli';
import * as clientCache from './codegen/client-cache.ts';

/**
 * `npm run codegen` reads the gateway's schema and writes, under src/:
 * - gql/: a typed document for every `graphql(...)` operation in src/ (graphql-codegen's client preset);
 * - client-cache.ts: the cache identity of every type for Apollo Client and urql's graphcache.
 * The schema comes from the running gateway (introspection is on unless NODE_ENV=production) or
 * from a file: GATEWAY_SCHEMA=./schema.graphql, a copy of the gateway's schema/schema.graphql.
 */
const config: CodegenConfig = {
  schema: process.env.GATEWAY_SCHEMA ?? 'http://localhost:4000/graphql',
  generates: {
    'src/gql/': {
      preset: 'client',
      documents: ['src/**/*.ts', '!src/gql/**', '!src/client-cache.ts'],
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { JSON: 'unknown', Date: 'string', DateTime: 'string' },
        importExtension: '.ts',
      },
    },
    'src/client-cache.ts': { plugins: ['client-cache'] },
  },
  // The cache plugin is the TypeScript module imported above; every other name loads as usual.
  pluginLoader: (name) => (name === '@graphql-codegen/client-cache' ? Promise.resolve(clientCache) : import(name)),
  silent: true,
};

export default config;

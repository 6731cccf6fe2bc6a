import type { CodegenConfig } from '@graphql-codegen/cli';
import { printSchema } from 'graphql';
import * as clientCache from './starter/codegen/client-cache.ts';
import * as configurationDoc from './codegen/configuration-doc.ts';
import * as subgraphSdl from './codegen/subgraph.ts';
import { formatGenerated } from './codegen/format.ts';
import { schema } from './src/schema/index.ts';

/**
 * `npm run codegen` writes, from the code-first schema:
 * - schema/schema.graphql, the file clients and stitching tools read;
 * - schema/subgraph.graphql, the Apollo Federation v2 subgraph SDL (local plugin codegen/subgraph.ts);
 * - schema/client-cache.ts, the cache identity of every type for Apollo and urql (local plugin
 *   starter/codegen/client-cache.ts, which an app's codegen runs too);
 * - examples/gql/, typed documents for the operations of examples/ (client preset);
 * - docs/configuration.md, from the settings declared in src/runtime/config/ (local plugin
 *   codegen/configuration-doc.ts).
 * Tests fail when any of them drifts from the code (test/schema/, test/clients/, test/config.test.ts).
 */
const config: CodegenConfig = {
  schema: printSchema(schema),
  generates: {
    'schema/schema.graphql': {
      plugins: ['schema-ast'],
      config: { includeDirectives: true, sort: true },
    },
    'schema/subgraph.graphql': {
      plugins: ['subgraph-sdl'],
    },
    'schema/client-cache.ts': {
      plugins: ['client-cache'],
    },
    'docs/configuration.md': {
      plugins: ['configuration-doc'],
    },
    'examples/gql/': {
      preset: 'client',
      documents: ['examples/**/*.ts', '!examples/gql/**'],
      // Plain typed documents: the examples read whole results, no fragment masking to unwrap.
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        // Types for the operations (and the schema's enums and inputs) only, not all 130 types.
        onlyOperationTypes: true,
        scalars: { JSON: 'unknown', Date: 'string', DateTime: 'string' },
        enumsAsTypes: true,
        // Relative imports with their extension, as NodeNext resolution wants them.
        importExtension: '.ts',
      },
    },
  },
  // The local plugins are TypeScript modules imported above (codegen's own loader would look
  // for a package); every other name loads as usual.
  pluginLoader: (name) => {
    if (name === '@graphql-codegen/client-cache') return Promise.resolve(clientCache);
    if (name === '@graphql-codegen/subgraph-sdl') return Promise.resolve(subgraphSdl);
    if (name === '@graphql-codegen/configuration-doc') return Promise.resolve(configurationDoc);
    return import(name);
  },
  // Generated TypeScript in the project's style, so `biome check .` passes on it as written.
  hooks: { beforeOneFileWrite: [formatGenerated] },
  silent: true,
};

export default config;

import type { CodegenConfig } from '@graphql-codegen/cli';
import { printSchema } from 'graphql';
import { schema } from './src/schema/index.ts';

/**
 * Prints the code-first schema to schema/schema.graphql, the file clients, federation and
 * stitching tools read. test/schema.test.ts fails when the committed file drifts from the code.
 */
const config: CodegenConfig = {
  schema: printSchema(schema),
  generates: {
    'schema/schema.graphql': {
      plugins: ['schema-ast'],
      config: { includeDirectives: true, sort: true },
    },
  },
  silent: true,
};

export default config;

import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  // Vite would pick graphql's ESM build while Pothos and Yoga load its CommonJS build from
  // node_modules; two copies of graphql cannot share one schema. Point everyone at one.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    // The catalog package's own tests too: `npm test` stays the one command that runs everything.
    include: ['test/**/*.test.ts', 'packages/catalog/test/**/*.test.ts'],
    // Finds or unpacks the programs from outside npm once per run (test/outside-programs.ts).
    globalSetup: ['test/outside-programs.setup.ts'],
    // One module graph per worker, shared by the files it runs, instead of a fresh one per
    // file: loading the gateway (graphql, Yoga, Pothos, the schema) cost each of the 80-odd files
    // about 2 s of CPU, a third of the suite on a 2-core machine. A file that changes global
    // state undoes it (test/production/tracing.test.ts); Apollo Client's development flag, read
    // once when it loads, is set for every file before any loads it (test/clients/apollo-dev.ts).
    isolate: false,
    setupFiles: ['test/clients/apollo-dev.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});

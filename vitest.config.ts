import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  // Vite would pick graphql's ESM build while Pothos and Yoga load its CommonJS build from
  // node_modules; two copies of graphql cannot share one schema. Point everyone at one.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    include: ['test/**/*.test.ts'],
    // Finds or unpacks the programs from outside npm once per run (test/outside-programs.ts).
    globalSetup: ['test/outside-programs.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});

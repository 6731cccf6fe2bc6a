import { defineConfig } from 'vitest/config';

// The catalog's own tests, run on their own by `npm test` in this folder (or
// `npm test -w @media-catalog/catalog` from the gateway); the gateway's suite includes them too.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});

import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:quick`, the edit-test loop: one or two suites per domain of the graph, the
 * schema's own checks, the HTTP front, merging, secrets and one real client, about a fifth of the
 * files. Left to `npm test`: the suites that need programs from outside npm, start child
 * processes, wait on purpose (deadlines, retries, rate budgets, probes) or send thousands of
 * requests, and the exhaustive ones (every spec operation, every contract example).
 */
const QUICK = [
  'test/config.test.ts',
  'test/schema/*.test.ts',
  'test/movie/movies.test.ts',
  'test/movie/lists-and-search.test.ts',
  'test/tv/series.test.ts',
  'test/tv/episodes.test.ts',
  'test/person/credits.test.ts',
  'test/account/account.test.ts',
  'test/auth/auth.test.ts',
  'test/review/reviews.test.ts',
  'test/discover/movies.test.ts',
  'test/company/companies.test.ts',
  'test/collection/keywords.test.ts',
  'test/reference/reference.test.ts',
  'test/relay/node.test.ts',
  'test/entity/batch.test.ts',
  'test/http/front.test.ts',
  'test/upstream/merging.test.ts',
  'test/fleet/budget-clock.test.ts',
  'test/upstream/cache-clock.test.ts',
  'test/upstream/retry-clock.test.ts',
  'test/security/secrets.test.ts',
  'test/clients/urql.test.ts',
];

export default defineConfig({
  ...base,
  test: { ...base.test, include: QUICK, globalSetup: [] },
});

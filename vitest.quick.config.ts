import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:quick`, the edit-test loop: the graph, the upstream client, HTTP delivery and
 * the clients, without the suites that need programs from outside npm or start child processes,
 * and without those that spend their time waiting on purpose (timeouts, rate limits, probes'
 * intervals) or sending thousands of requests. `npm test` runs everything.
 */
const SLOW = [
  // Outside programs (test/outside-programs.ts) and the proof that they skip cleanly.
  'test/browser/**',
  'test/fleet/**',
  'test/delivery/varnish.test.ts',
  'test/outside-programs.test.ts',
  // Child processes: the gateway started as `npm start` and as the built dist/, relay-compiler.
  'test/http/process.test.ts',
  'test/production/build.test.ts',
  'test/relay/compiler.test.ts',
  'test/delivery/relay-persisted.test.ts',
  // 10,000 hostile requests.
  'test/security/fuzz.test.ts',
  // Waiting is what they test: deadlines, retries, circuits, rate budgets, readiness intervals.
  'test/upstream/fault-matrix.test.ts',
  'test/upstream/errors.test.ts',
  'test/upstream/rate-budget.test.ts',
  'test/production/probes.test.ts',
];

export default defineConfig({
  ...base,
  test: { ...base.test, exclude: [...configDefaults.exclude, ...SLOW], globalSetup: [] },
});

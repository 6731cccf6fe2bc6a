import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';
import { capturingLogger } from '../log-lines.ts';

/**
 * Issue 42, item 9: a document registered through APQ with an operation name of 30,000
 * characters made each later GET by its hash (224 bytes) write a log line of 30,203 characters,
 * whole-response cache hits included. A log line now names an operation as `/metrics` labels it:
 * a name of at most 64 characters, else `anonymous`.
 */
const { logger, lines } = capturingLogger();
let h: Harness;

beforeAll(async () => {
  // The whole-response cache needs the upstream HTTP cache.
  h = await startHarness({ logger, config: { cacheMaxBytes: 32 * 1024 * 1024 } });
});
afterAll(() => h?.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('operation names in log lines', () => {
  it('a 30,000-character name registered by APQ: every later GET by its hash, cache hits included, logs a short line', async () => {
    const movie = h.catalog.data.movies[0]!;
    const name = `Q${'x'.repeat(29_999)}`;
    const document = `query ${name} { movie(id: ${movie.id}) { id: databaseId title } }`;
    const persistedQuery = { version: 1, sha256Hash: sha256(document) };
    const register = await fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: document, extensions: { persistedQuery } }),
    });
    expect(register.status).toBe(200);

    const from = lines.length;
    const byHash = `${h.url}?extensions=${encodeURIComponent(JSON.stringify({ persistedQuery }))}`;
    for (let i = 0; i < 3; i++) {
      const response = await fetch(byHash);
      expect((await response.json()).data.movie.id).toBe(movie.id);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    const logged = lines.slice(from).filter((line) => line.msg === 'graphql operation');
    expect(logged).toHaveLength(3);
    // At least one of them answered from the whole-response cache.
    expect(logged.some((line) => line.cached === true)).toBe(true);
    for (const line of logged) {
      expect(line.operation).toBe('anonymous');
      expect(JSON.stringify(line).length).toBeLessThan(400);
    }
  });

  it('a name of 64 characters is kept whole', async () => {
    const name = `N${'y'.repeat(63)}`;
    await h.query(`query ${name} { __typename }`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.some((line) => line.msg === 'graphql operation' && line.operation === name)).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalog, type RunningCatalog } from '@media-catalog/catalog';
import { postQuery } from '../helpers.ts';
import { startAsNpmStart, type StartedProcess } from '../http/gateway-process.ts';
import { mostReviewedMovies, reviewsQuery, startWordyUpstream, type WordyUpstream } from '../http/wordy-upstream.ts';

/**
 * Issue 31, item 1: one legal query killed the process. 333 ids (cost 999 of 1,000) with 30
 * aliases of each review's text made about 135 M characters of answer, and `npm start`'s heap
 * of 192 MB ran out ("JavaScript heap out of memory", exit 134): another user's request in
 * flight was reset, and the gateway refused connections. The gateway here is started exactly as
 * `npm start` starts it (its Node flags read from package.json), so the heap limit is real.
 */
let catalog: RunningCatalog;
let upstream: WordyUpstream;
let gateway: StartedProcess;
let url: string;

beforeAll(async () => {
  catalog = await startCatalog();
  // Reviews of 2,000 characters, as many of the real service's are.
  upstream = await startWordyUpstream(catalog, 2_000);
  gateway = startAsNpmStart({ CATALOG_BASE_URL: upstream.baseUrl, CATALOG_ACCESS_TOKEN: catalog.demoToken, LOG_LEVEL: 'silent' });
  url = await gateway.url;
});
afterAll(async () => {
  gateway.kill('SIGKILL');
  await upstream.close();
  await catalog.close();
});

describe('MAX_RESPONSE_BYTES', () => {
  it('stops the largest legal answer with RESPONSE_TOO_LARGE; the process stays up, and another request in flight completes', async () => {
    const ids = mostReviewedMovies(catalog, 333);
    const attack = reviewsQuery(ids, 30);
    // Another user's request, held upstream for 4 s: in flight while the attack's answer is built.
    const victimId = catalog.data.movies.find((movie) => !ids.includes(movie.id))!.id;
    catalog.setFaults([{ path: `^/movie/${victimId}$`, latencyMs: 4_000 }]);
    const victim = postQuery(url, `{ movie(id: ${victimId}) { id: databaseId title runtime } }`);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const answer = await postQuery(url, attack);
    expect(answer.cost).toMatchObject({ estimated: 999, limit: 1000 });
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors).toEqual([
      {
        message: 'The answer grew past the limit of 16777216 bytes and was stopped; ask for fewer items or fields (pages, ids, aliases).',
        extensions: { code: 'RESPONSE_TOO_LARGE', limit: 'responseBytes', max: 16_777_216 },
      },
    ]);
    // Stopped while it was built: its few hundred characters, never the 135 M.
    expect(answer.text.length).toBeLessThan(1_000);

    const victimAnswer = await victim;
    expect(victimAnswer.status).toBe(200);
    expect(victimAnswer.body).toEqual({ data: { movie: { id: victimId, title: expect.any(String), runtime: expect.any(Number) } } });
    catalog.setFaults([]);

    // Three more at once: each stops, and the gateway still answers.
    const again = await Promise.all([1, 2, 3].map(() => postQuery(url, attack)));
    for (const one of again) expect(one.body.errors?.[0]?.extensions?.code).toBe('RESPONSE_TOO_LARGE');
    const after = await postQuery(url, '{ configuration { changeKeys } }');
    expect(after.body.data.configuration.changeKeys.length).toBeGreaterThan(0);
    expect(
      await Promise.race([gateway.exit.then(() => 'exited'), new Promise((resolve) => setTimeout(() => resolve('running'), 200))]),
    ).toBe('running');
  }, 60_000);
});

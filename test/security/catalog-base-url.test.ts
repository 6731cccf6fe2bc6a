import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalog, type RunningCatalog } from '@media-catalog/catalog';
import { postQuery } from '../helpers.ts';
import { startAsNpmStart } from '../http/gateway-process.ts';

/**
 * Issue 42, item 12: the settings refused a CATALOG_BASE_URL with a query or a fragment, but read
 * them from the parsed URL, where a lone `?` or `#` is empty: the gateway started, and every call
 * went to the bare version path (`…/3?/movie/550`). Any `?` or `#` is now refused at start, as
 * `npm start` starts it.
 */
let catalog: RunningCatalog;

beforeAll(async () => {
  catalog = await startCatalog();
});
afterAll(() => catalog?.close());

/** How a start with this base URL ends: its exit and what it wrote, or `started` when it served. */
async function startWith(baseUrl: string): Promise<{ code: number | null; stderr: string } | 'started'> {
  const gateway = startAsNpmStart({ CATALOG_BASE_URL: baseUrl, CATALOG_ACCESS_TOKEN: catalog.demoToken, LOG_LEVEL: 'silent' });
  const outcome = await Promise.race([
    gateway.exit,
    gateway.url.then(
      () => 'started' as const,
      () => gateway.exit,
    ),
  ]);
  if (outcome === 'started') gateway.kill('SIGKILL');
  return outcome;
}

describe('CATALOG_BASE_URL', () => {
  it.each(['?', '#', '/?', '?#', '?api_key=x'])(
    'with %s after the path: the start is refused in one line',
    async (marker) => {
      const outcome = await startWith(`${catalog.baseUrl}${marker}`);
      expect(outcome).toMatchObject({ code: 1 });
      expect((outcome as { stderr: string }).stderr.trim()).toBe(
        'Invalid configuration: CATALOG_BASE_URL must not carry a query, fragment or credentials',
      );
    },
    20_000,
  );

  it('without one the gateway starts and answers from the catalog', async () => {
    const gateway = startAsNpmStart({ CATALOG_BASE_URL: catalog.baseUrl, CATALOG_ACCESS_TOKEN: catalog.demoToken, LOG_LEVEL: 'silent' });
    try {
      const movie = catalog.data.movies[0]!;
      const answer = await postQuery(await gateway.url, `{ movie(id: ${movie.id}) { title } }`);
      expect(answer.body).toEqual({ data: { movie: { title: movie.title } } });
    } finally {
      gateway.kill('SIGKILL');
    }
  }, 20_000);
});

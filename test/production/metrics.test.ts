import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserSession, startHarness, type Harness } from '../helpers.ts';

/** /metrics in Prometheus' text format, scraped over real HTTP after real traffic. */

let h: Harness;
let base: string;
beforeAll(async () => {
  h = await startHarness({ config: { cacheMaxBytes: 1024 * 1024, appendToResponse: true } });
  base = h.url.replace(/\/graphql$/, '');
});
afterAll(() => h.close());

async function scrape() {
  const response = await fetch(`${base}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** Sample lines: `name{labels} value`. */
function samples(text: string): string[] {
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

function value(text: string, series: string): number {
  const line = samples(text).find((sample) => sample.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics', () => {
  it('counts operations, errors by code, upstream calls by route template, cache hits and circuit state', async () => {
    const movie = h.catalog.data.movies[0]!;
    const session = await createUserSession(h);
    await h.query(`query MoviePage { movie(id: ${movie.id}) { title credits { cast { character } } } }`);
    await h.query(`query MoviePage { movie(id: ${movie.id}) { title credits { cast { character } } } }`); // response cache hit
    await h.query('query Missing { movie(id: 2000000000) { title } }');
    await h.query('query Mine { viewer { username } }', undefined, { 'x-session-id': session });
    await h.query('{ nope }');
    const text = await scrape();

    expect(value(text, 'gateway_graphql_request_duration_seconds_count{operationName="MoviePage",operationType="query"}')).toBe(1);
    expect(value(text, 'gateway_graphql_errors_total{code="NOT_FOUND"}')).toBe(1);
    expect(value(text, 'gateway_graphql_errors_total{code="GRAPHQL_VALIDATION_FAILED"}')).toBe(1);
    expect(value(text, 'gateway_response_cache_hits_total')).toBe(1);
    expect(value(text, 'gateway_upstream_calls_total{route="/movie/{id}",method="GET",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'gateway_upstream_calls_total{route="/movie/{id}",method="GET",status="404"}')).toBe(1);
    expect(value(text, 'gateway_upstream_call_duration_seconds_count{route="/movie/{id}"}')).toBeGreaterThanOrEqual(2);
    expect(value(text, 'gateway_upstream_circuit_state{circuit="host"}')).toBe(0);
    expect(text).toMatch(/^gateway_http_cache_events\{event="miss"\} [1-9]/m);
    expect(text).toMatch(/^gateway_upstream_in_flight 0$/m);
    expect(text).toMatch(/^gateway_upstream_queued 0$/m);

    // No label value holds a credential, a session or a raw id.
    expect(text).not.toContain(h.catalog.demoToken);
    expect(text).not.toContain(session);
    expect(text).not.toContain(`/movie/${movie.id}`);
    expect(text).not.toContain('2000000000');
  });

  it('keeps series bounded: 200 distinct operation names leave fewer than 2,000 series', async () => {
    const before = samples(await scrape()).length;
    for (let i = 0; i < 200; i++) await h.query(`query Op${i} { movieGenres { id: databaseId } }`);
    const text = await scrape();
    const after = samples(text);
    expect(after.length).toBeLessThan(2_000);
    expect(text).toContain('operationName="other"');
    // Each name past the cap adds nothing; the first hundred add one histogram each.
    expect(after.length - before).toBeLessThan(100 * 10);
  });

  it('junk names cannot squat the labels: after 200 names sent once each, an operation used again gets its own', async () => {
    for (let i = 0; i < 200; i++) await h.query(`query Junk${i} { movieGenres { id: databaseId } }`);
    // Each time a distinct body, so the whole-response cache answers none of them.
    for (let i = 0; i < 3; i++) await h.query(`query GenresForTheMenu { movieGenres { id: databaseId } } # ${i}`);
    const text = await scrape();
    expect(text).toContain('operationName="GenresForTheMenu"');
    const labels = new Set([...text.matchAll(/operationName="([^"]+)"/g)].map((match) => match[1]));
    // Still bounded: at most 100 names, plus anonymous and other.
    expect(labels.size).toBeLessThanOrEqual(102);
  });
});

/**
 * The embedded catalog over real HTTP: the error model, caching headers, paging,
 * append_to_response, the session flow, and that the generated data is deterministic.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '../src/data/dates.ts';
import { generateCatalog, generateCatalogContent } from '../src/data/catalog.ts';
import { startCatalog, type RunningCatalog } from '../src/server.ts';

let catalog: RunningCatalog;

beforeAll(async () => {
  catalog = await startCatalog();
});
afterAll(() => catalog.close());
beforeEach(() => catalog.resetCalls());

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function call(path: string, init: RequestInit & { token?: string | null } = {}): Promise<Answer> {
  const { token = catalog.demoToken, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token !== null) headers.set('authorization', `Bearer ${token}`);
  const response = await fetch(`${catalog.baseUrl}${path}`, { ...rest, headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const error = (status_code: number, status_message: string) => ({ status_code, status_message, success: false });
const NOT_FOUND = error(34, 'The resource you requested could not be found.');
const INVALID_PARAMETERS = error(5, 'Invalid parameters: Your request parameters are incorrect.');
const AUTHENTICATION_FAILED = error(3, 'Authentication failed: You do not have permissions to access the service.');

async function newSession(): Promise<string> {
  const { body } = await call('/authentication/token/new');
  catalog.approveRequestToken(body.request_token);
  const created = await call('/authentication/session/new', {
    method: 'POST',
    body: JSON.stringify({ request_token: body.request_token }),
  });
  expect(created.body.success).toBe(true);
  return created.body.session_id;
}

describe('authentication of every /3 request', () => {
  it.each([null, 'wrong-token'])('answers 401 code 7 with Cache-Control public, max-age=300 (token %s)', async (token) => {
    const answer = await call('/configuration', { token });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(error(7, 'Invalid API key: You must be granted a valid key.'));
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    expect(catalog.calls).toEqual([{ method: 'GET', path: '/configuration', query: {}, status: 401 }]);
  });
});

describe('errors', () => {
  it.each(['/movie/999999999', '/movie/abc', '/movie/12%2F3', '/no/such/route', '/tv/1/season/x', '/review/nope'])(
    '404 code 34 without Cache-Control for %s',
    async (path) => {
      const answer = await call(path);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(NOT_FOUND);
      expect(answer.headers.get('cache-control')).toBeNull();
    },
  );

  it.each(['0', '501', 'abc', '1.5', ''])('400 code 22 for page=%s', async (page) => {
    const answer = await call(`/movie/upcoming?page=${page}`);
    expect(answer.status).toBe(400);
    expect(answer.body.status_code).toBe(22);
  });

  it('400 code 23 for a malformed date, 422 code 20 for a range over 14 days', async () => {
    const id = catalog.data.movies[0].id;
    const bad = await call(`/movie/${id}/changes?start_date=2026-02-30`);
    expect([bad.status, bad.body]).toEqual([400, error(23, 'Invalid date: Format needs to be YYYY-MM-DD.')]);
    const long = await call(`/movie/${id}/changes?start_date=2026-09-01&end_date=2026-10-01`);
    expect([long.status, long.body.status_code]).toEqual([422, 20]);
  });

  it.each(['/trending/tv/month', '/search/company', '/search/company?query=%20'])('422 code 5 for %s', async (path) => {
    const answer = await call(path);
    expect([answer.status, answer.body]).toEqual([422, INVALID_PARAMETERS]);
  });

  it('405 code 42 for a method the path does not support, 400 code 47 for a bad JSON body', async () => {
    const put = await call('/configuration', { method: 'PUT' });
    expect([put.status, put.body.status_code]).toEqual([405, 42]);
    const bad = await call('/authentication/session/new', { method: 'POST', body: '{not json' });
    expect([bad.status, bad.body]).toEqual([400, error(47, 'The input is not valid.')]);
  });
});

describe('caching headers', () => {
  it('sends a weak ETag and answers a matching If-None-Match with 304 and no body', async () => {
    const path = `/movie/${catalog.data.movies[1].id}`;
    const first = await call(path);
    expect(first.headers.get('content-type')).toBe('application/json;charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('public, max-age=14400');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]+"$/);
    const again = await call(path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(catalog.calls.map((c) => c.status)).toEqual([200, 304]);
  });

  it('marks session-dependent answers private, without ETag', async () => {
    const session = await newSession();
    const answer = await call(`/account/${catalog.data.account.id}?session_id=${session}`);
    expect(answer.body).toEqual(catalog.data.account);
    expect(answer.headers.get('cache-control')).toBe('private, max-age=0');
    expect(answer.headers.get('etag')).toBeNull();
  });
});

describe('paging', () => {
  it('upcoming: 20 per page, honest totals, dates window, empty page past the end', async () => {
    const { today } = catalog.data;
    const maximum = addDays(today, 30);
    const expected = catalog.data.movies.filter((m) => m.release_date >= today && m.release_date <= maximum);
    const first = await call('/movie/upcoming');
    expect(first.body.dates).toEqual({ maximum, minimum: today });
    expect(first.body.total_results).toBe(expected.length);
    expect(first.body.total_pages).toBe(Math.ceil(expected.length / 20));
    expect(first.body.total_pages).toBeGreaterThan(2);
    expect(first.body.results).toHaveLength(20);
    const past = await call(`/movie/upcoming?page=${first.body.total_pages + 1}`);
    expect(past.body).toMatchObject({ results: [], total_results: expected.length });
  });

  it('trending tv orders day and week differently', async () => {
    const day = await call('/trending/tv/day');
    const week = await call('/trending/tv/week');
    expect(day.body.total_results).toBe(catalog.data.tvSeries.length);
    expect(day.body.results.map((s: any) => s.id)).not.toEqual(week.body.results.map((s: any) => s.id));
    expect(day.body.results[0].media_type).toBe('tv');
  });
});

describe('append_to_response', () => {
  it('adds each sub-resource under its own name, as served standalone minus the id', async () => {
    const movie = catalog.data.movies.find((m) => (catalog.data.listsOfMovie.get(m.id) ?? []).length > 0)!;
    const names = 'images,alternative_titles,reviews,lists,changes,not_a_thing';
    const answer = await call(`/movie/${movie.id}?append_to_response=${names}&include_image_language=en,null`);
    expect(Object.keys(answer.body)).toEqual([...Object.keys(movie), 'images', 'alternative_titles', 'reviews', 'lists', 'changes']);
    const { id, ...images } = (await call(`/movie/${movie.id}/images?include_image_language=en,null`)).body;
    expect(id).toBe(movie.id);
    expect(answer.body.images).toEqual(images);
    expect(answer.body.lists.total_results).toBe(catalog.data.listsOfMovie.get(movie.id)!.length);
    expect(catalog.calls.filter((c) => c.path === `/movie/${movie.id}`)).toHaveLength(1);
  });

  it('nests seasons and episodes of a series, and refuses more than 20 items', async () => {
    const series = catalog.data.tvSeries[0];
    const answer = await call(`/tv/${series.id}?append_to_response=season/1,season/1/episode/1,season/99`);
    expect(answer.body['season/1'].id).toBe(catalog.data.seasons.get(series.id)!.find((s) => s.season_number === 1)!.id);
    expect(answer.body['season/1/episode/1'].episode_number).toBe(1);
    expect(answer.body).not.toHaveProperty('season/99');
    const many = Array.from({ length: 21 }, (_, i) => `season/${i}`).join(',');
    const refused = await call(`/tv/${series.id}?append_to_response=${many}`);
    expect([refused.status, refused.body.status_code]).toEqual([400, 27]);
  });
});

describe('the session flow', () => {
  it('token → approval → session → rated movies in both orders', async () => {
    const { body: token } = await call('/authentication/token/new');
    expect(token.expires_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    const early = await call('/authentication/session/new', {
      method: 'POST',
      body: JSON.stringify({ request_token: token.request_token }),
    });
    expect([early.status, early.body.status_code]).toEqual([422, 41]);

    const page = await fetch(`${catalog.baseUrl.replace(/\/3$/, '')}/authenticate/${token.request_token}`);
    expect(page.status).toBe(200);
    const created = await call('/authentication/session/new', {
      method: 'POST',
      body: JSON.stringify({ request_token: token.request_token }),
    });
    expect(created.headers.get('cache-control')).toBe('public, max-age=0');
    const session = created.body.session_id;

    const { account, ratedMovies } = catalog.data;
    const asc = await call(`/account/${account.id}/rated/movies?session_id=${session}`);
    expect(asc.body.total_results).toBe(ratedMovies.length);
    expect(asc.body.results.map((r: any) => [r.id, r.rating])).toEqual(ratedMovies.slice(0, 20).map((r) => [r.movie_id, r.rating]));
    const desc = await call(`/account/${account.id}/rated/movies?session_id=${session}&sort_by=created_at.desc&page=1`);
    expect(desc.body.results[0].id).toBe(ratedMovies.at(-1)!.movie_id);
    const badSort = await call(`/account/${account.id}/rated/movies?session_id=${session}&sort_by=rating.asc`);
    expect(badSort.body.status_code).toBe(5);

    expect((await call(`/account/${account.id}/rated/movies`)).body).toEqual(AUTHENTICATION_FAILED);
    expect((await call(`/account/${account.id + 1}?session_id=${session}`)).body).toEqual(AUTHENTICATION_FAILED);
    const deleted = await call('/authentication/session', { method: 'DELETE', body: JSON.stringify({ session_id: session }) });
    expect(deleted.body).toEqual({ success: true });
    expect((await call(`/account/${account.id}?session_id=${session}`)).status).toBe(401);
  });

  it('episode account_states: the account state with a session, 401 code 3 without', async () => {
    const session = await newSession();
    const [episodeId, state] = [...catalog.data.episodeAccountStates].find(([, s]) => s.rated !== false)!;
    const season = [...catalog.data.seasons.values()].flat().find((s) => s.episodes.some((e) => e.id === episodeId))!;
    const episode = season.episodes.find((e) => e.id === episodeId)!;
    const path = `/tv/${episode.show_id}/season/${season.season_number}/episode/${episode.episode_number}/account_states`;
    expect((await call(`${path}?session_id=${session}`)).body).toEqual({ id: episodeId, ...state });
    expect((await call(path)).body).toEqual(AUTHENTICATION_FAILED);
  });
});

describe('the call log and latency', () => {
  it('records path without /3 and the query as a plain object', async () => {
    await call('/search/company?query=north&page=2');
    expect(catalog.calls).toEqual([{ method: 'GET', path: '/search/company', query: { query: 'north', page: '2' }, status: 200 }]);
  });

  it('delays every response by latencyMs', async () => {
    const slow = await startCatalog({ latencyMs: 120 });
    try {
      const started = performance.now();
      await fetch(`${slow.baseUrl}/configuration`);
      expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    } finally {
      await slow.close();
    }
  });
});

describe('the generated data', () => {
  it('is the same on every generation', () => {
    // generateCatalog shares the content generated at the process's first catalog start: a fresh
    // generation equals it, so generating is deterministic and nothing since wrote into it.
    const { ratings, accountMedia, userLists, episodeAccountStates, ...shared } = generateCatalog();
    expect(generateCatalogContent()).toEqual(shared);
    expect({ ratings, accountMedia, userLists, episodeAccountStates }).toEqual(catalogStores());
  });

  function catalogStores() {
    const { ratings, accountMedia, userLists, episodeAccountStates } = generateCatalog();
    return { ratings, accountMedia, userLists, episodeAccountStates };
  }

  it('shares the read-only content between catalogs, frozen, and gives each catalog its own stores', () => {
    const [first, second] = [generateCatalog(), generateCatalog()];
    expect(second.movies).toBe(first.movies);
    expect(Object.isFrozen(first.movies[0])).toBe(true);
    expect(() => {
      (first.movies as { title: string }[])[0]!.title = 'changed';
    }).toThrow(TypeError);
    expect(second.ratings).not.toBe(first.ratings);
    expect(second.userLists).not.toBe(first.userLists);
    expect(second.accountMedia).not.toBe(first.accountMedia);
    expect(second.episodeAccountStates).not.toBe(first.episodeAccountStates);
    const [movieId] = first.accountMedia.ids('favorite', 'movie');
    first.accountMedia.put('favorite', 'movie', movieId!, false);
    expect(second.accountMedia.has('favorite', 'movie', movieId!)).toBe(true);
  });

  it('has the promised sizes and consistent references', () => {
    const data = catalog.data;
    expect(data.movies.length).toBeGreaterThanOrEqual(1000);
    expect(data.tvSeries.length).toBeGreaterThanOrEqual(200);
    expect(data.companies.length).toBeGreaterThanOrEqual(100);
    const companyIds = new Set(data.companies.map((c) => c.id));
    expect(data.movies.every((m) => m.production_companies.every((c) => companyIds.has(c.id)))).toBe(true);
    const episodeIds = [...data.seasons.values()].flat().flatMap((s) => s.episodes.map((e) => e.id));
    expect(new Set(episodeIds).size).toBe(episodeIds.length);
    expect(data.reviews.every((r) => /^[0-9a-f]{24}$/.test(r.id))).toBe(true);
  });
});

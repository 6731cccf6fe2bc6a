import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes, startHarness, type Harness } from '../helpers.ts';
import * as expected from '../expected.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

describe('Relay global ids', () => {
  it('refetches every kind of node by its id with the same fields', async () => {
    const data = h.catalog.data;
    let movie = data.movies[0]!;
    for (const candidate of data.movies.slice(0, 50)) {
      if ((await h.rest(`/movie/${candidate.id}/reviews`)).results.length > 0) {
        movie = candidate;
        break;
      }
    }
    const series = data.tvSeries.find((s) =>
      (data.seasons.get(s.id) ?? []).some((season) => season.season_number === 1 && season.episodes.length >= 2),
    )!;
    const { body } = await h.query(`{
      movie(id: ${movie.id}) { id title }
      tvSeries(id: ${series.id}) { id name season(number: 1) { id name episode(number: 2) { id name } } }
      person(id: ${(await h.rest('/person/popular')).results[0].id}) { id name }
      company(id: ${data.companies[0].id}) { id name }
      movieReviews: movie(id: ${movie.id}) { id reviews { id edges { id node { id databaseId content } } } }
    }`);
    expect(body.errors).toBeUndefined();
    const known: Array<[string, any]> = [
      ['Movie', body.data.movie],
      ['TVSeries', body.data.tvSeries],
      ['Season', body.data.tvSeries.season],
      ['Episode', body.data.tvSeries.season.episode],
      ['Person', body.data.person],
      ['Company', body.data.company],
      ['Review', expected.nodes(body.data.movieReviews.reviews)[0]],
    ];
    for (const [typename, object] of known) {
      const { id, ...rest } = object;
      const scalars = Object.fromEntries(Object.entries(rest).filter(([, v]) => typeof v !== 'object'));
      const again = await h.query(
        `query($id: ID!) { node(id: $id) { __typename id ... on ${typename} { ${Object.keys(scalars).join(' ')} } } }`,
        { id },
      );
      expect(again.body.errors).toBeUndefined();
      expect(again.body.data.node).toEqual({ __typename: typename, id, ...scalars });
    }
  });

  it('answers nodes in the order asked, with null and NOT_FOUND at the index of an unknown one, through the loaders', async () => {
    const movies = h.catalog.data.movies.slice(0, 3);
    const ids = await Promise.all(movies.map(async (m) => (await h.query(`{ movie(id: ${m.id}) { id } }`)).body.data.movie.id));
    const missing = Buffer.from('Movie:999999').toString('base64url');
    h.catalog.resetCalls();
    const { body } = await h.query('query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Movie { databaseId id title } } }', {
      ids: [ids[2], missing, ids[0], ids[1], ids[0]],
    });
    expect(body.data.nodes.map((n: any) => n?.databaseId ?? null)).toEqual([
      movies[2]!.id,
      null,
      movies[0]!.id,
      movies[1]!.id,
      movies[0]!.id,
    ]);
    expect(body.errors!.map((e: any) => [e.extensions.code, e.path[1]])).toEqual([['NOT_FOUND', 1]]);
    // One detail call per distinct movie: the duplicate id is served by the same loader.
    expect(h.callsTo(/^\/movie\/\d+$/)).toBe(4);
  });

  it('refuses a malformed or foreign id and more than 100 ids with BAD_USER_INPUT, before any upstream call', async () => {
    for (const id of [
      'not base64!',
      Buffer.from('Planet:1').toString('base64url'),
      Buffer.from('Movie:abc').toString('base64url'),
      Buffer.from('Movie:').toString('base64url'),
    ]) {
      const { body } = await h.query('query($id: ID!) { node(id: $id) { id } }', { id });
      expect(errorCodes({ body } as any)).toEqual(['BAD_USER_INPUT']);
    }
    const many = await h.query('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: Array(101).fill('x') });
    expect(errorCodes(many)).toEqual(['BAD_USER_INPUT']);
    expect(many.body.errors![0].message).toContain('100');
    expect(h.catalog.calls).toEqual([]);
  });
});

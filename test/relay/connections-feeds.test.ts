/**
 * The last paged lists as Relay cursor connections (issue 33, item 3, "any other list the service
 * pages"): the change feeds, what a guest session rated and a person's tagged images. Over real
 * HTTP against the gateway: the same items as the catalog's pages, forward and backward, and a
 * cursor taken only by the field that gave it out.
 */
import { guestRater } from '@media-catalog/catalog/data/ratings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, type Harness, startHarness } from '../helpers.ts';

let h: Harness;
let guest: Record<string, string>;
let guestSessionId: string;
let person: number;

beforeAll(async () => {
  h = await startHarness();
  const created = await h.query('mutation { createGuestSession { guestSession { guestSessionId } } }');
  guestSessionId = created.body.data.createGuestSession.guestSession.guestSessionId;
  guest = { 'x-guest-session-id': guestSessionId };
  // What the rating routes do when this guest rates (they share data.ratings).
  const { data } = h.catalog;
  const episodes = [...data.seasons.values()].flat().flatMap((season) => season.episodes);
  for (let i = 0; i < 4; i++) {
    data.ratings.rate('movie', data.movies[i]!.id, guestRater(guestSessionId), 5 + i);
    data.ratings.rate('tv', data.tvSeries[i]!.id, guestRater(guestSessionId), 5 + i);
    data.ratings.rate('episode', episodes[i]!.id, guestRater(guestSessionId), 5 + i);
  }
  // The person in most credits has the most tagged images (one per credited work's images).
  const byCredits = [...data.credits.people.entries()].sort(
    ([, a], [, b]) => b.movieCast.length + b.tvCast.length - (a.movieCast.length + a.tvCast.length),
  );
  person = byCredits[0]![0];
});
afterAll(() => h.close());

const WINDOW = '{ totalCount edges { cursor node { id: databaseId } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }';

describe('The change feeds, a guest’s ratings and tagged images as connections', () => {
  it('answers each as its catalog page, then the next window and the one before', async () => {
    const cases: Array<[string, string, string, (node: any) => unknown, Record<string, string>?]> = [
      [`changes { c: movies($args) ${WINDOW} }`, '/movie/changes', 'changes.c', (n) => n.id],
      [`changes { c: tvSeries($args) ${WINDOW} }`, '/tv/changes', 'changes.c', (n) => n.id],
      [`changes { c: people($args) ${WINDOW} }`, '/person/changes', 'changes.c', (n) => n.id],
      [`person(id: ${person}) { c: taggedImages($args) ${WINDOW} }`, `/person/${person}/tagged_images`, 'person.c', (n) => n.id],
      ...(['movies', 'TVSeries', 'episodes'] as const).map(
        (kind): [string, string, string, (node: any) => unknown, Record<string, string>] => {
          const [field, path, item] =
            kind === 'movies'
              ? ['ratedMovies', 'movies', 'movie']
              : kind === 'TVSeries'
                ? ['ratedTVSeries', 'tv', 'tvSeries']
                : ['ratedEpisodes', 'tv/episodes', 'episode'];
          return [
            `guestSession { c: ${field}($args) ${WINDOW.replace('node { id: databaseId }', `node { ${item} { id: databaseId } }`)} }`,
            `/guest_session/${guestSessionId}/rated/${path}`,
            'guestSession.c',
            (n) => n[item].id,
            guest,
          ];
        },
      ),
    ];
    for (const [selection, rest, path, idOf, headers] of cases) {
      const page = await h.rest(rest);
      const all = page.results.map((item: any) => item.id);
      expect(all.length, rest).toBeGreaterThan(3);
      const run = async (args: string, c?: string) => {
        const { body } = await h.query(`query($c: String) { ${selection.replace('$args', args)} }`, { c }, headers);
        expect(body.errors, `${selection} ${JSON.stringify(body.errors)}`).toBeUndefined();
        return path.split('.').reduce((value: any, key) => value[key], body.data);
      };
      const one = await run('first: 2, after: $c');
      expect(
        one.edges.map((e: any) => idOf(e.node)),
        rest,
      ).toEqual(all.slice(0, 2));
      expect(one.totalCount, rest).toBe(page.total_results);
      expect(one.pageInfo, rest).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
      const two = await run('first: 2, after: $c', one.pageInfo.endCursor);
      expect(
        two.edges.map((e: any) => idOf(e.node)),
        rest,
      ).toEqual(all.slice(2, 4));
      const back = await run('last: 1, before: $c', two.pageInfo.startCursor);
      expect(
        back.edges.map((e: any) => idOf(e.node)),
        rest,
      ).toEqual(all.slice(1, 2));
    }
  });

  it('reads a change feed by the catalog’s pages of 100: a window across two pages holds the right entries', async () => {
    const [one, two] = await Promise.all([h.rest('/movie/changes?page=1'), h.rest('/movie/changes?page=2')]);
    const all = [...one.results, ...two.results].map((item: any) => item.id);
    expect(one.results).toHaveLength(100);
    expect(two.results.length).toBeGreaterThan(2);
    const first = await h.query('{ changes { id movies(first: 98) { id pageInfo { id endCursor } } } }');
    const { body } = await h.query(
      'query($c: String) { changes { id movies(first: 4, after: $c) { id edges { id node { id: databaseId } } } } }',
      {
        c: first.body.data.changes.movies.pageInfo.endCursor,
      },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.changes.movies.edges.map((e: any) => e.node.id)).toEqual(all.slice(98, 102));
  });

  it('refuses a cursor of another connection', async () => {
    const movies = await h.query('{ changes { id movies(first: 1) { id pageInfo { id endCursor } } } }');
    const cursor = movies.body.data.changes.movies.pageInfo.endCursor;
    for (const query of [
      'query($c: String) { changes { id people(first: 1, after: $c) { id totalCount } } }',
      `query($c: String) { person(id: ${person}) { id taggedImages(first: 1, after: $c) { id totalCount } } }`,
      'query($c: String) { guestSession { id ratedMovies(first: 1, after: $c) { id totalCount } } }',
    ]) {
      const response = await h.query(query, { c: cursor }, guest);
      expect(errorCodes(response), query).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0].extensions?.argument, query).toBe('after');
    }
  });

  it('needs the guest session for a guest’s ratings, as the pages do, with no catalog call', async () => {
    h.catalog.resetCalls();
    const response = await h.query('{ guestSession { id ratedMovies(first: 2) { id totalCount } } }');
    expect(errorCodes(response)).toEqual(['UNAUTHENTICATED']);
    expect(h.catalog.calls).toEqual([]);
  });

  it('serves the feeds, the guest’s ratings and the tagged images under their natural names, as connections', async () => {
    const { body } = await h.query(`{
      ChangeLists: __type(name: "ChangeLists") { fields(includeDeprecated: true) { name deprecationReason type { name } } }
      GuestSessionData: __type(name: "GuestSessionData") { fields(includeDeprecated: true) { name deprecationReason type { name } } }
      Person: __type(name: "Person") { fields(includeDeprecated: true) { name deprecationReason type { name } } }
    }`);
    const field = (type: string, name: string) => body.data[type].fields.find((f: any) => f.name === name);
    const connection = { deprecationReason: null, type: { name: expect.stringMatching(/Connection$/) } };
    for (const name of ['movies', 'tvSeries', 'people']) expect(field('ChangeLists', name), name).toMatchObject(connection);
    for (const name of ['ratedMovies', 'ratedTVSeries', 'ratedEpisodes'])
      expect(field('GuestSessionData', name), name).toMatchObject(connection);
    expect(field('Person', 'taggedImages')).toMatchObject(connection);
  });
});

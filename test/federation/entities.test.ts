import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUserSession, postQuery, startHarness, type Harness } from '../helpers.ts';

/**
 * Issue 32, item 4: `_entities` resolves each representation on its own, over real HTTP on
 * `/subgraph` as a router sends it. A bad key or an unknown `__typename` costs only its own
 * entity (one BAD_USER_INPUT at `[_entities, i]` naming the key field); a missing entity is null
 * with one NOT_FOUND whatever was selected; `Account` is an entity; `UserList` is keyed on
 * `listId`.
 */

let h: Harness;
let subgraph: string;
beforeAll(async () => {
  h = await startHarness({ config: { cacheMaxBytes: 8 * 1024 * 1024, appendToResponse: true } });
  subgraph = h.url.replace(/\/graphql$/, '/subgraph');
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const MISSING = 2_000_000_000;

type Errors = Array<{ message: string; path?: unknown[]; extensions?: Record<string, unknown> }>;

async function entities(selection: string, representations: unknown[], headers?: Record<string, string>) {
  const answer = await postQuery(
    subgraph,
    `query($r: [_Any!]!) { _entities(representations: $r) { __typename ${selection} } }`,
    { r: representations },
    headers,
  );
  return {
    data: answer.body.data?._entities as Array<Record<string, unknown> | null> | undefined,
    errors: answer.body.errors as Errors | undefined,
  };
}

/** Each error's code and path, in the order of the entities (the order of errors is no contract). */
const where = (errors: Errors | undefined) =>
  (errors ?? [])
    .map((error) => [error.extensions?.code, error.path])
    .sort((a, b) => Number((a[1] as unknown[])?.[1]) - Number((b[1] as unknown[])?.[1]));

describe('_entities, one representation at a time', () => {
  it('a bad key among 4 movies is one BAD_USER_INPUT at its index naming the field; the 3 others resolve', async () => {
    const movies = h.catalog.data.movies.slice(0, 3);
    const representations = [
      { __typename: 'Movie', databaseId: movies[0]!.id },
      { __typename: 'Movie', databaseId: 0 },
      { __typename: 'Movie', databaseId: movies[1]!.id },
      { __typename: 'Movie', databaseId: movies[2]!.id },
    ];
    const { data, errors } = await entities('... on Movie { databaseId title }', representations);
    expect(data).toEqual([
      { __typename: 'Movie', databaseId: movies[0]!.id, title: movies[0]!.title },
      null,
      { __typename: 'Movie', databaseId: movies[1]!.id, title: movies[1]!.title },
      { __typename: 'Movie', databaseId: movies[2]!.id, title: movies[2]!.title },
    ]);
    expect(where(errors)).toEqual([['BAD_USER_INPUT', ['_entities', 1]]]);
    expect(errors?.[0]?.extensions).toMatchObject({ argument: 'representations', field: 'databaseId' });
    expect(errors?.[0]?.message).toMatch(/"representations".*1.*"databaseId".*positive 32-bit integer, got 0/);
    // The bad key never reached the catalog; the good ones did, one call each.
    expect(h.catalog.calls).toHaveLength(3);
  });

  it('names the field of a nested key and says what a string key was, without echoing it', async () => {
    const series = h.catalog.data.tvSeries[0]!;
    const { data, errors } = await entities('... on Season { seasonNumber } ... on Episode { episodeNumber } ... on Review { author }', [
      { __typename: 'Season', series: { databaseId: 'x1' }, seasonNumber: 1 },
      { __typename: 'Episode', series: { databaseId: series.id }, seasonNumber: 1, episodeNumber: -3 },
      { __typename: 'Review', databaseId: 42 },
      { __typename: 'Season', series: { databaseId: series.id }, seasonNumber: 1 },
    ]);
    expect(data?.slice(0, 3)).toEqual([null, null, null]);
    expect(data?.[3]).toEqual({ __typename: 'Season', seasonNumber: 1 });
    expect(where(errors)).toEqual([
      ['BAD_USER_INPUT', ['_entities', 0]],
      ['BAD_USER_INPUT', ['_entities', 1]],
      ['BAD_USER_INPUT', ['_entities', 2]],
    ]);
    expect(errors?.map((error) => error.extensions?.field)).toEqual(['series.databaseId', 'episodeNumber', 'databaseId']);
    expect(errors?.[0]?.message).toMatch(/got a string/);
    expect(errors?.[0]?.message).not.toMatch(/x1|NaN/);
  });

  it('an unknown or non-entity __typename is one BAD_USER_INPUT at its index; the others resolve', async () => {
    const movie = h.catalog.data.movies[5]!;
    const { data, errors } = await entities('... on Movie { title }', [
      { __typename: 'Spaceship', id: 1 },
      { __typename: 'Movie', databaseId: movie.id },
      { __typename: 'RatedMovie', rating: 5 },
      { id: 3 },
      'Movie',
    ]);
    expect(data).toEqual([null, { __typename: 'Movie', title: movie.title }, null, null, null]);
    expect(where(errors)).toEqual([
      ['BAD_USER_INPUT', ['_entities', 0]],
      ['BAD_USER_INPUT', ['_entities', 2]],
      ['BAD_USER_INPUT', ['_entities', 3]],
      ['BAD_USER_INPUT', ['_entities', 4]],
    ]);
    for (const error of errors ?? []) expect(error.extensions).toMatchObject({ argument: 'representations', field: '__typename' });
    expect(errors?.[0]?.message).toMatch(/"__typename".*Movie/);
  });

  const selections = [
    ['the key alone', '... on Movie { databaseId }'],
    ['its global id', '... on Movie { id }'],
    ['nullable fields only', '... on Movie { overview voteAverage }'],
    ['a sub-resource only', '... on Movie { credits { cast { character } } }'],
    ['details and sub-resources', '... on Movie { title overview credits { cast { character } } reviews { totalCount } }'],
  ];
  for (const [n, [what, selection]] of selections.entries()) {
    it(`a missing movie is null with one NOT_FOUND at its index, selecting ${what}`, async () => {
      // A movie of its own per case: the HTTP cache would answer one another case asked.
      const movie = h.catalog.data.movies[10 + n]!;
      const { data, errors } = await entities(selection!, [
        { __typename: 'Movie', databaseId: MISSING },
        { __typename: 'Movie', databaseId: movie.id },
      ]);
      expect(data?.[0]).toBeNull();
      expect(data?.[1]).not.toBeNull();
      expect(where(errors)).toEqual([['NOT_FOUND', ['_entities', 0]]]);
      // The movie that exists still costs one merged call, the missing one one call.
      expect(h.catalog.calls).toHaveLength(2);
    });
  }

  it('Account is an entity: its id answers alone, its private fields with the session', async () => {
    const session = await createUserSession(h);
    const account = h.catalog.data.account;
    const { data, errors } = await entities('... on Account { databaseId username }', [{ __typename: 'Account', databaseId: account.id }], {
      'x-session-id': session,
    });
    expect(errors).toBeUndefined();
    expect(data).toEqual([{ __typename: 'Account', databaseId: account.id, username: account.username }]);
    const bad = await entities('... on Account { databaseId }', [{ __typename: 'Account', databaseId: 'me' }]);
    expect(where(bad.errors)).toEqual([['BAD_USER_INPUT', ['_entities', 0]]]);
  });

  it('UserList is keyed on listId: numeric and 24-hex ids are keys; the `id` key went in 1.0', async () => {
    const list = h.catalog.data.movieLists[0]!;
    const { data, errors } = await entities('... on UserList { listId name }', [
      { __typename: 'UserList', listId: String(list.id) },
      { __typename: 'UserList', id: list.id },
      { __typename: 'UserList', listId: '5a3f0c2e9251410f6b00a1b2' },
      { __typename: 'UserList', listId: '../movie/1' },
    ]);
    expect(data?.slice(0, 2)).toEqual([{ __typename: 'UserList', listId: String(list.id), name: list.name }, null]);
    // A 24-hex id is a key the catalog may hold (lists made before 2018): asked, not refused.
    expect(data?.[2]).toBeNull();
    expect(where(errors)).toEqual([
      ['BAD_USER_INPUT', ['_entities', 1]],
      ['NOT_FOUND', ['_entities', 2]],
      ['BAD_USER_INPUT', ['_entities', 3]],
    ]);
    for (const index of [1, 3]) expect(errors?.find((error) => error.path?.[1] === index)?.extensions?.field).toBe('listId');
  });
});

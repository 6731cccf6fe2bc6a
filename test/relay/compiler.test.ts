/**
 * The real relay-compiler over the example Relay files in test/relay/fixtures, with the config a Relay
 * app uses for this graph (test/relay/relay.config.json, shown in docs/frontend.md). The global id is
 * `Node.id`, Relay's convention, so the compiler needs no `schemaConfig`: it selects `id` on every
 * Node and names the variable of the `node(id:)` queries it derives from @refetchable fragments `id`.
 *
 * The artifacts go to a temporary directory; the compiled operations then run against the gateway
 * with the variables relay-runtime would send.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../helpers.ts';
import { artifact, type Compilation, compileFixtures } from './compile.ts';

let tmp: string;
let h: Harness;
let documented: Compilation;

const compile = (name: string, edit?: (config: any) => any) => compileFixtures(tmp, name, edit);

/** The variables relay-runtime sends for a request (its getOperationVariables): each one the operation declares, given or its default. */
function operationVariables(request: any, given: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(request.operation.argumentDefinitions.map((d: any) => [d.name, given[d.name] ?? d.defaultValue]));
}

function run(request: any, variables: Record<string, unknown> = {}) {
  return h.query(request.params.text, operationVariables(request, variables));
}

/**
 * What useRefetchableFragment and usePaginationFragment send: the fragment's refetch query with the
 * new variables, and the object's identifier under the variable name the fragment's metadata gives.
 */
function refetch(fragment: any, object: Record<string, unknown>, variables: Record<string, unknown>) {
  const { operation, identifierInfo } = fragment.metadata.refetch;
  const given = { ...variables };
  if (identifierInfo) given[identifierInfo.identifierQueryVariableName] = object[identifierInfo.identifierField];
  return run(operation, given);
}

function variableNames(request: any): string[] {
  return request.operation.argumentDefinitions.map((d: any) => d.name).sort();
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'relay-compiler-'));
  [documented, h] = await Promise.all([compile('documented'), startHarness()]);
});
afterAll(async () => {
  await h?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('relay-compiler with the documented config', () => {
  it('compiles the example fragments and queries, deriving node(id:) refetch and pagination queries on id', async () => {
    expect(documented.code, documented.output).toBe(0);
    expect(documented.files).toEqual([
      'MovieCardRefetchQuery.graphql.ts',
      'MovieCard_movie.graphql.ts',
      'MovieDeferredPageQuery.graphql.ts',
      'MoviePageQuery.graphql.ts',
      'MovieReviewsPaginationQuery.graphql.ts',
      'MovieReviews_movie.graphql.ts',
      'MovieScreenQuery.graphql.ts',
      'PopularMoviesPaginationQuery.graphql.ts',
      'PopularMoviesQuery.graphql.ts',
      'PopularMovies_query.graphql.ts',
    ]);

    // customScalarTypes: the Date scalar (RFC 3339, its @specifiedBy) is typed string, not any.
    const cardSource = await readFile(join(documented.artifacts, 'MovieCard_movie.graphql.ts'), 'utf8');
    expect(cardSource).toMatch(/\breleaseDate: string \| null\b/);
    expect(cardSource).not.toMatch(/\breleaseDate: any\b/);
    const card = await artifact(documented, 'MovieCard_movie');
    expect(card.metadata.refetch.identifierInfo).toEqual({ identifierField: 'id', identifierQueryVariableName: 'id' });
    expect(card.selections.filter((s: any) => s.kind === 'ScalarField').map((s: any) => s.name)).toContain('id');
    const cardRefetch = await artifact(documented, 'MovieCardRefetchQuery');
    expect(card.metadata.refetch.operation).toBe(cardRefetch);
    expect(variableNames(cardRefetch)).toEqual(['id', 'posterSize']);
    expect(cardRefetch.params.text).toMatch(/\$id: ID!/);
    expect(cardRefetch.params.text).toMatch(/node\(id: \$id\) \{[^}]*\bid\b/);

    const reviews = await artifact(documented, 'MovieReviews_movie');
    expect(reviews.metadata.connection).toEqual([{ count: 'first', cursor: 'after', direction: 'forward', path: ['reviews'] }]);
    expect(reviews.metadata.refetch.identifierInfo).toEqual({ identifierField: 'id', identifierQueryVariableName: 'id' });
    const reviewsPagination = reviews.metadata.refetch.operation;
    expect(reviewsPagination.params.name).toBe('MovieReviewsPaginationQuery');
    expect(variableNames(reviewsPagination)).toEqual(['after', 'first', 'id']);
    // The compiler adds what the connection handler needs: the edges' cursors and the page info
    // (with its `id`, as it adds to every object that has one).
    expect(reviewsPagination.params.text).toMatch(/reviews\(first: \$first, after: \$after\)/);
    expect(reviewsPagination.params.text).toMatch(/pageInfo \{\s+endCursor\s+hasNextPage\s+id\s+\}/);

    // A @refetchable fragment on Query refetches the root: no identifier.
    const popular = await artifact(documented, 'PopularMovies_query');
    expect(popular.metadata.refetch.fragmentPathInResult).toEqual([]);
    expect(popular.metadata.refetch.identifierInfo ?? null).toBeNull();
  });

  it('gives operations the gateway answers, sent with the variables relay-runtime would send', async () => {
    const counts = new Map<number, number>();
    for (const r of h.catalog.data.reviews) if (r.media_type === 'movie') counts.set(r.media_id, (counts.get(r.media_id) ?? 0) + 1);
    const movie = h.catalog.data.movies.find((m) => m.poster_path && (counts.get(m.id) ?? 0) >= 6 && (counts.get(m.id) ?? 0) <= 20)!;
    const oracle = (await h.rest(`/movie/${movie.id}/reviews`)).results.map((r: any) => ({ author: r.author, content: r.content }));
    const nodeId = (await h.query(`{ movie(id: ${movie.id}) { id } }`)).body.data.movie.id;

    // The screen, from a global id: node(id:), both Movie fragments, the first 5 reviews.
    const screen = await run(await artifact(documented, 'MovieScreenQuery'), { id: nodeId });
    expect(screen.body.errors).toBeUndefined();
    const node = screen.body.data.node;
    expect(node).toMatchObject({ __typename: 'Movie', id: nodeId, databaseId: movie.id, title: movie.title });
    expect(node.posterUrl).toContain('/w500/');
    const edges = node.reviews.edges;
    expect(edges.map((e: any) => ({ author: e.node.author, content: e.node.content }))).toEqual(oracle.slice(0, 5));
    expect(node.reviews.pageInfo).toEqual({ id: expect.any(String), endCursor: edges[4].cursor, hasNextPage: true });

    // useRefetchableFragment: the card again with a smaller poster.
    const card = await refetch(await artifact(documented, 'MovieCard_movie'), node, { posterSize: 'W92' });
    expect(card.body.errors).toBeUndefined();
    expect(card.body.data.node).toMatchObject({ id: nodeId, title: movie.title, posterUrl: node.posterUrl.replace('/w500/', '/w92/') });

    // usePaginationFragment: loadNext(3) after the second review.
    const more = await refetch(await artifact(documented, 'MovieReviews_movie'), node, { first: 3, after: edges[1].cursor });
    expect(more.body.errors).toBeUndefined();
    const next = more.body.data.node.reviews.edges;
    expect(next.map((e: any) => ({ author: e.node.author, content: e.node.content }))).toEqual(oracle.slice(2, 5));
    expect(next.map((e: any) => e.cursor)).toEqual(edges.slice(2, 5).map((e: any) => e.cursor));

    // The root connection: the query, then loadNext(3) after the seventh movie.
    const popular = await run(await artifact(documented, 'PopularMoviesQuery'));
    expect(popular.body.errors).toBeUndefined();
    const movies = popular.body.data.popularMovies.edges;
    expect(movies).toHaveLength(10);
    const page = await refetch(await artifact(documented, 'PopularMovies_query'), {}, { first: 3, after: movies[6].cursor });
    expect(page.body.errors).toBeUndefined();
    expect(page.body.data.popularMovies.edges.map((e: any) => e.node.id)).toEqual(movies.slice(7, 10).map((e: any) => e.node.id));
  });
});

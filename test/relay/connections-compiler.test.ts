/**
 * The real relay-compiler over bidirectional pagination fragments (test/relay/fixtures-connections,
 * with the documented config), then the compiled operations against the gateway with the variables
 * relay-runtime's loadNext and loadPrevious send (issue 33, items 3 and 4).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../helpers.ts';
import { artifact, type Compilation, compileFixtures } from './compile.ts';

let tmp: string;
let h: Harness;
let compiled: Compilation;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'relay-connections-'));
  [compiled, h] = await Promise.all([
    compileFixtures(tmp, 'connections', (config) => ({ ...config, src: './fixtures-connections' })),
    startHarness(),
  ]);
});
afterAll(async () => {
  await h?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** The variables relay-runtime sends: each one the operation declares, given or its default. */
function run(request: any, given: Record<string, unknown>) {
  const variables = Object.fromEntries(request.operation.argumentDefinitions.map((d: any) => [d.name, given[d.name] ?? d.defaultValue]));
  return h.query(request.params.text, variables);
}

/** loadNext(count) / loadPrevious(count) of a bidirectional connection: one direction set, the other null. */
const loadNext = (count: number, cursor: string) => ({ first: count, after: cursor, last: null, before: null });
const loadPrevious = (count: number, cursor: string) => ({ first: null, after: null, last: count, before: cursor });

describe('relay-compiler with bidirectional connections', () => {
  it('compiles @connection with first/after and last/before as a bidirectional connection', async () => {
    expect(compiled.code, compiled.output).toBe(0);
    const similar = await artifact(compiled, 'SimilarMovies_movie');
    expect(similar.metadata.connection).toEqual([{ count: null, cursor: null, direction: 'bidirectional', path: ['similar'] }]);
    const search = await artifact(compiled, 'SearchResults_query');
    expect(search.metadata.connection[0]).toMatchObject({ direction: 'bidirectional', path: ['search', 'multi'] });
  });

  it('pages a movie’s similar movies forward and back through node(id:)', async () => {
    const movie = h.catalog.data.movies[0]!;
    const all = (await h.rest(`/movie/${movie.id}/similar`)).results.map((m: any) => m.title);
    expect(all.length).toBeGreaterThan(8);
    const first = await run(await artifact(compiled, 'SimilarMoviesQuery'), { id: movie.id });
    expect(first.body.errors, JSON.stringify(first.body.errors)).toBeUndefined();
    const edges = first.body.data.movie.similar.edges;
    expect(edges.map((e: any) => e.node.title)).toEqual(all.slice(0, 5));

    const fragment = await artifact(compiled, 'SimilarMovies_movie');
    const pagination = fragment.metadata.refetch.operation;
    // @refetchable on a Node selects its id.
    const nodeId = first.body.data.movie.id;
    expect(nodeId).toEqual(expect.any(String));
    const next = await run(pagination, { id: nodeId, ...loadNext(3, edges[4].cursor) });
    expect(next.body.errors, JSON.stringify(next.body.errors)).toBeUndefined();
    const later = next.body.data.node.similar.edges;
    expect(later.map((e: any) => e.node.title)).toEqual(all.slice(5, 8));

    const previous = await run(pagination, { id: nodeId, ...loadPrevious(2, later[0].cursor) });
    expect(previous.body.errors, JSON.stringify(previous.body.errors)).toBeUndefined();
    expect(previous.body.data.node.similar.edges.map((e: any) => e.cursor)).toEqual(edges.slice(3, 5).map((e: any) => e.cursor));
    expect(previous.body.data.node.similar.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
  });

  it('pages a multi search forward and back from the root', async () => {
    const all = (await h.rest('/search/multi?query=the')).results.map((r: any) => r.id);
    const first = await run(await artifact(compiled, 'SearchResultsQuery'), { query: 'the' });
    expect(first.body.errors, JSON.stringify(first.body.errors)).toBeUndefined();
    const edges = first.body.data.search.multi.edges;
    expect(edges).toHaveLength(10);

    const pagination = (await artifact(compiled, 'SearchResults_query')).metadata.refetch.operation;
    const next = await run(pagination, { query: 'the', ...loadNext(5, edges[9].cursor) });
    expect(next.body.errors, JSON.stringify(next.body.errors)).toBeUndefined();
    const later = next.body.data.search.multi.edges;
    expect(later).toHaveLength(Math.min(5, all.length - 10));

    const previous = await run(pagination, { query: 'the', ...loadPrevious(4, later[0].cursor) });
    expect(previous.body.errors, JSON.stringify(previous.body.errors)).toBeUndefined();
    expect(previous.body.data.search.multi.edges.map((e: any) => e.cursor)).toEqual(edges.slice(6, 10).map((e: any) => e.cursor));
  });
});

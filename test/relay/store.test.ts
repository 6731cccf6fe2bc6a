import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOperationDescriptor, type Environment, fetchQuery, type Variables } from 'relay-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';
import { artifact, type Compilation, compileFixtures } from './compile.ts';
import { gatewayEnvironment } from './environment.ts';

/**
 * Issue 33, item 1, in a real Relay store: relay-runtime's Environment, its RecordSource and
 * Store with their defaults (records keyed by `id`), the operations compiled by the
 * real relay-compiler from test/relay/fixtures, sent over HTTP to the gateway. The French page of
 * a movie, then its English page, then a refetch of its French card by `node(id:)` (what
 * useRefetchableFragment sends): each page keeps its own title and genres. Before, both pages
 * had one global id, so the store held one record, in whichever language came last.
 */
let h: Harness;
let tmp: string;
let compiled: Compilation;
let movie: { id: number; en: string; fr: string };

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'relay-store-'));
  [compiled, h] = await Promise.all([compileFixtures(tmp, 'store'), startHarness()]);
  expect(compiled.code, compiled.output).toBe(0);
  const { movies, movieExtras } = h.catalog.data;
  const titleIn = (id: number) => movieExtras.get(id)?.translations.find((t) => t.iso_639_1 === 'fr')?.data.title;
  const found = movies.find((m) => m.original_language === 'en' && titleIn(m.id) && titleIn(m.id) !== m.title)!;
  movie = { id: found.id, en: found.title, fr: titleIn(found.id)! };
});
afterAll(async () => {
  await h?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const environment = () => gatewayEnvironment(h.url);

/** What the store holds for a query, read back as the app's component would. */
function read(env: Environment, query: any, variables: Variables) {
  return env.lookup(createOperationDescriptor(query, variables).fragment).data as any;
}

describe('a Relay store keyed by id', () => {
  it('keeps the French and the English page of one movie, and a node(id:) refetch of the French card stays French', async () => {
    const env = environment();
    const page = await artifact(compiled, 'MoviePageQuery');
    const french = { id: movie.id, language: 'fr-FR' };
    const english = { id: movie.id, language: null };
    await fetchQuery(env, page, french).toPromise();
    const frenchGenres = read(env, page, french).movie.genres;
    await fetchQuery(env, page, english).toPromise();
    const englishGenres = read(env, page, english).movie.genres;

    expect(read(env, page, french).movie.title).toBe(movie.fr);
    expect(read(env, page, english).movie.title).toBe(movie.en);
    // Each genre's id names it in its page's language: each page keeps its own genre records.
    expect(read(env, page, french).movie.genres).toEqual(frenchGenres);
    const oracle = async (language: string) =>
      (await h.rest(`/movie/${movie.id}?language=${language}`)).genres.map((g: any) => ({ name: g.name }));
    expect(frenchGenres).toEqual(await oracle('fr-FR'));
    expect(englishGenres).toEqual(await oracle('en-US'));

    const source = env.getStore().getSource();
    const movieRecords = source.getRecordIDs().filter((id) => source.get(id)?.__typename === 'Movie');
    expect(movieRecords).toHaveLength(2);

    // useRefetchableFragment on the French card: node(id: <its id>), no language given.
    const frNodeId = read(env, page, french).movie.__id;
    expect(movieRecords).toContain(frNodeId);
    const refetch = await artifact(compiled, 'MovieCardRefetchQuery');
    const refetched = await fetchQuery(env, refetch, { id: frNodeId, posterSize: 'W92' }).toPromise();
    expect(refetched).toBeDefined();
    expect(source.get(frNodeId)?.title).toBe(movie.fr);
    expect(read(env, page, french).movie.title).toBe(movie.fr);
    expect(read(env, page, english).movie.title).toBe(movie.en);
    expect(source.getRecordIDs().filter((id) => source.get(id)?.__typename === 'Movie')).toEqual(movieRecords);
  });
});

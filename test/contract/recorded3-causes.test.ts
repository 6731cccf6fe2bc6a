import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type RecordedFile, recordedSet } from './recorded.ts';
import { replayGateway } from './replay-ask.ts';
import type { Replayed } from './replay-server.ts';

/**
 * What the third set of recorded answers (recorded3/) found, and two defects of the service's 2013
 * shapes (shapes-2013/, made here: see its README), each read over HTTP through the gateway with
 * the replay upstream serving the answer.
 */
const set = recordedSet('recorded3');
const recorded = (name: string) => set.find((f) => f.file === name) as RecordedFile;
const shape2013 = (file: string, path: string): Replayed => ({
  path,
  body: JSON.parse(readFileSync(new URL(`./shapes-2013/${file}`, import.meta.url), 'utf8')) as Record<string, unknown>,
  appended: [],
});

const { ask, calls } = replayGateway(set);

describe("a series' creators carry their original name (since about 2024)", () => {
  it.each([
    ['tl-tv-1396.json', 1396],
    ['tl-tv-1668-append-videos.json', 1668],
  ])('%s: Person.originalName is the recorded one', async (name, id) => {
    const file = recorded(name);
    const body = await ask(file, `{ tvSeries(id: ${id}) { createdBy { person { id: databaseId name originalName } } } }`);
    expect(body.errors).toBeUndefined();
    const creators = file.body.created_by as Array<{ id: number; name: string; original_name: string }>;
    expect(body.data?.tvSeries.createdBy.map((c: { person: unknown }) => c.person)).toEqual(
      creators.map((c) => ({ id: c.id, name: c.name, originalName: c.original_name })),
    );
  });
});

describe('a 2013 find answer, without tv_season_results or tv_episode_results', () => {
  it('keeps the movie found, with no seasons or episodes and no other call (shapes-2013/find-tt0936501.json)', async () => {
    const body = await ask(
      shape2013('find-tt0936501.json', '/find/tt0936501'),
      '{ find(externalId: "tt0936501", source: IMDB_ID) { movies { id: databaseId title genreIds } tvSeries { id: databaseId } seasons { name } episodes { name } } }',
    );
    expect(body.errors).toBeUndefined();
    // genreIds: the 2013 summary lacks genre_ids, so null with no call, as for a series (docs/data.md).
    expect(body.data?.find).toEqual({ movies: [{ id: 8681, title: 'Taken', genreIds: null }], tvSeries: [], seasons: [], episodes: [] });
    expect(calls().map((c) => c.path)).toEqual(['/find/tt0936501']);
  });
});

describe('a 2013 page of series, without genre_ids or origin_country', () => {
  it('answers both null, with the one call of the page, as the estimate says (shapes-2013/tv-top-rated.json)', async () => {
    const page = shape2013('tv-top-rated.json', '/tv/top_rated');
    const body = await ask(page, '{ topRatedTVSeries { edges { node { id: databaseId name genreIds originCountry } } } }');
    expect(body.errors).toBeUndefined();
    const series = (page.body.results as Array<{ id: number; name: string }>).map(({ id, name }) => ({
      id,
      name,
      genreIds: null,
      originCountry: null,
    }));
    expect(body.data?.topRatedTVSeries.edges.map((e: { node: unknown }) => e.node)).toEqual(series);
    expect(calls().map((c) => c.path)).toEqual(['/tv/top_rated']);
    expect(body.extensions?.cost?.upstreamCalls).toBe(1);
    expect(body.extensions?.cost?.estimated).toBeGreaterThanOrEqual(1);
  });
});

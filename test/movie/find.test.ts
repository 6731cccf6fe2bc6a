import { describe, expect, it } from 'vitest';
import { errorCodes } from '../helpers.ts';
import { h, movieId, useMovieFixture } from './fixture.ts';

useMovieFixture();

describe('find by external id', () => {
  it('finds a movie by its IMDb id and a season by its TheTVDB id, linked to the real types', async () => {
    const movie = h.catalog.data.movies.find((m) => m.id === movieId)!;
    const [seasonId, seasonIds] = [...h.catalog.data.seasonExternalIds][0];
    const [seriesId, seasons] = [...h.catalog.data.seasons].find(([, list]) => list.some((s) => s.id === seasonId))!;
    const season = seasons.find((s) => s.id === seasonId)!;
    const { body } = await h.query(
      `query($imdb: String!, $tvdb: String!) {
        a: find(externalId: $imdb, source: IMDB_ID) { movies { id: databaseId title } tvSeries { id: databaseId } seasons { seasonNumber } episodes { id: databaseId } }
        b: find(externalId: $tvdb, source: TVDB_ID) { movies { id: databaseId } seasons { seasonNumber name series { id: databaseId } } }
      }`,
      { imdb: movie.imdb_id, tvdb: String(seasonIds.tvdb_id) },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.a).toEqual({ movies: [{ id: movie.id, title: movie.title }], tvSeries: [], seasons: [], episodes: [] });
    expect(body.data.b).toEqual({
      movies: [],
      seasons: [{ seasonNumber: season.season_number, name: season.name, series: { id: seriesId } }],
    });
    expect(h.callsTo(/^\/find\//)).toBe(2);
    expect(h.catalog.calls.find((c) => c.query.external_source === 'tvdb_id')).toBeDefined();
  });
});

describe('find across kinds', () => {
  it('finds a TV series and an episode by their TheTVDB ids, linked to TVSeries and Episode', async () => {
    const [seriesId, series] = [...h.catalog.data.tvSeriesExtras].find(([, e]) => e.externalIds.tvdb_id)!;
    const [, episode] = [...h.catalog.data.episodeExtras].find(([, e]) => e.externalIds.tvdb_id)!;
    const { body } = await h.query(
      `query($a: String!, $b: String!) {
        a: find(externalId: $a, source: TVDB_ID) { tvSeries { id: databaseId name } }
        b: find(externalId: $b, source: TVDB_ID) { episodes { seasonNumber episodeNumber series { id: databaseId } } }
      }`,
      { a: String(series.externalIds.tvdb_id), b: String(episode.externalIds.tvdb_id) },
    );
    expect(body.errors).toBeUndefined();
    const name = h.catalog.data.tvSeries.find((s) => s.id === seriesId)!.name;
    expect(body.data.a.tvSeries).toContainEqual({ id: seriesId, name });
    expect(body.data.b.episodes).toContainEqual({
      seasonNumber: episode.seasonNumber,
      episodeNumber: episode.episodeNumber,
      series: { id: episode.seriesId },
    });
  });

  it('rejects an empty external id before any call', async () => {
    const { body } = await h.query('{ find(externalId: " ", source: IMDB_ID) { movies { id: databaseId } } }');
    expect(errorCodes({ body } as any)).toEqual(['BAD_USER_INPUT']);
    expect(h.catalog.calls).toHaveLength(0);
  });
});

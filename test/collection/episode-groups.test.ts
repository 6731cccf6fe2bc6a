import { describe, expect, it } from 'vitest';
import { errorCodes } from '../helpers.ts';
import { data, h, network, seriesWithGroups, useCollectionFixture } from './fixture.ts';

useCollectionFixture();

describe('episode groups', () => {
  it('answers TVSeries.episodeGroups field by field without loading the groups', async () => {
    const id = seriesWithGroups();
    const up = await h.rest(`/tv/${id}/episode_groups`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { tvSeries(id: $id) { episodeGroups { id: databaseId name description type episodeCount groupCount network { id: databaseId name logoPath originCountry } } } }`,
      { id },
    );
    expect(body.errors).toBeUndefined();
    const TYPES = ['', 'ORIGINAL_AIR_DATE', 'ABSOLUTE', 'DVD', 'DIGITAL', 'STORY_ARC', 'PRODUCTION', 'TV'];
    expect(body.data.tvSeries.episodeGroups).toEqual(
      up.results.map((g: any) => ({
        id: g.id,
        name: g.name,
        description: g.description,
        type: TYPES[g.type],
        episodeCount: g.episode_count,
        groupCount: g.group_count,
        network: g.network && network(g.network),
      })),
    );
    // The series' details tell that it exists; no group is loaded.
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([`/tv/${id}`, `/tv/${id}/episode_groups`]);
  });

  it('answers Query.episodeGroup with groups of real episodes of the series, carrying their summary', async () => {
    const seriesId = seriesWithGroups();
    const groupId = data().episodeGroupsOfSeries.get(seriesId)![0];
    const up = await h.rest(`/tv/episode_group/${groupId}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: String!) { episodeGroup(id: $id) { id: databaseId name episodeCount groupCount
        groups { id: databaseId name order locked episodes { id: databaseId name overview airDate seasonNumber episodeNumber runtime stillPath voteAverage voteCount series { id: databaseId } } } } }`,
      { id: groupId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.episodeGroup).toEqual({
      id: up.id,
      name: up.name,
      episodeCount: up.episode_count,
      groupCount: up.group_count,
      groups: up.groups.map((g: any) => ({
        id: g.id,
        name: g.name,
        order: g.order,
        locked: g.locked,
        episodes: g.episodes.map((e: any) => ({
          id: e.id,
          name: e.name,
          overview: e.overview,
          airDate: e.air_date || null,
          seasonNumber: e.season_number,
          episodeNumber: e.episode_number,
          runtime: e.runtime,
          stillPath: e.still_path,
          voteAverage: e.vote_average,
          voteCount: e.vote_count,
          series: { id: seriesId },
        })),
      })),
    });
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/tv/episode_group/${groupId}`]);
    // Every episode is the series' own, with the same fields as in its season.
    const episodes = new Map(
      data()
        .seasons.get(seriesId)!
        .flatMap((s) => s.episodes)
        .map((e) => [e.id, e]),
    );
    const listed = up.groups.flatMap((g: any) => g.episodes);
    expect(listed.length).toBe(up.episode_count);
    for (const e of listed) {
      const own = episodes.get(e.id)!;
      expect(own).toBeDefined();
      expect([e.show_id, e.season_number, e.episode_number, e.name]).toEqual([seriesId, own.season_number, own.episode_number, own.name]);
    }
  });

  it('answers NOT_FOUND for an unknown episode group', async () => {
    const { body } = await h.query(`{ episodeGroup(id: "000000000000000000000000") { name } }`);
    expect(errorCodes({ body } as any)).toEqual(['NOT_FOUND']);
  });
});

/**
 * One rating is one field (issue 33, item 4): a rated movie's, series' and episode's rating is
 * their `accountStates { rating }`, the field `rateMovie`, `rateTVSeries` and `rateEpisode`
 * answer, so a client store holds one value; the copies on `RatedMovie`, `RatedTVSeries` and
 * `RatedEpisode`, which went stale after a write, were removed in 1.0. Over real HTTP against the gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserSession, type Harness, startHarness } from '../helpers.ts';

let h: Harness;
let sessionId: string;

beforeAll(async () => {
  h = await startHarness();
  sessionId = await createUserSession(h);
});
afterAll(() => h.close());

const user = () => ({ 'x-session-id': sessionId });

describe('one rating field', () => {
  it('the rated entries carry no rating of their own: only the work, whose accountStates hold it', async () => {
    const { body } = await h.query(`{
      RatedMovie: __type(name: "RatedMovie") { fields(includeDeprecated: true) { name } }
      RatedTVSeries: __type(name: "RatedTVSeries") { fields(includeDeprecated: true) { name } }
      RatedEpisode: __type(name: "RatedEpisode") { fields(includeDeprecated: true) { name } }
    }`);
    // Besides its `id`, the global id every object a cache keeps carries.
    const fields = (type: string) => body.data[type].fields.map((f: any) => f.name);
    expect([fields('RatedMovie'), fields('RatedTVSeries'), fields('RatedEpisode')]).toEqual([
      ['id', 'movie'],
      ['id', 'tvSeries'],
      ['id', 'episode'],
    ]);
  });

  it('the rated lists reach the one field, which holds what the writes answered', async () => {
    const { data } = h.catalog;
    const series = data.tvSeries[5]!;
    const season = [...data.seasons.get(series.id)!].find((s) => s.episodes.length > 0)!;
    const episode = season.episodes[0]!;
    const written = await h.query(
      `mutation($s: Int!, $n: Int!, $e: Int!) {
        rateTVSeries(input: { seriesId: $s, value: 7.5 }) { tvSeries { nodeId: id accountStates { rating } } }
        rateEpisode(input: { seriesId: $s, seasonNumber: $n, episodeNumber: $e, value: 3 }) { episode { nodeId: id accountStates { rating } } }
      }`,
      { s: series.id, n: season.season_number, e: episode.episode_number },
      user(),
    );
    expect(written.body.errors).toBeUndefined();
    const { tvSeries: rateTVSeries } = written.body.data.rateTVSeries;
    const { episode: rateEpisode } = written.body.data.rateEpisode;
    expect([rateTVSeries.accountStates.rating, rateEpisode.accountStates.rating]).toEqual([7.5, 3]);

    const read = await h.query(
      `query($id: Int!) { account(id: $id) {
        ratedTVSeries(sortBy: CREATED_AT_DESC, first: 5) { edges { node { tvSeries { nodeId: id accountStates { rating } } } } }
        ratedEpisodes(sortBy: CREATED_AT_DESC, first: 5) { edges { node { episode { nodeId: id accountStates { rating } } } } }
      } }`,
      { id: data.account.id },
      user(),
    );
    expect(read.body.errors).toBeUndefined();
    const { ratedTVSeries, ratedEpisodes } = read.body.data.account;
    // The same record (its nodeId) with the same one rating field as the write answered.
    expect(ratedTVSeries.edges.map((e: any) => e.node.tvSeries)).toContainEqual(rateTVSeries);
    expect(ratedEpisodes.edges.map((e: any) => e.node.episode)).toContainEqual(rateEpisode);
  });
});

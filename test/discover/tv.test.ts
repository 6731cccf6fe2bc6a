import { describe, expect, it } from 'vitest';
import { addDays } from '@media-catalog/catalog/data/dates';
import type { TvSeriesDetails } from '@media-catalog/catalog/data/tv-types';
import { errorCodes } from '../helpers.ts';
import * as expected from '../expected.ts';
import { afterPage, byPopularity, expectPage, genreIds, h, lastQuery, useDiscoverFixture } from './fixture.ts';

useDiscoverFixture();

const TV = `query($f: DiscoverTVFilter, $s: DiscoverTVSort, $after: String) {
  discover { tvSeries(filter: $f, sortBy: $s, first: 20, after: $after) { totalCount edges { node { id: databaseId name originalName firstAirDate popularity voteAverage voteCount genreIds } } } } }`;

async function discoverTv(filter: object, sortBy?: string, page?: number) {
  const response = await h.query(TV, { f: filter, s: sortBy, after: afterPage('Discover.tvSeries', page) });
  expect(response.body.errors, response.text).toBeUndefined();
  return response.body.data.discover.tvSeries;
}

describe('discover.tvSeries', () => {
  it('by network, status and type, by name', async () => {
    const data = h.catalog.data;
    const network = data.networks.find((n) => data.tvSeries.filter((s) => s.networks.some((x) => x.id === n.id)).length > 4)!;
    const onNetwork = data.tvSeries.filter((s) => s.networks.some((x) => x.id === network.id));
    const page = await discoverTv({ withNetworks: { ids: [network.id] } }, 'NAME_ASC');
    expectPage(
      page,
      [...onNetwork].sort((x, y) => x.name.localeCompare(y.name, 'en') || x.id - y.id),
    );
    expect(expected.nodes(page).map((r: any) => r.name)).toEqual(
      [...expected.nodes(page).map((r: any) => r.name)].sort((x, y) => x.localeCompare(y, 'en')),
    );

    const ended = data.tvSeries
      .filter((s) => ['Ended', 'Canceled'].includes(s.status) && ['Scripted', 'Miniseries'].includes(s.type))
      .sort(byPopularity);
    const byStatus = await discoverTv({ withStatus: ['ENDED', 'CANCELED'], withType: ['SCRIPTED', 'MINISERIES'] });
    expectPage(byStatus, ended);
    expect(lastQuery('/discover/tv')).toMatchObject({ with_status: '3|4', with_type: '4|2' });
  });

  it('by first air date and by episode air dates, newest first', async () => {
    const data = h.catalog.data;
    const from = addDays(data.today, -10 * 365);
    const firsts = data.tvSeries
      .filter((s) => s.first_air_date >= from)
      .sort((x, y) => y.first_air_date.localeCompare(x.first_air_date) || x.id - y.id);
    expectPage(await discoverTv({ firstAirDateGte: from }, 'FIRST_AIR_DATE_DESC'), firsts);

    const days = (s: TvSeriesDetails) =>
      (data.seasons.get(s.id) ?? []).filter((x) => x.season_number > 0).flatMap((x) => x.episodes.map((e) => e.air_date));
    const [a, b] = [data.today, addDays(data.today, 30)];
    const airing = data.tvSeries.filter((s) => days(s).some((d) => d >= a && d <= b)).sort(byPopularity);
    expectPage(await discoverTv({ airDateGte: a, airDateLte: b }), airing);
    expect(lastQuery('/discover/tv')).toMatchObject({ 'air_date.gte': a, 'air_date.lte': b });

    const year = Number(data.tvSeries[0].first_air_date.slice(0, 4));
    expectPage(
      await discoverTv({ firstAirDateYear: year }, 'VOTE_COUNT_DESC'),
      data.tvSeries.filter((s) => s.first_air_date.startsWith(String(year))).sort((x, y) => y.vote_count - x.vote_count || x.id - y.id),
    );
  });

  it('by genres, runtime, screened theatrically and votes', async () => {
    const data = h.catalog.data;
    const all = data.tvSeries
      .filter((s) => genreIds(s).includes(18) && !genreIds(s).includes(10764) && s.episode_run_time.some((m) => m >= 40 && m <= 60))
      .sort((x, y) => x.vote_average - y.vote_average || x.id - y.id);
    expectPage(
      await discoverTv({ withGenres: { ids: [18] }, withoutGenres: [10764], withRuntimeGte: 40, withRuntimeLte: 60 }, 'VOTE_AVERAGE_ASC'),
      all,
    );
    const screened = data.tvSeries.filter((s) => (data.screenedTheatrically.get(s.id)?.length ?? 0) > 0).sort(byPopularity);
    expectPage(await discoverTv({ screenedTheatrically: true }), screened);
  });

  it('by keywords of the series', async () => {
    const data = h.catalog.data;
    const series = data.tvSeries.find((x) => (data.tvKeywords.get(x.id)?.length ?? 0) > 0)!;
    const keyword = data.tvKeywords.get(series.id)![0].id;
    const has = (x: TvSeriesDetails) => (data.tvKeywords.get(x.id) ?? []).some((k) => k.id === keyword);
    expectPage(await discoverTv({ withKeywords: { ids: [keyword] } }), data.tvSeries.filter(has).sort(byPopularity));
    expect((await discoverTv({ withoutKeywords: [keyword] })).totalCount).toBe(data.tvSeries.filter((x) => !has(x)).length);
  });

  it('by watch providers and monetization in a region, from the series offers', async () => {
    const data = h.catalog.data;
    const [seriesId, extras] = [...data.tvSeriesExtras].find(([, x]) => Object.keys(x.watchProviders).length > 0)!;
    const region = Object.keys(extras.watchProviders)[0];
    const offers = extras.watchProviders[region];
    const provider = [...(offers.flatrate ?? []), ...(offers.free ?? []), ...(offers.ads ?? []), ...(offers.buy ?? [])][0].provider_id;
    const all = data.tvSeries
      .filter((s) => {
        const o = data.tvSeriesExtras.get(s.id)!.watchProviders[region];
        return (
          !!o && [...(o.flatrate ?? []), ...(o.free ?? []), ...(o.ads ?? []), ...(o.buy ?? [])].some((x) => x.provider_id === provider)
        );
      })
      .sort(byPopularity);
    expectPage(await discoverTv({ watchRegion: region, withWatchProviders: { ids: [provider] } }), all);
    expect(all.map((s) => s.id)).toContain(seriesId);
    const notOnIt = await discoverTv({ watchRegion: region, withoutWatchProviders: [provider] });
    expect(notOnIt.totalCount).toBe(data.tvSeries.length - all.length);
  });

  it('rejects bad filters before any call', async () => {
    for (const [filter, argument] of [
      [{ airDateGte: '2021-02-01', airDateLte: '2021-01-01' }, 'filter.airDateLte'],
      [{ withNetworks: { ids: [-3] } }, 'filter.withNetworks.ids'],
      [{ timezone: 'Europe/../../x' }, 'filter.timezone'],
      [{ withWatchMonetizationTypes: ['FREE'] }, 'filter.watchRegion'],
      [{ firstAirDateYear: 20000 }, 'filter.firstAirDateYear'],
    ] as const) {
      const response = await h.query(TV, { f: filter });
      expect(errorCodes(response), JSON.stringify(filter)).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0].extensions!.argument, JSON.stringify(filter)).toBe(argument);
    }
    const badSort = await h.query(TV, { s: 'TITLE_ASC' });
    expect(badSort.body.errors).toBeDefined();
    expect(h.catalog.calls).toEqual([]);
  });
});

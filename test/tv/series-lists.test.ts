import { describe, expect, it } from 'vitest';
import { addDays } from '@media-catalog/catalog/data/dates';
import * as expected from '../expected.ts';
import { h, SUMMARY_CONNECTION, useSeriesFixture } from './series-fixture.ts';

useSeriesFixture();

describe('Series lists', () => {
  const episodeDays = (id: number) =>
    (h.catalog.data.seasons.get(id) ?? []).filter((s) => s.season_number > 0).flatMap((s) => s.episodes.map((e) => e.air_date));

  it('airing today: every series has an episode today, and every such series is listed', async () => {
    const today = h.catalog.data.today;
    const { body } = await h.query(`{ airingTodayTVSeries { ${SUMMARY_CONNECTION} } }`);
    expect(body.errors).toBeUndefined();
    const rest = await h.rest('/tv/airing_today');
    expect(body.data.airingTodayTVSeries).toEqual(expected.connection(rest, rest.results.map(expected.tvSummary)));
    const expectedIds = h.catalog.data.tvSeries
      .filter((s) => episodeDays(s.id).includes(today))
      .map((s) => s.id)
      .sort();
    expect(expectedIds.length).toBeGreaterThan(0);
    expect(rest.results.map((r: any) => r.id).sort()).toEqual(expectedIds);
  });

  it('on the air: episodes in the next 7 days; a far-east time zone is already a day later', async () => {
    const today = h.catalog.data.today;
    const { body } = await h.query(
      `{ utc: onTheAirTVSeries { edges { node { id: databaseId popularity } } } east: onTheAirTVSeries(timezone: "Pacific/Kiritimati") { edges { node { id: databaseId } } } }`,
    );
    expect(body.errors).toBeUndefined();
    const inWindow = (from: string) =>
      h.catalog.data.tvSeries
        .filter((s) => episodeDays(s.id).some((d) => d >= from && d <= addDays(from, 6)))
        .map((s) => s.id)
        .sort();
    expect(
      expected
        .nodes(body.data.utc)
        .map((r: any) => r.id)
        .sort(),
    ).toEqual(inWindow(today));
    expect(
      expected
        .nodes(body.data.east)
        .map((r: any) => r.id)
        .sort(),
    ).toEqual(inWindow(addDays(today, 1)));
    const popularity = expected.nodes(body.data.utc).map((r: any) => r.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    // The default time zone is sent as the schema states it (`timezone: String = "UTC"`).
    expect(h.catalog.calls.map((c) => c.query.timezone).sort()).toEqual(['Pacific/Kiritimati', 'UTC']);
  });

  it('popular and top rated are really ordered, and page through the whole catalog', async () => {
    const { body } =
      await h.query(`{ popularTVSeries(${expected.pageWindow('Query.popularTVSeries', 2)}) { totalCount edges { node { id: databaseId popularity } } }
      topRatedTVSeries { totalCount edges { node { id: databaseId voteAverage voteCount } } } }`);
    expect(body.errors).toBeUndefined();
    const byPopularity = [...h.catalog.data.tvSeries].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
    expect(body.data.popularTVSeries.totalCount).toBe(h.catalog.data.tvSeries.length);
    expect(expected.nodes(body.data.popularTVSeries).map((r: any) => r.id)).toEqual(byPopularity.slice(20, 40).map((s) => s.id));
    const top = expected.nodes(body.data.topRatedTVSeries);
    expect(top.map((r: any) => r.voteAverage)).toEqual([...top.map((r: any) => r.voteAverage)].sort((a, b) => b - a));
    expect(top.every((r: any) => r.voteCount >= 100)).toBe(true);
  });

  it('latest is the series with the highest id, with its details', async () => {
    const latest = h.catalog.data.tvSeries.reduce((a, b) => (b.id > a.id ? b : a));
    const { body } = await h.query('{ latestTVSeries { id: databaseId name status numberOfSeasons } }');
    expect(body.data.latestTVSeries).toEqual({
      id: latest.id,
      name: latest.name,
      status: expected.enumName(latest.status),
      numberOfSeasons: latest.number_of_seasons,
    });
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/tv/latest']);
  });

  it('rejects a bad time zone, page or language before any call', async () => {
    for (const [query, argument] of [
      ['{ airingTodayTVSeries(timezone: "../etc") { totalCount } }', 'timezone'],
      ['{ popularTVSeries(first: 0) { totalCount } }', 'first'],
      ['{ topRatedTVSeries(language: "EN") { totalCount } }', 'language'],
    ]) {
      const response = await h.query(query);
      expect(response.body.errors![0].extensions, query).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(h.catalog.calls).toEqual([]);
  });
});

describe('Search.tvSeries', () => {
  it('matches the name and the original name, names starting with the query first', async () => {
    const foreign = h.catalog.data.tvSeries.find((s) => s.original_name !== s.name && s.original_name.length > 4)!;
    const term = foreign.original_name.slice(0, 4);
    const rest = await h.rest(`/search/tv?query=${encodeURIComponent(term)}`);
    h.catalog.resetCalls();
    const { body } = await h.query(`query($q: String!) { search { tvSeries(query: $q) { ${SUMMARY_CONNECTION} } } }`, { q: term });
    expect(body.errors).toBeUndefined();
    expect(body.data.search.tvSeries).toEqual(expected.connection(rest, rest.results.map(expected.tvSummary)));
    expect(rest.results.map((r: any) => r.id)).toContain(foreign.id);
    const lower = term.toLowerCase();
    const all = h.catalog.data.tvSeries.filter(
      (s) => s.name.toLowerCase().includes(lower) || s.original_name.toLowerCase().includes(lower),
    );
    expect(rest.total_results).toBe(all.length);
    const ranks = rest.results.map((r: any) =>
      r.name.toLowerCase().startsWith(lower) || r.original_name.toLowerCase().startsWith(lower) ? 0 : 1,
    );
    expect(ranks).toEqual([...ranks].sort());
  });

  it('filters by first air date year and by any air date year', async () => {
    // A series whose first and last air years differ, so both year filters can tell them apart.
    const series = h.catalog.data.tvSeries.find(
      (s) => s.number_of_seasons > 2 && s.name.length > 3 && s.last_air_date?.slice(0, 4) !== s.first_air_date.slice(0, 4),
    )!;
    expect(series).toBeDefined();
    const firstYear = Number(series.first_air_date.slice(0, 4));
    const word = series.name.split(' ').find((w) => w.length > 3) ?? series.name;
    const { body } = await h.query(
      `query($q: String!, $y: Int, $later: Int) { a: search { tvSeries(query: $q, firstAirDateYear: $y) { edges { node { id: databaseId firstAirDate } } } }
        b: search { tvSeries(query: $q, firstAirDateYear: $later) { edges { node { id: databaseId } } } } c: search { tvSeries(query: $q, year: $later) { edges { node { id: databaseId } } } } }`,
      { q: word, y: firstYear, later: Number(series.last_air_date.slice(0, 4)) },
    );
    expect(body.errors).toBeUndefined();
    expect(expected.nodes(body.data.a.tvSeries).every((r: any) => r.firstAirDate.startsWith(String(firstYear)))).toBe(true);
    expect(expected.nodes(body.data.a.tvSeries).map((r: any) => r.id)).toContain(series.id);
    expect(expected.nodes(body.data.b.tvSeries).map((r: any) => r.id)).not.toContain(series.id);
    expect(expected.nodes(body.data.c.tvSeries).map((r: any) => r.id)).toContain(series.id);
    const calls = h.catalog.calls.filter((c) => c.path === '/search/tv');
    expect(calls.some((c) => c.query.first_air_date_year === String(firstYear))).toBe(true);
    expect(calls.some((c) => c.query.year !== undefined)).toBe(true);
  });

  it('rejects an empty query and a bad year before any call', async () => {
    for (const [query, argument] of [
      ['{ search { tvSeries(query: "  ") { totalCount } } }', 'query'],
      ['{ search { tvSeries(query: "a", year: 99) { totalCount } } }', 'year'],
    ]) {
      const response = await h.query(query);
      expect(response.body.errors![0].extensions, query).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    }
    expect(h.catalog.calls).toEqual([]);
  });
});

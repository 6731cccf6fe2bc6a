import { describe, expect, it } from 'vitest';
import { addDays } from '@media-catalog/catalog/data/dates';
import { errorCodes } from '../helpers.ts';
import { end, h, useSeasonFixture } from './season-fixture.ts';
import * as expected from '../expected.ts';

useSeasonFixture();

describe('Query.changes', () => {
  const LIST = (field: string, link: string) =>
    `query($s: Date, $e: Date, $after: String) { changes { ${field}(startDate: $s, endDate: $e, first: 100, after: $after) { totalCount edges { node { id: databaseId adult ${link} } } } } }`;
  // The feeds are pages of 100: the second page starts after item 99.
  const PAGE_2 = (field: string) => expected.cursorAt(`ChangeLists.${field}`, 99);

  it('movies: the ids edited in the window, each with an entry in its own change log, linking to Movie', async () => {
    const window = { s: addDays(end, -3), e: end };
    const up = await h.rest(`/movie/changes?start_date=${window.s}&end_date=${window.e}&page=2`);
    h.catalog.resetCalls();
    const { body } = await h.query(LIST('movies', 'movie { id: databaseId }'), { ...window, after: PAGE_2('movies') });
    expect(body.errors).toBeUndefined();
    const page = body.data.changes.movies;
    expect(page).toMatchObject({ totalCount: up.total_results });
    expect(expected.nodes(page)).toEqual(up.results.map((r: any) => ({ id: r.id, adult: r.adult, movie: { id: r.id } })));
    expect(h.catalog.calls.map((c) => [c.path, c.query])).toEqual([
      ['/movie/changes', { start_date: window.s, end_date: window.e, page: '2' }],
    ]);
    // Consistent with the per-movie logs: every listed movie changed in the window, and no other did.
    const listed = new Set<number>();
    for (let p = 1; p <= up.total_pages; p++) {
      for (const r of (await h.rest(`/movie/changes?start_date=${window.s}&end_date=${window.e}&page=${p}`)).results) listed.add(r.id);
    }
    expect(listed.size).toBe(up.total_results);
    const unlisted = h.catalog.data.movies.filter((movie) => !listed.has(movie.id)).slice(0, 60);
    for (const id of [...listed, ...unlisted.map((movie) => movie.id)]) {
      const log = await h.rest(`/movie/${id}/changes?start_date=${window.s}&end_date=${window.e}`);
      expect(log.changes.length > 0).toBe(listed.has(id));
    }
  });

  it('movies by default: the last day, linked to the movie details', async () => {
    const up = await h.rest('/movie/changes');
    const first = up.results[0];
    const movie = await h.rest(`/movie/${first.id}`);
    h.catalog.resetCalls();
    const { body } = await h.query(LIST('movies', 'movie { title changes { key } }'), {});
    expect(body.errors).toBeUndefined();
    expect(expected.nodes(body.data.changes.movies)[0]).toMatchObject({ id: first.id, movie: { title: movie.title } });
    expect(expected.nodes(body.data.changes.movies)[0].movie.changes.length).toBeGreaterThan(0);
  });

  it('tvSeries and people: field by field, series linking to TVSeries', async () => {
    const upTv = await h.rest('/tv/changes?page=1');
    const upPeople = await h.rest('/person/changes');
    const series = await h.rest(`/tv/${upTv.results[0].id}`);
    const person = await h.rest(`/person/${upPeople.results[0].id}`);
    h.catalog.resetCalls();
    const tv = await h.query(LIST('tvSeries', 'series { id: databaseId name }'), { after: null });
    const people = await h.query(LIST('people', 'person { id: databaseId name }'), {});
    expect(tv.body.errors).toBeUndefined();
    expect(people.body.errors).toBeUndefined();
    expect(expected.nodes(tv.body.data.changes.tvSeries)[0]).toEqual({
      id: series.id,
      adult: upTv.results[0].adult,
      series: { id: series.id, name: series.name },
    });
    expect(expected.nodes(tv.body.data.changes.tvSeries).map((r: any) => r.id)).toEqual(upTv.results.map((r: any) => r.id));
    expect(people.body.data.changes.people).toEqual(
      expected.connection(
        upPeople,
        upPeople.results.map((r: any) => ({ id: r.id, adult: r.adult, person: { id: r.id, name: expect.any(String) } })),
      ),
    );
    expect(expected.nodes(people.body.data.changes.people)[0].person.name).toBe(person.name);
    // Each listed person's own change log has an entry in the same (default) window.
    const log = await h.rest(`/person/${upPeople.results[0].id}/changes`);
    expect(log.changes.length).toBeGreaterThan(0);
    // Every series listed changed in the window: itself, a season or an episode.
    const { data } = h.catalog;
    const day = (time: string) => time.slice(0, 10);
    const inDay = (changes: Array<{ item: { time: string } }> | undefined) =>
      (changes ?? []).some((c) => day(c.item.time) >= addDays(end, -1));
    for (const { id } of upTv.results) {
      const own = inDay(data.tvSeriesExtras.get(id)?.changes);
      const seasons = (data.seasons.get(id) ?? []).some(
        (s) => inDay(data.seasonExtras.get(s.id)!.changes) || s.episodes.some((e) => inDay(data.episodeExtras.get(e.id)!.changes)),
      );
      expect(own || seasons).toBe(true);
    }
  });

  it('rejects bad windows before any call', async () => {
    const bad = await h.query(LIST('people', ''), { s: '2026-02-30' });
    expect(errorCodes(bad)).toEqual(['BAD_USER_INPUT']);
    const reversed = await h.query(LIST('movies', ''), { s: '2026-10-10', e: '2026-10-01' });
    expect(errorCodes(reversed)).toEqual(['BAD_USER_INPUT']);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('a window longer than 14 days is the catalog error, on that field only', async () => {
    const { body } = await h.query(
      `{ changes { movies(startDate: "2026-09-01", endDate: "2026-10-30") { totalCount } people { totalCount } } }`,
    );
    expect(body.data.changes.movies).toBeNull();
    expect(body.data.changes.people.totalCount).toEqual(expect.any(Number));
    expect(body.errors).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import * as expected from '../expected.ts';
import { h, PERSON_DETAIL, PERSON_SUMMARY, personDetail, personSummary, usePeopleFixture } from './fixture.ts';

usePeopleFixture();

describe('lists of people', () => {
  const LIST = `${PERSON_SUMMARY} knownFor { mediaType movie { id: databaseId title } series { id: databaseId name } }`;
  const listItem = (p: any) => ({
    ...personSummary(p),
    knownFor: p.known_for.map((w: any) => ({
      mediaType: w.media_type === 'tv' ? 'TV' : 'MOVIE',
      movie: w.media_type === 'movie' ? { id: w.id, title: w.title } : null,
      series: w.media_type === 'tv' ? { id: w.id, name: w.name } : null,
    })),
  });

  it('popularPeople and latestPerson', async () => {
    const up = await h.rest('/person/popular?page=2');
    const latest = await h.rest('/person/latest');
    h.catalog.resetCalls();
    const { body } = await h.query(
      `{ popularPeople(${expected.pageWindow('Query.popularPeople', 2)}) { ${expected.CONNECTION(LIST)} } latestPerson { ${PERSON_DETAIL} } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.popularPeople).toEqual(expected.connection(up, up.results.map(listItem)));
    expect(body.data.latestPerson).toEqual(personDetail(latest));
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual(['/person/latest', '/person/popular']);
    const popularity = up.results.map((p: any) => p.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
  });

  it.each([
    ['DAY', 'day'],
    ['WEEK', 'week'],
  ])('trending.people(%s) from GET /trending/person/%s', async (window, path) => {
    const up = await h.rest(`/trending/person/${path}`);
    h.catalog.resetCalls();
    const { body } = await h.query(`{ trending { people(timeWindow: ${window}) { ${expected.CONNECTION(LIST)} } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.trending.people).toEqual(expected.connection(up, up.results.map(listItem)));
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/trending/person/${path}`]);
  });

  it('search.people matches names, best matches first, and links known works without detail calls', async () => {
    const { data } = h.catalog;
    const term = data.people.details[5].name.split(' ')[1];
    const up = await h.rest(`/search/person?query=${encodeURIComponent(term)}`);
    h.catalog.resetCalls();
    const { body } = await h.query(`query($q: String!) { search { people(query: $q) { ${expected.CONNECTION(LIST)} } } }`, { q: term });
    expect(body.errors).toBeUndefined();
    expect(body.data.search.people).toEqual(expected.connection(up, up.results.map(listItem)));
    expect(up.total_results).toBeGreaterThan(0);
    for (const p of up.results) {
      const names = [p.name, ...data.people.details.find((d) => d.id === p.id)!.also_known_as];
      expect(names.some((n) => n.toLowerCase().includes(term.toLowerCase()))).toBe(true);
    }
    const expectedIds = data.people.details
      .filter((d) => [d.name, ...d.also_known_as].some((n) => n.toLowerCase().includes(term.toLowerCase())))
      .map((d) => d.id);
    expect(up.total_results).toBe(expectedIds.length);
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/search/person']);
  });
});

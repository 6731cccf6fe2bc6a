import { describe, expect, it } from 'vitest';
import { type RecordedFile, recordedSet } from './recorded.ts';
import { replayGateway } from './replay-ask.ts';
import * as expected from '../expected.ts';

/**
 * The three causes the second set of recorded answers (recorded2/) found, each read over HTTP
 * through the gateway with the replay upstream serving the answer the real service sent.
 */
const set = recordedSet('recorded2');
const recorded = (name: string) => set.find((f) => f.file === name) as RecordedFile;

const { ask, calls } = replayGateway(set);

const TAGGED = `{ person(id: 31) { taggedImages { edges { node { mediaType
  movie { id: databaseId title } series { id: databaseId name } media { __typename ... on Movie { id: databaseId title } ... on TVSeries { id: databaseId name } } } } } } }`;

describe('tagged images of 2022: the kind is on the image, not inside media', () => {
  it('keeps the movie of each image (ch-person-31-tagged-images.json)', async () => {
    const file = recorded('ch-person-31-tagged-images.json');
    const body = await ask(file, TAGGED);
    expect(body.errors).toBeUndefined();
    const results = expected.nodes(body.data?.person.taggedImages);
    const movies = (file.body.results as Array<{ media: { id: number; title: string } }>).map((r) => r.media);
    expect(results.map((r: { movie: unknown }) => r.movie)).toEqual(movies.map(({ id, title }) => ({ id, title })));
    expect(results.map((r: { mediaType: string }) => r.mediaType)).toEqual(['MOVIE', 'MOVIE']);
    expect(results.map((r: { media: { __typename: string } }) => r.media.__typename)).toEqual(['Movie', 'Movie']);
  });

  it('reads a series image as a series, not as a movie (the same answer, its first image tagged in The Boys)', async () => {
    const file = recorded('ch-person-31-tagged-images.json');
    const [first, ...rest] = file.body.results as Array<Record<string, unknown>>;
    const series = { id: 76479, name: 'The Boys', original_name: 'The Boys', first_air_date: '2019-07-25', origin_country: ['US'] };
    const body = await ask({ ...file, body: { ...file.body, results: [{ ...first, media_type: 'tv', media: series }, ...rest] } }, TAGGED);
    expect(body.errors).toBeUndefined();
    const [image] = expected.nodes((body.data as Record<string, any>).person.taggedImages);
    expect(image).toEqual({
      mediaType: 'TV',
      movie: null,
      series: { id: 76479, name: 'The Boys' },
      media: { __typename: 'TVSeries', id: 76479, name: 'The Boys' },
    });
  });
});

describe('the 2012 configuration, which has no still_sizes', () => {
  it('keeps the configuration, with stillSizes null (pj-configuration-2012.json)', async () => {
    const file = recorded('pj-configuration-2012.json');
    const body = await ask(file, '{ configuration { changeKeys images { baseUrl posterSizes stillSizes } } }');
    expect(body.errors).toBeUndefined();
    const images = file.body.images as { base_url: string; poster_sizes: string[] };
    expect(body.data?.configuration.images).toEqual({ baseUrl: images.base_url, posterSizes: images.poster_sizes, stillSizes: null });
    expect(body.data?.configuration.changeKeys).toEqual(file.body.change_keys);
  });

  it('gives the still sizes where the service sent them (pj-configuration-2020.json)', async () => {
    const file = recorded('pj-configuration-2020.json');
    const body = await ask(file, '{ configuration { images { stillSizes } } }');
    expect(body.data?.configuration.images.stillSizes).toEqual((file.body.images as { still_sizes: string[] }).still_sizes);
  });
});

describe('find by a TVRage id (vf-find-36633.json, 2020)', () => {
  it('asks the service with external_source=tvrage_id and finds the person', async () => {
    const body = await ask(
      recorded('vf-find-36633.json'),
      '{ find(externalId: "36633", source: TVRAGE_ID) { people { id: databaseId name } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.find.people).toEqual([{ id: 21291, name: 'Conrad Pla' }]);
    expect(calls().map((c) => [c.path, c.query.external_source])).toEqual([['/find/36633', 'tvrage_id']]);
  });
});

describe('sparse summaries of 2017: no uncounted details call per item', () => {
  it('a person summary without gender or department: null, and no details call (vf-search-person-bradley-cooper.json)', async () => {
    const body = await ask(
      recorded('vf-search-person-bradley-cooper.json'),
      '{ search { people(query: "Bradley Cooper") { edges { node { id: databaseId name gender knownForDepartment popularity } } } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(expected.nodes(body.data?.search.people)).toEqual([
      { id: 51329, name: 'Bradley Cooper', gender: null, knownForDepartment: null, popularity: expect.any(Number) },
    ]);
    expect(calls().map((c) => c.path)).toEqual(['/search/person']);
    expect(body.extensions?.cost?.upstreamCalls).toBe(1);
  });

  it('a company summary without its country: null, and no details call (vf-search-company-lucasfilm.json)', async () => {
    const body = await ask(
      recorded('vf-search-company-lucasfilm.json'),
      '{ search { companies(query: "lucasfilm") { edges { node { id: databaseId logoPath originCountry } } } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(expected.nodes(body.data?.search.companies).map((c: { originCountry: unknown }) => c.originCountry)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(calls().map((c) => c.path)).toEqual(['/search/company']);
  });

  it.each([
    [
      'vf-search-collection-star-wars.json',
      '{ search { collections(query: "star wars") { edges { node { id: databaseId overview originalName } } } } }',
      7,
    ],
    [
      'vf-search-company-lucasfilm.json',
      '{ search { companies(query: "lucasfilm") { edges { node { id: databaseId description homepage } } } } }',
      4,
    ],
  ])('a field of the details on %s: the estimate announces the call per item', async (name, query, items) => {
    const body = await ask(recorded(name), query);
    // One search call and one details call per item, each item's fields sharing it.
    expect(body.extensions?.cost?.upstreamCalls).toBe(1 + items);
    expect(body.extensions?.cost?.estimated).toBeGreaterThanOrEqual(1 + items);
  });
});

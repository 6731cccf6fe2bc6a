import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExampleServer, startExampleServer } from '../contract/example-server.ts';
import { example } from '../contract/examples.ts';
import { startContractGateway } from '../contract/run.ts';
import { enumName, genderName } from '../expected.ts';
import { listen, postQuery } from '../helpers.ts';
import * as expected from '../expected.ts';

/**
 * The shape of the graph (dates, closed sets as enums, a person's credits as interfaces, the
 * details-page fields, one name per thing) against the published examples of the real service
 * (developer.themoviedb.org/openapi/tmdb-api.json, see test/contract/README.md): the gateway runs
 * over the example server, and every expectation is read from the examples, not from our code.
 * A second upstream serves the same examples with the values the real service sends for unknown
 * data ("" dates, codes added later), which must come as null or OTHER without losing the parent.
 */
let server: ExampleServer;
let gateway: Awaited<ReturnType<typeof startContractGateway>>;
const query = (text: string, variables?: Record<string, unknown>) => postQuery(gateway.url, text, variables);

beforeAll(async () => {
  server = await startExampleServer();
  gateway = await startContractGateway(server.baseUrl);
});
afterAll(async () => {
  await gateway?.close();
  await server?.close();
});

describe('dates and enums of the real answers', () => {
  it('a movie page: Date, DateTime, status, videos with their url, certification and one country of providers', async () => {
    const { body } = await query(`{ movie(id: 550) {
      releaseDate status certification(country: "US")
      releaseDates { countryCode releases { releaseDate type } }
      videos { id: databaseId site type url thumbnailUrl publishedAt key }
      watchProviders(country: "us") { countryCode link flatrate { providerName } }
      nowhere: watchProviders(country: "AQ") { countryCode } } }`);
    expect(body.errors).toBeUndefined();
    const movie = body.data.movie;
    const detail = example('movie-details');
    expect(movie.releaseDate).toBe(detail.release_date);
    expect(movie.status).toBe(enumName(detail.status));
    // The US releases of the example: two unrated premieres, then the theatrical release rated R.
    const us = example('movie-release-dates').results.find((r: any) => r.iso_3166_1 === 'US');
    expect(movie.certification).toBe(us.release_dates.find((r: any) => r.type === 3).certification);
    const usReleases = movie.releaseDates.find((c: any) => c.countryCode === 'US').releases;
    expect(usReleases.map((r: any) => r.releaseDate)).toEqual(us.release_dates.map((r: any) => r.release_date));
    const videos = example('movie-videos').results;
    expect(movie.videos).toEqual(
      videos.map((v: any) => ({
        id: v.id,
        key: v.key,
        site: 'YOUTUBE',
        type: enumName(v.type),
        url: `https://www.youtube.com/watch?v=${v.key}`,
        thumbnailUrl: `https://i.ytimg.com/vi/${v.key}/hqdefault.jpg`,
        publishedAt: v.published_at,
      })),
    );
    const offers = example('movie-watch-providers').results.US;
    expect(movie.watchProviders).toEqual({
      countryCode: 'US',
      link: offers.link,
      flatrate: (offers.flatrate ?? []).map((o: any) => ({ providerName: o.provider_name })),
    });
    expect(movie.nowhere).toBeNull();
  });

  it('a series page: status, type, air dates and the certification of one country', async () => {
    const { body } = await query(
      '{ tvSeries(id: 1399) { status type firstAirDate lastAirDate certification(country: "US") unrated: certification(country: "AQ") } }',
    );
    expect(body.errors).toBeUndefined();
    const series = example('tv-series-details');
    const rating = example('tv-series-content-ratings').results.find((r: any) => r.iso_3166_1 === 'US').rating;
    expect(body.data.tvSeries).toEqual({
      status: enumName(series.status),
      type: enumName(series.type),
      firstAirDate: series.first_air_date,
      lastAirDate: series.last_air_date,
      certification: rating,
      unrated: null,
    });
  });

  it('a person: gender as an enum, birthday as a Date, deathday null', async () => {
    const { body } = await query('{ person(id: 31) { gender birthday deathday } }');
    expect(body.errors).toBeUndefined();
    const person = example('person-details');
    expect(body.data.person).toEqual({ gender: genderName(person.gender), birthday: person.birthday, deathday: person.deathday });
  });

  it('Date arguments: the day reaches the catalog as YYYY-MM-DD; an impossible day never leaves the gateway', async () => {
    const calls = server.calls.length;
    const ok = await query('query($from: Date) { discover { movies(filter: { primaryReleaseDateGte: $from }) { totalCount } } }', {
      from: '2020-02-29',
    });
    expect(ok.body.errors).toBeUndefined();
    expect(server.calls.at(-1)?.query).toMatchObject({ 'primary_release_date.gte': '2020-02-29' });
    const bad = await query('{ discover { movies(filter: { primaryReleaseDateGte: "2021-02-29" }) { totalCount } } }');
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(server.calls.length).toBe(calls + 1);
  });
});

describe("a person's credits as movie and series credits", () => {
  it('credits: each item is its kind, with its work; sortBy orders by release date, unknown dates last', async () => {
    const { body } = await query(`{ person(id: 31) { credits(sortBy: RELEASE_DATE_DESC) {
      cast { __typename creditId character ... on PersonMovieCastCredit { order movie { id: databaseId releaseDate } } ... on PersonTVCastCredit { episodeCount series { id: databaseId firstAirDate } } }
      crew { __typename creditId job ... on PersonMovieCrewCredit { movie { id: databaseId } } ... on PersonTVCrewCredit { series { id: databaseId } } } } } }`);
    expect(body.errors).toBeUndefined();
    const credits = example('person-combined-credits');
    const { cast, crew } = body.data.person.credits;
    expect(cast).toHaveLength(credits.cast.length);
    const byId = new Map(credits.cast.map((c: any) => [c.credit_id, c]));
    for (const item of cast) {
      const source: any = byId.get(item.creditId);
      expect(item.__typename).toBe(source.media_type === 'tv' ? 'PersonTVCastCredit' : 'PersonMovieCastCredit');
      expect(item.character).toBe(source.character);
      expect((item.movie ?? item.series).id).toBe(source.id);
    }
    const days = cast.map((c: any) => c.movie?.releaseDate ?? c.series?.firstAirDate ?? null);
    const known = days.filter((d: string | null) => d !== null);
    expect(known).toEqual([...known].sort().reverse());
    expect(days.slice(known.length).every((d: string | null) => d === null)).toBe(true);
    expect(crew.map((c: any) => c.__typename).sort()).toEqual(
      credits.crew.map((c: any) => (c.media_type === 'tv' ? 'PersonTVCrewCredit' : 'PersonMovieCrewCredit')).sort(),
    );
  });

  it('sortBy POPULARITY_DESC on movieCredits; without sortBy, the catalog order', async () => {
    const { body } = await query(`{ person(id: 31) {
      popular: movieCredits(sortBy: POPULARITY_DESC) { cast { movie { popularity } } }
      plain: movieCredits { cast { creditId } } } }`);
    expect(body.errors).toBeUndefined();
    const popularity = body.data.person.popular.cast.map((c: any) => c.movie.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    expect(body.data.person.plain.cast.map((c: any) => c.creditId)).toEqual(
      example('person-movie-credits').cast.map((c: any) => c.credit_id),
    );
  });
});

describe('one name per thing', () => {
  it('trending series and company search live beside their kin only, and no root field is deprecated', async () => {
    const { body } = await query(`{
      trending { tvSeries(timeWindow: WEEK) { edges { node { id: databaseId } } } }
      search { companies(query: "lucas") { edges { node { id: databaseId } } } }
      __type(name: "Query") { fields(includeDeprecated: true) { name deprecationReason } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.trending.tvSeries.edges.length).toBeGreaterThan(0);
    expect(body.data.search.companies.edges.length).toBeGreaterThan(0);
    const names = body.data.__type.fields.map((f: any) => f.name);
    expect(names.filter((name: string) => ['trendingTVSeries', 'searchCompanies'].includes(name))).toEqual([]);
    expect(body.data.__type.fields.filter((f: any) => f.deprecationReason !== null)).toEqual([]);
  });

  it("a movie's lists are UserLists, the type the list details answer", async () => {
    const { body } = await query(
      `{ movie(id: 550) { lists { edges { node { __typename id: databaseId name languageCode listType } } } } }`,
    );
    expect(body.errors).toBeUndefined();
    const [first] = expected.nodes(body.data.movie.lists);
    const list = example('movie-lists').results[0];
    expect(first).toEqual({
      __typename: 'UserList',
      id: list.id,
      name: list.name,
      languageCode: list.iso_639_1,
      listType: list.list_type,
    });
  });

  it('includeImageLanguages is one argument name on every images field', async () => {
    const ask = async (text: string, path: RegExp) => {
      const { body } = await query(text);
      expect(body.errors).toBeUndefined();
      return server.calls.filter((c) => path.test(c.path)).at(-1)?.query;
    };
    const images = '{ posters { filePath } }';
    for (const [text, path] of [
      [`{ movie(id: 550) { images(includeImageLanguages: ["en", "null"]) ${images} } }`, /^\/3\/movie\/550\/images$/],
      [`{ tvSeries(id: 1399) { images(includeImageLanguages: ["en", "null"]) ${images} } }`, /^\/3\/tv\/1399\/images$/],
      [`{ collection(id: 10) { images(includeImageLanguages: ["en", "null"]) ${images} } }`, /^\/3\/collection\/10\/images$/],
    ] as const) {
      expect(await ask(text, path), text).toMatchObject({ include_image_language: 'en,null' });
    }
  });
});

describe('what the real service sends for unknown data', () => {
  let odd: ReturnType<typeof createServer>;
  let oddGateway: Awaited<ReturnType<typeof startContractGateway>>;
  // The published examples, with the values the real service sends for data it lacks or adds later.
  const answers: Record<string, unknown> = {
    '/3/movie/550': { ...example('movie-details'), release_date: '', status: 'Teased' },
    '/3/movie/550/videos': {
      id: 550,
      results: [
        { ...example('movie-videos').results[0], site: 'Dailymotion', type: 'Live Stream', published_at: '' },
        { ...example('movie-videos').results[0], id: '5c9294240e0a267cd516835f', site: 'Vimeo', key: '76979871' },
      ],
    },
    '/3/movie/550/release_dates': {
      id: 550,
      results: [
        {
          iso_3166_1: 'US',
          release_dates: [
            { certification: 'PG-13', descriptors: [], iso_639_1: '', note: '', release_date: 'soon', type: 4 },
            { certification: 'R', descriptors: [], iso_639_1: '', note: '', release_date: '1999-10-15T00:00:00.000Z', type: 3 },
          ],
        },
      ],
    },
    '/3/person/31': { ...example('person-details'), birthday: '1956-13-45', deathday: '', gender: 9 },
    '/3/tv/1399': { ...example('tv-series-details'), status: 'On Hiatus', type: 'Hologram', first_air_date: null },
  };

  beforeAll(async () => {
    odd = createServer((req, res) => {
      const answer = answers[new URL(req.url!, 'http://x').pathname];
      res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer ?? { status_code: 34, status_message: 'The resource you requested could not be found.' }));
    });
    oddGateway = await startContractGateway(`http://127.0.0.1:${await listen(odd)}/3`);
  });
  afterAll(async () => {
    await oddGateway?.close();
    await new Promise((resolve) => odd?.close(resolve));
  });

  it('an empty or malformed date is null for that field, an unlisted value is OTHER, and the parents stay', async () => {
    const { body } = await postQuery(
      oddGateway.url,
      `{ movie(id: 550) { title releaseDate status certification(country: "US")
          releaseDates { releases { releaseDate certification } }
          videos { site type url thumbnailUrl publishedAt } }
        person(id: 31) { name birthday deathday gender }
        tvSeries(id: 1399) { name status type firstAirDate } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.movie).toEqual({
      title: example('movie-details').title,
      releaseDate: null,
      status: 'OTHER',
      // The theatrical rating, although the digital release is listed first.
      certification: 'R',
      releaseDates: [
        {
          releases: [
            { releaseDate: null, certification: 'PG-13' },
            { releaseDate: '1999-10-15T00:00:00.000Z', certification: 'R' },
          ],
        },
      ],
      videos: [
        { site: 'OTHER', type: 'OTHER', url: null, thumbnailUrl: null, publishedAt: null },
        {
          site: 'VIMEO',
          type: enumName(example('movie-videos').results[0].type),
          url: 'https://vimeo.com/76979871',
          thumbnailUrl: null,
          publishedAt: example('movie-videos').results[0].published_at,
        },
      ],
    });
    expect(body.data.person).toEqual({ name: example('person-details').name, birthday: null, deathday: null, gender: 'OTHER' });
    expect(body.data.tvSeries).toEqual({ name: example('tv-series-details').name, status: 'OTHER', type: 'OTHER', firstAirDate: null });
  });
});

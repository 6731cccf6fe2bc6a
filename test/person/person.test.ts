import { describe, expect, it } from 'vitest';
import * as expected from '../expected.ts';
import { errorCodes, startHarness } from '../helpers.ts';
import { actorId, h, movieId, PERSON_DETAIL, personDetail, usePeopleFixture } from './fixture.ts';

usePeopleFixture();

describe('Query.person', () => {
  it('answers every detail field from GET /person/{id}, in one call', async () => {
    const up = await h.rest(`/person/${actorId}`);
    h.catalog.resetCalls();
    const { body } = await h.query(`query($id: Int!) { person(id: $id) { ${PERSON_DETAIL} knownFor { mediaType } } }`, { id: actorId });
    expect(body.errors).toBeUndefined();
    expect(body.data.person).toEqual({ ...personDetail(up), knownFor: null });
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/person/${actorId}`]);
  });

  it('is null with NOT_FOUND for an unknown id, the rest of the response intact', async () => {
    const { body } = await h.query('{ person(id: 1) { name } latestPerson { id: databaseId } }');
    expect(body.data.person).toBeNull();
    expect(body.data.latestPerson).not.toBeNull();
    expect(errorCodes({ body } as any)).toEqual(['NOT_FOUND']);
  });

  it('links movie credits to movies carrying their summary, without movie detail calls', async () => {
    const up = await h.rest(`/person/${actorId}/movie_credits`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { person(id: $id) { movieCredits {
        cast { creditId character order movie { ${expected.MOVIE_SUMMARY_FIELDS} } }
        crew { creditId department job movie { ${expected.MOVIE_SUMMARY_FIELDS} } } } } }`,
      { id: actorId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.person.movieCredits).toEqual({
      cast: up.cast.map((c: any) => ({ creditId: c.credit_id, character: c.character, order: c.order, movie: expected.movieSummary(c) })),
      crew: up.crew.map((c: any) => ({ creditId: c.credit_id, department: c.department, job: c.job, movie: expected.movieSummary(c) })),
    });
    expect(up.cast.length).toBeGreaterThanOrEqual(2);
    // The person's details tell that they exist; no movie's details are asked.
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([`/person/${actorId}`, `/person/${actorId}/movie_credits`]);
  });

  it('links TV credits to series carrying their summary, without series detail calls', async () => {
    const up = await h.rest(`/person/${actorId}/tv_credits`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { person(id: $id) { tvCredits {
        cast { creditId character episodeCount series { ${expected.TV_SUMMARY_FIELDS} } }
        crew { creditId department job episodeCount series { id: databaseId } } } } }`,
      { id: actorId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.person.tvCredits.cast).toEqual(
      up.cast.map((c: any) => ({
        creditId: c.credit_id,
        character: c.character,
        episodeCount: c.episode_count,
        series: expected.tvSummary(c),
      })),
    );
    expect(body.data.person.tvCredits.crew).toHaveLength(up.crew.length);
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([`/person/${actorId}`, `/person/${actorId}/tv_credits`]);
  });

  it('combines movies and series, each side set by media type', async () => {
    const up = await h.rest(`/person/${actorId}/combined_credits`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { person(id: $id) { credits {
        cast { __typename creditId character
          ... on PersonMovieCastCredit { order movie { id: databaseId title } } ... on PersonTVCastCredit { episodeCount series { id: databaseId name } } }
        crew { __typename creditId department job ... on PersonMovieCrewCredit { movie { id: databaseId } } ... on PersonTVCrewCredit { series { id: databaseId } } } } } }`,
      { id: actorId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.person.credits.cast).toEqual(
      up.cast.map((c: any) =>
        c.media_type === 'movie'
          ? {
              __typename: 'PersonMovieCastCredit',
              creditId: c.credit_id,
              character: c.character,
              order: c.order,
              movie: { id: c.id, title: c.title },
            }
          : {
              __typename: 'PersonTVCastCredit',
              creditId: c.credit_id,
              character: c.character,
              episodeCount: c.episode_count,
              series: { id: c.id, name: c.name },
            },
      ),
    );
    expect(body.data.person.credits.cast.some((c: any) => c.__typename === 'PersonTVCastCredit')).toBe(true);
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([`/person/${actorId}`, `/person/${actorId}/combined_credits`]);
  });

  it('answers images, tagged images, external ids and translations from their endpoints', async () => {
    const images = await h.rest(`/person/${actorId}/images`);
    const tagged = await h.rest(`/person/${actorId}/tagged_images?page=1`);
    const ids = await h.rest(`/person/${actorId}/external_ids`);
    const translations = await h.rest(`/person/${actorId}/translations`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { person(id: $id) {
        images { ${expected.IMAGE_FIELDS} }
        taggedImages { ${expected.CONNECTION(`id: databaseId ${expected.IMAGE_FIELDS} imageType mediaType movie { id: databaseId title posterPath } series { id: databaseId }`)} }
        externalIds { imdbId wikidataId facebookId instagramId twitterId tiktokId youtubeId freebaseId freebaseMid tvrageId }
        translations { countryCode languageCode name englishName data { biography } } } }`,
      { id: actorId },
    );
    expect(body.errors).toBeUndefined();
    const person = body.data.person;
    expect(person.images).toEqual(images.profiles.map(expected.image));
    expect(person.taggedImages).toEqual(
      expected.connection(
        tagged,
        tagged.results.map((i: any) => ({
          id: i.id,
          ...expected.image(i),
          imageType: expected.enumName(i.image_type),
          mediaType: 'MOVIE',
          movie: { id: i.media.id, title: i.media.title, posterPath: i.media.poster_path },
          series: null,
        })),
      ),
    );
    expect(tagged.total_results).toBeGreaterThan(0);
    expect(person.externalIds).toEqual({
      imdbId: ids.imdb_id,
      wikidataId: ids.wikidata_id,
      facebookId: ids.facebook_id,
      instagramId: ids.instagram_id,
      twitterId: ids.twitter_id,
      tiktokId: ids.tiktok_id,
      youtubeId: ids.youtube_id,
      freebaseId: ids.freebase_id,
      freebaseMid: ids.freebase_mid,
      tvrageId: ids.tvrage_id,
    });
    expect(person.translations).toEqual(
      translations.translations.map((t: any) => ({
        countryCode: t.iso_3166_1,
        languageCode: t.iso_639_1,
        name: t.name,
        englishName: t.english_name,
        data: { biography: t.data.biography || null },
      })),
    );
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([
      `/person/${actorId}`,
      ...['external_ids', 'images', 'tagged_images', 'translations'].map((p) => `/person/${actorId}/${p}`),
    ]);
    // The profile image of the details is the first of the images.
    const details = await h.rest(`/person/${actorId}`);
    if (details.profile_path) expect(images.profiles[0].file_path).toBe(details.profile_path);
  });

  it('answers changes over a date range, the same people /person/changes lists', async () => {
    const { data } = h.catalog;
    const end = data.today;
    const start = new Date(Date.parse(`${end}T00:00:00Z`) - 14 * 86_400_000).toISOString().slice(0, 10);
    const changed = await h.rest(`/person/changes?start_date=${start}&end_date=${end}`);
    const id = changed.results[0].id;
    const up = await h.rest(`/person/${id}/changes?start_date=${start}&end_date=${end}`);
    expect(up.changes.length).toBeGreaterThan(0);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $s: Date, $e: Date) { person(id: $id) { changes(startDate: $s, endDate: $e) { key items { id: databaseId action time } } } }`,
      { id, s: start, e: end },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.person.changes).toEqual(
      up.changes.map((g: any) => ({
        key: g.key,
        items: g.items.map((i: any) => ({
          id: i.id,
          action: expected.enumName(i.action),
          time: new Date(i.time.replace(' UTC', 'Z').replace(' ', 'T')).toISOString(),
        })),
      })),
    );
  });
});

// A bad argument never reaches the catalog. Below an object named by its id, the object's own
// details call still tells whether it exists (src/schema/kit/details.ts): the only call made.
describe('bad arguments are refused before any upstream call', () => {
  it.each([
    ['{ person(id: 0) { name } }', 'id', []],
    ['{ popularPeople(first: 0) { totalCount } }', 'first', []],
    ['{ popularPeople(language: "english") { totalCount } }', 'language', []],
    ['{ trending { people(timeWindow: DAY, first: 101) { totalCount } } }', 'first', []],
    ['{ search { people(query: "   ") { totalCount } } }', 'query', []],
    ['{ credit(id: "not-a-credit") { id: creditId } }', 'id', []],
    [`{ person(id: PERSON) { taggedImages(first: 0) { totalCount } } }`, 'first', ['/person/PERSON']],
    [`{ person(id: PERSON) { changes(startDate: "2024-02-10", endDate: "2024-02-01") { key } } }`, 'endDate', ['/person/PERSON']],
    [`{ person(id: PERSON) { movieCredits(language: "xx_YY") { cast { creditId } } } }`, 'language', ['/person/PERSON']],
    [`{ movie(id: MOVIE) { credits(language: "english") { cast { creditId } } } }`, 'language', ['/movie/MOVIE']],
  ])('%s', async (query, argument, details) => {
    const ids = (text: string) => text.replace('PERSON', String(actorId)).replace('MOVIE', String(movieId));
    const response = await h.query(ids(query));
    expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
    expect(response.body.errors![0].extensions!.argument).toBe(argument);
    expect(h.catalog.calls.map((c) => c.path)).toEqual(details.map(ids));
  });
});

describe('the catalog person endpoints', () => {
  it('append sub-resources to person details', async () => {
    const appended = await h.rest(
      `/person/${actorId}?append_to_response=movie_credits,tv_credits,combined_credits,images,external_ids,translations,tagged_images,changes`,
    );
    expect(appended.movie_credits).toEqual((({ id: _id, ...rest }) => rest)(await h.rest(`/person/${actorId}/movie_credits`)));
    expect(appended.images.profiles).toEqual((await h.rest(`/person/${actorId}/images`)).profiles);
    expect(Object.keys(appended)).toEqual(
      expect.arrayContaining(['tv_credits', 'combined_credits', 'external_ids', 'translations', 'tagged_images', 'changes']),
    );
  });

  it('answer 404 code 34 for unknown people and credits, 422 for a missing query or bad time window', async () => {
    const get = (path: string) => fetch(`${h.catalog.baseUrl}${path}`, { headers: { authorization: `Bearer ${h.catalog.demoToken}` } });
    for (const path of ['/person/1', '/person/1/movie_credits', '/credit/000000000000000000000000']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect((await response.json()).status_code).toBe(34);
    }
    expect((await get('/search/person')).status).toBe(422);
    expect((await get('/trending/person/month')).status).toBe(422);
    expect((await get('/search/person?query=a&include_adult=maybe')).status).toBe(422);
  });
});

describe('append_to_response merging', () => {
  it('merges a person and their sub-resources into one call, with the same answers', async () => {
    const merged = await startHarness({ config: { appendToResponse: true } });
    try {
      const query = `query($id: Int!) { person(id: $id) { ${PERSON_DETAIL}
        movieCredits { cast { creditId movie { id: databaseId title } } } tvCredits { cast { creditId } } credits { crew { creditId } }
        images { filePath } externalIds { imdbId } translations { languageCode } taggedImages { totalCount } } }`;
      const plain = await h.query(query, { id: actorId });
      const { body } = await merged.query(query, { id: actorId });
      expect(body.errors).toBeUndefined();
      expect(body.data).toEqual(plain.body.data);
      expect(merged.catalog.calls).toHaveLength(1);
      expect(merged.catalog.calls[0].path).toBe(`/person/${actorId}`);
      expect(merged.catalog.calls[0].query.append_to_response!.split(',').sort()).toEqual([
        'combined_credits',
        'external_ids',
        'images',
        'movie_credits',
        'tagged_images',
        'translations',
        'tv_credits',
      ]);
    } finally {
      await merged.close();
    }
  });
});

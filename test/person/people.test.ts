import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as expected from '../expected.ts';
import { errorCodes, startHarness, type Harness } from '../helpers.ts';

let h: Harness;
let movieId: number;
let seriesId: number;
/** An actor with both movie and TV credits. */
let actorId: number;

beforeAll(async () => {
  h = await startHarness();
  const { data } = h.catalog;
  movieId = data.movies[0].id;
  seriesId = data.tvSeries.find((s) => s.number_of_seasons >= 2)!.id;
  const actor = [...data.credits.people.entries()].find(([, c]) => c.movieCast.length >= 2 && c.tvCast.length >= 1);
  if (!actor) throw new Error('no actor with movie and TV credits');
  actorId = actor[0];
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const PERSON_SUMMARY = 'id name profilePath gender adult popularity knownForDepartment';
const PERSON_DETAIL = `${PERSON_SUMMARY} biography birthday deathday placeOfBirth homepage imdbId alsoKnownAs`;

function personSummary(p: any) {
  return {
    id: p.id,
    name: p.name,
    profilePath: p.profile_path,
    gender: p.gender,
    adult: p.adult,
    popularity: p.popularity,
    knownForDepartment: p.known_for_department || null,
  };
}

function personDetail(p: any) {
  return {
    ...personSummary(p),
    biography: p.biography,
    birthday: p.birthday || null,
    deathday: p.deathday || null,
    placeOfBirth: p.place_of_birth || null,
    homepage: p.homepage || null,
    imdbId: p.imdb_id || null,
    alsoKnownAs: p.also_known_as,
  };
}

const CAST = `creditId character order castId person { ${PERSON_SUMMARY} }`;
const CREW = `creditId department job person { ${PERSON_SUMMARY} }`;
const cast = (c: any) => ({
  creditId: c.credit_id,
  character: c.character,
  order: c.order,
  castId: c.cast_id ?? null,
  person: personSummary(c),
});
const crew = (c: any) => ({ creditId: c.credit_id, department: c.department, job: c.job, person: personSummary(c) });

const AGGREGATE = `cast { roles { creditId character episodeCount } totalEpisodeCount order person { ${PERSON_SUMMARY} } }
  crew { department jobs { creditId job episodeCount } totalEpisodeCount person { ${PERSON_SUMMARY} } }`;
function aggregate(a: any) {
  return {
    cast: a.cast.map((c: any) => ({
      roles: c.roles.map((r: any) => ({ creditId: r.credit_id, character: r.character, episodeCount: r.episode_count })),
      totalEpisodeCount: c.total_episode_count,
      order: c.order,
      person: personSummary(c),
    })),
    crew: a.crew.map((c: any) => ({
      department: c.department,
      jobs: c.jobs.map((j: any) => ({ creditId: j.credit_id, job: j.job, episodeCount: j.episode_count })),
      totalEpisodeCount: c.total_episode_count,
      person: personSummary(c),
    })),
  };
}

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
    const { body } = await h.query('{ person(id: 1) { name } latestPerson { id } }');
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
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/person/${actorId}/movie_credits`]);
  });

  it('links TV credits to series carrying their summary, without series detail calls', async () => {
    const up = await h.rest(`/person/${actorId}/tv_credits`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { person(id: $id) { tvCredits {
        cast { creditId character episodeCount series { ${expected.TV_SUMMARY_FIELDS} } }
        crew { creditId department job episodeCount series { id } } } } }`,
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
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/person/${actorId}/tv_credits`]);
  });

  it('combines movies and series, each side set by media type', async () => {
    const up = await h.rest(`/person/${actorId}/combined_credits`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { person(id: $id) { combinedCredits {
        cast { creditId mediaType character order episodeCount movie { id title } series { id name } }
        crew { creditId mediaType department job episodeCount movie { id } series { id } } } } }`,
      { id: actorId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.person.combinedCredits.cast).toEqual(
      up.cast.map((c: any) => ({
        creditId: c.credit_id,
        mediaType: c.media_type === 'movie' ? 'MOVIE' : 'TV',
        character: c.character,
        order: c.media_type === 'movie' ? c.order : null,
        episodeCount: c.media_type === 'tv' ? c.episode_count : null,
        movie: c.media_type === 'movie' ? { id: c.id, title: c.title } : null,
        series: c.media_type === 'tv' ? { id: c.id, name: c.name } : null,
      })),
    );
    expect(body.data.person.combinedCredits.cast.some((c: any) => c.mediaType === 'TV')).toBe(true);
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/person/${actorId}/combined_credits`]);
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
        taggedImages(page: 1) { ${expected.PAGE(`id ${expected.IMAGE_FIELDS} imageType mediaType movie { id title posterPath } series { id }`)} }
        externalIds { imdbId wikidataId facebookId instagramId twitterId tiktokId youtubeId freebaseId freebaseMid tvrageId }
        translations { countryCode languageCode name englishName data { biography } } } }`,
      { id: actorId },
    );
    expect(body.errors).toBeUndefined();
    const person = body.data.person;
    expect(person.images).toEqual(images.profiles.map(expected.image));
    expect(person.taggedImages).toEqual(
      expected.page(
        tagged,
        tagged.results.map((i: any) => ({
          id: i.id,
          ...expected.image(i),
          imageType: i.image_type,
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
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual(
      ['external_ids', 'images', 'tagged_images', 'translations'].map((p) => `/person/${actorId}/${p}`),
    );
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
      `query($id: Int!, $s: String, $e: String) { person(id: $id) { changes(startDate: $s, endDate: $e) { key items { id action time } } } }`,
      { id, s: start, e: end },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.person.changes).toEqual(
      up.changes.map((g: any) => ({
        key: g.key,
        items: g.items.map((i: any) => ({ id: i.id, action: i.action, time: i.time.replace(' UTC', 'Z').replace(' ', 'T') })),
      })),
    );
  });
});

describe('credits are the same records everywhere', () => {
  it("a person's movie credits are exactly the movies' cast and crew entries for that person", async () => {
    const personCredits = await h.rest(`/person/${actorId}/movie_credits`);
    for (const credit of personCredits.cast) {
      const movieCredits = await h.rest(`/movie/${credit.id}/credits`);
      const entry = movieCredits.cast.find((c: any) => c.credit_id === credit.credit_id);
      expect(entry).toMatchObject({ id: actorId, character: credit.character, order: credit.order });
    }
    // And back: every movie whose cast names the person is in the person's credits.
    const { data } = h.catalog;
    const movies = [...data.credits.movies.entries()].filter(([, c]) => c.cast.some((m) => m.id === actorId)).map(([id]) => id);
    expect([...new Set(personCredits.cast.map((c: any) => c.id))].sort()).toEqual([...new Set(movies)].sort());
  });

  it("a movie's crew members list the movie among their crew credits", async () => {
    const movieCredits = await h.rest(`/movie/${movieId}/credits`);
    for (const member of movieCredits.crew) {
      const theirs = await h.rest(`/person/${member.id}/movie_credits`);
      expect(theirs.crew.find((c: any) => c.credit_id === member.credit_id)).toMatchObject({ id: movieId, job: member.job });
    }
  });

  it("a person's TV credits are the series' aggregate roles and jobs", async () => {
    const personCredits = await h.rest(`/person/${actorId}/tv_credits`);
    for (const credit of personCredits.cast) {
      const agg = await h.rest(`/tv/${credit.id}/aggregate_credits`);
      const member = agg.cast.find((c: any) => c.id === actorId);
      expect(member.roles).toContainEqual({
        credit_id: credit.credit_id,
        character: credit.character,
        episode_count: credit.episode_count,
      });
    }
    const agg = await h.rest(`/tv/${seriesId}/aggregate_credits`);
    for (const member of agg.crew.slice(0, 3)) {
      const theirs = await h.rest(`/person/${member.id}/tv_credits`);
      for (const job of member.jobs) {
        expect(theirs.crew).toContainEqual(
          expect.objectContaining({ id: seriesId, credit_id: job.credit_id, episode_count: job.episode_count }),
        );
      }
    }
  });

  it('aggregate credits sum the episode credits; episode credits carry the episode crew and guest stars', async () => {
    const series = await h.rest(`/tv/${seriesId}`);
    const counts = new Map<number, Set<number>>();
    for (const s of series.seasons) {
      const season = await h.rest(`/tv/${seriesId}/season/${s.season_number}`);
      for (const ep of season.episodes) {
        const credits = await h.rest(`/tv/${seriesId}/season/${s.season_number}/episode/${ep.episode_number}/credits`);
        expect(credits.crew).toEqual(ep.crew);
        expect(credits.guest_stars).toEqual(ep.guest_stars);
        for (const c of [...credits.cast, ...credits.guest_stars]) {
          if (!counts.has(c.id)) counts.set(c.id, new Set());
          counts.get(c.id)!.add(ep.id);
        }
      }
    }
    const agg = await h.rest(`/tv/${seriesId}/aggregate_credits`);
    expect(new Map(agg.cast.map((c: any) => [c.id, c.total_episode_count]))).toEqual(
      new Map([...counts].map(([id, episodes]) => [id, episodes.size])),
    );
  });
});

describe('credits of movies, series, seasons and episodes', () => {
  it('Movie.credits: field by field, people linked without person calls, details on demand once each', async () => {
    const up = await h.rest(`/movie/${movieId}/credits`);
    h.catalog.resetCalls();
    const { body } = await h.query(`query($id: Int!) { movie(id: $id) { credits { cast { ${CAST} } crew { ${CREW} } } } }`, {
      id: movieId,
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.movie.credits).toEqual({ cast: up.cast.map(cast), crew: up.crew.map(crew) });
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/movie/${movieId}/credits`]);

    h.catalog.resetCalls();
    const more = await h.query(
      `query($id: Int!) { movie(id: $id) { credits { cast { person { biography movieCredits { cast { movie { id } } } } } } } }`,
      { id: movieId },
    );
    expect(more.body.errors).toBeUndefined();
    for (const entry of more.body.data.movie.credits.cast) {
      expect(entry.person.movieCredits.cast.map((c: any) => c.movie.id)).toContain(movieId);
    }
    const people = new Set(up.cast.map((c: any) => c.id));
    expect(h.callsTo(/^\/person\/\d+$/)).toBe(people.size);
    expect(h.callsTo(/^\/person\/\d+\/movie_credits$/)).toBe(people.size);
    expect(h.callsTo(`/movie/${movieId}/credits`)).toBe(1);
  });

  it('TVSeries.credits and aggregateCredits', async () => {
    const credits = await h.rest(`/tv/${seriesId}/credits`);
    const agg = await h.rest(`/tv/${seriesId}/aggregate_credits`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { tvSeries(id: $id) { credits { cast { ${CAST} } crew { ${CREW} } } aggregateCredits { ${AGGREGATE} } } }`,
      { id: seriesId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.credits).toEqual({ cast: credits.cast.map(cast), crew: credits.crew.map(crew) });
    expect(body.data.tvSeries.aggregateCredits).toEqual(aggregate(agg));
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([`/tv/${seriesId}/aggregate_credits`, `/tv/${seriesId}/credits`]);
  });

  it('Season.credits, Season.aggregateCredits and Episode.credits with guest stars', async () => {
    const base = `/tv/${seriesId}/season/1`;
    const credits = await h.rest(`${base}/credits`);
    const agg = await h.rest(`${base}/aggregate_credits`);
    const episode = await h.rest(`${base}/episode/1/credits`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { tvSeries(id: $id) { season(number: 1) {
        credits { cast { ${CAST} } crew { ${CREW} } } aggregateCredits { ${AGGREGATE} }
        episode(number: 1) { credits { cast { ${CAST} } crew { ${CREW} } guestStars { ${CAST} } } } } } }`,
      { id: seriesId },
    );
    expect(body.errors).toBeUndefined();
    const season = body.data.tvSeries.season;
    expect(season.credits).toEqual({ cast: credits.cast.map(cast), crew: credits.crew.map(crew) });
    expect(season.aggregateCredits).toEqual(aggregate(agg));
    expect(season.episode.credits).toEqual({
      cast: episode.cast.map(cast),
      crew: episode.crew.map(crew),
      guestStars: episode.guest_stars.map(cast),
    });
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([
      `${base}/aggregate_credits`,
      `${base}/credits`,
      `${base}/episode/1/credits`,
    ]);
  });
});

describe('TVSeries.createdBy', () => {
  it('links the creators to people, carrying their summary; their credits name the series', async () => {
    const series = h.catalog.data.tvSeries.find((s) => s.created_by.length > 0)!;
    const up = await h.rest(`/tv/${series.id}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { tvSeries(id: $id) { createdBy { creditId person { id name gender profilePath } } } }`,
      { id: series.id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.tvSeries.createdBy).toEqual(
      up.created_by.map((c: any) => ({
        creditId: c.credit_id,
        person: { id: c.id, name: c.name, gender: c.gender, profilePath: c.profile_path },
      })),
    );
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/tv/${series.id}`]);
    for (const creator of up.created_by) {
      const credit = await h.rest(`/credit/${creator.credit_id}`);
      expect(credit).toMatchObject({
        credit_type: 'crew',
        job: 'Creator',
        media_type: 'tv',
        media: { id: series.id },
        person: { id: creator.id },
      });
      const theirs = await h.rest(`/person/${creator.id}/tv_credits`);
      expect(theirs.crew).toContainEqual(expect.objectContaining({ id: series.id, credit_id: creator.credit_id, job: 'Creator' }));
      const seriesCredits = await h.rest(`/tv/${series.id}/credits`);
      expect(seriesCredits.crew).toContainEqual(expect.objectContaining({ id: creator.id, credit_id: creator.credit_id, job: 'Creator' }));
    }
  });
});

describe('Query.credit', () => {
  it('resolves a movie cast credit with its movie and person carried', async () => {
    const movieCredits = await h.rest(`/movie/${movieId}/credits`);
    const id = movieCredits.cast[0].credit_id;
    const up = await h.rest(`/credit/${id}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: ID!) { credit(id: $id) { id creditType department job character mediaType
        movie { ${expected.MOVIE_SUMMARY_FIELDS} } series { id } seasons { id } episodes { id } person { ${PERSON_SUMMARY} } } }`,
      { id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.credit).toEqual({
      id,
      creditType: 'cast',
      department: 'Actors',
      job: 'Actor',
      character: movieCredits.cast[0].character,
      mediaType: 'MOVIE',
      movie: expected.movieSummary(up.media),
      series: null,
      seasons: [],
      episodes: [],
      person: personSummary(up.person),
    });
    expect(body.data.credit.person.id).toBe(movieCredits.cast[0].id);
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/credit/${id}`]);
  });

  it('resolves a guest star credit with its series, season and episode', async () => {
    const { data } = h.catalog;
    const season = data.seasons.get(seriesId)!.find((s) => s.episodes.some((e) => e.guest_stars.length))!;
    const ep = season.episodes.find((e) => e.guest_stars.length)!;
    const guest = ep.guest_stars[0];
    const { body } = await h.query(
      `query($id: ID!) { credit(id: $id) { creditType character mediaType series { id name } movie { id }
        seasons { seasonNumber id } episodes { id seasonNumber episodeNumber name } person { id name } } }`,
      { id: guest.credit_id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.credit).toEqual({
      creditType: 'cast',
      character: guest.character,
      mediaType: 'TV',
      series: { id: seriesId, name: data.tvSeries.find((s) => s.id === seriesId)!.name },
      movie: null,
      seasons: [{ seasonNumber: season.season_number, id: season.id }],
      episodes: [{ id: ep.id, seasonNumber: ep.season_number, episodeNumber: ep.episode_number, name: ep.name }],
      person: { id: guest.id, name: guest.name },
    });
    expect(h.callsTo(/^\/tv\//)).toBe(0);
  });

  it('is null with NOT_FOUND for an unknown credit', async () => {
    const response = await h.query('{ credit(id: "000000000000000000000000") { id } }');
    expect(response.body.data.credit).toBeNull();
    expect(errorCodes(response)).toEqual(['NOT_FOUND']);
  });
});

describe('lists of people', () => {
  const LIST = `${PERSON_SUMMARY} knownFor { mediaType movie { id title } series { id name } }`;
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
    const { body } = await h.query(`{ popularPeople(page: 2) { ${expected.PAGE(LIST)} } latestPerson { ${PERSON_DETAIL} } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.popularPeople).toEqual(expected.page(up, up.results.map(listItem)));
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
    const { body } = await h.query(`{ trending { people(timeWindow: ${window}) { ${expected.PAGE(LIST)} } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.trending.people).toEqual(expected.page(up, up.results.map(listItem)));
    expect(h.catalog.calls.map((c) => c.path)).toEqual([`/trending/person/${path}`]);
  });

  it('search.people matches names, best matches first, and links known works without detail calls', async () => {
    const { data } = h.catalog;
    const term = data.people.details[5].name.split(' ')[1];
    const up = await h.rest(`/search/person?query=${encodeURIComponent(term)}`);
    h.catalog.resetCalls();
    const { body } = await h.query(`query($q: String!) { search { people(query: $q) { ${expected.PAGE(LIST)} } } }`, { q: term });
    expect(body.errors).toBeUndefined();
    expect(body.data.search.people).toEqual(expected.page(up, up.results.map(listItem)));
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

describe('bad arguments are refused before any upstream call', () => {
  it.each([
    ['{ person(id: 0) { name } }', 'id'],
    ['{ popularPeople(page: 0) { page } }', 'page'],
    ['{ popularPeople(language: "english") { page } }', 'language'],
    ['{ trending { people(timeWindow: DAY, page: 501) { page } } }', 'page'],
    ['{ search { people(query: "   ") { page } } }', 'query'],
    ['{ credit(id: "not-a-credit") { id } }', 'id'],
    [`{ person(id: 5) { taggedImages(page: 0) { page } } }`, 'page'],
    [`{ person(id: 5) { changes(startDate: "2024-02-30") { key } } }`, 'startDate'],
    [`{ person(id: 5) { changes(startDate: "2024-02-10", endDate: "2024-02-01") { key } } }`, 'endDate'],
    [`{ person(id: 5) { movieCredits(language: "xx_YY") { cast { creditId } } } }`, 'language'],
    [`{ movie(id: 5) { credits(language: "english") { cast { creditId } } } }`, 'language'],
  ])('%s', async (query, argument) => {
    const response = await h.query(query);
    expect(errorCodes(response)).toEqual(['BAD_USER_INPUT']);
    expect(response.body.errors![0].extensions!.argument).toBe(argument);
    expect(h.catalog.calls).toEqual([]);
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
        movieCredits { cast { creditId movie { id title } } } tvCredits { cast { creditId } } combinedCredits { crew { creditId } }
        images { filePath } externalIds { imdbId } translations { languageCode } taggedImages { totalResults } } }`;
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

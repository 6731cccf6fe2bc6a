import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOVIE_CERTIFICATIONS } from '../../src/catalog/data/certifications.ts';
import * as expected from '../expected.ts';
import { createUserSession, errorCodes, startHarness, type Harness } from '../helpers.ts';

let h: Harness;
let movieId: number;
let sessionId: string;

const SUMMARY_PAGE = expected.PAGE(expected.MOVIE_SUMMARY_FIELDS);

beforeAll(async () => {
  h = await startHarness();
  sessionId = await createUserSession(h);
  // A released movie with videos, release dates in several countries and watch providers.
  const movie = h.catalog.data.movies.find((m) => {
    const extras = h.catalog.data.movieExtras.get(m.id)!;
    return m.imdb_id && extras.videos.length > 1 && extras.releaseDates.length > 1 && Object.keys(extras.watchProviders).length > 1;
  });
  if (!movie) throw new Error('no movie with videos, release dates and providers');
  movieId = movie.id;
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

const offer = expected.offer;
const OFFER_FIELDS = 'providerId providerName logoPath displayPriority';

describe('Movie sub-resources', () => {
  it('answers videos, release dates, translations, external ids and watch providers field by field, one call each', async () => {
    const videos = await h.rest(`/movie/${movieId}/videos`);
    const releases = await h.rest(`/movie/${movieId}/release_dates`);
    const translations = await h.rest(`/movie/${movieId}/translations`);
    const ids = await h.rest(`/movie/${movieId}/external_ids`);
    const providers = await h.rest(`/movie/${movieId}/watch/providers`);
    const details = await h.rest(`/movie/${movieId}`);
    h.catalog.resetCalls();

    const { body } = await h.query(
      `query($id: Int!) { movie(id: $id) {
        videos { id key name site size type official publishedAt languageCode countryCode }
        releaseDates { countryCode releases { certification releaseDate type note languageCode } }
        translations { countryCode languageCode name englishName data { title overview tagline homepage runtime } }
        externalIds { imdbId wikidataId facebookId instagramId twitterId }
        watchProviders { countryCode link flatrate { ${OFFER_FIELDS} } rent { ${OFFER_FIELDS} } buy { ${OFFER_FIELDS} } }
      } }`,
      { id: movieId },
    );
    expect(body.errors).toBeUndefined();
    const movie = body.data.movie;
    expect(movie.videos).toEqual(
      videos.results.map((v: any) => ({
        id: v.id,
        key: v.key,
        name: v.name,
        site: v.site,
        size: v.size,
        type: v.type,
        official: v.official,
        publishedAt: v.published_at,
        languageCode: v.iso_639_1,
        countryCode: v.iso_3166_1,
      })),
    );
    const TYPES = ['', 'PREMIERE', 'THEATRICAL_LIMITED', 'THEATRICAL', 'DIGITAL', 'PHYSICAL', 'TV'];
    expect(movie.releaseDates).toEqual(
      releases.results.map((c: any) => ({
        countryCode: c.iso_3166_1,
        releases: c.release_dates.map((r: any) => ({
          certification: r.certification || null,
          releaseDate: r.release_date,
          type: TYPES[r.type],
          note: r.note || null,
          languageCode: r.iso_639_1 || null,
        })),
      })),
    );
    expect(movie.translations).toEqual(
      translations.translations.map((t: any) => ({
        countryCode: t.iso_3166_1,
        languageCode: t.iso_639_1,
        name: t.name,
        englishName: t.english_name,
        data: {
          title: t.data.title || null,
          overview: t.data.overview || null,
          tagline: t.data.tagline || null,
          homepage: t.data.homepage || null,
          runtime: t.data.runtime || null,
        },
      })),
    );
    expect(movie.externalIds).toEqual({
      imdbId: ids.imdb_id,
      wikidataId: ids.wikidata_id,
      facebookId: ids.facebook_id,
      instagramId: ids.instagram_id,
      twitterId: ids.twitter_id,
    });
    expect(movie.externalIds.imdbId).toBe(details.imdb_id);
    expect(movie.watchProviders).toEqual(
      Object.keys(providers.results)
        .sort()
        .map((country) => {
          const offers = providers.results[country];
          return {
            countryCode: country,
            link: offers.link,
            flatrate: (offers.flatrate ?? []).map(offer),
            rent: (offers.rent ?? []).map(offer),
            buy: (offers.buy ?? []).map(offer),
          };
        }),
    );
    for (const path of ['videos', 'release_dates', 'translations', 'external_ids', 'watch/providers']) {
      expect(h.callsTo(`/movie/${movieId}/${path}`), path).toBe(1);
    }
    expect(h.callsTo(`/movie/${movieId}`)).toBe(0);
    expect(h.catalog.calls).toHaveLength(5);
  });

  it('keeps the data consistent: certifications come from the country lists, providers from the provider list', async () => {
    const providerIds = new Set(h.catalog.data.watchProviders.map((p) => p.provider_id));
    for (const [, extras] of [...h.catalog.data.movieExtras].slice(0, 200)) {
      for (const country of extras.releaseDates) {
        const allowed = (MOVIE_CERTIFICATIONS[country.iso_3166_1] ?? []).map((c) => c.certification);
        for (const release of country.release_dates) {
          if (release.certification) expect(allowed).toContain(release.certification);
        }
      }
      for (const [country, offers] of Object.entries(extras.watchProviders)) {
        for (const item of [...(offers.flatrate ?? []), ...(offers.rent ?? []), ...(offers.buy ?? [])]) {
          expect(providerIds.has(item.provider_id)).toBe(true);
          const provider = h.catalog.data.watchProviders.find((p) => p.provider_id === item.provider_id)!;
          expect(provider.display_priorities[country]).toBe(item.display_priority);
        }
      }
    }
  });

  it('filters watch providers by country and videos by language', async () => {
    const providers = await h.rest(`/movie/${movieId}/watch/providers`);
    const country = Object.keys(providers.results)[0];
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!, $c: String) { movie(id: $id) { watchProviders(country: $c) { countryCode } videos(language: "fr") { key } } }`,
      { id: movieId, c: country.toLowerCase() },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.movie.watchProviders).toEqual([{ countryCode: country }]);
    expect(body.data.movie.videos).toEqual([]);
    expect(h.catalog.calls.find((c) => c.path.endsWith('/videos'))?.query).toMatchObject({ language: 'fr' });
  });

  it('pages similar and recommended movies that share a genre, with their summaries carried (no detail calls)', async () => {
    const similar = await h.rest(`/movie/${movieId}/similar?page=2`);
    const recommended = await h.rest(`/movie/${movieId}/recommendations`);
    const genres = new Set(h.catalog.data.movies.find((m) => m.id === movieId)!.genres.map((g) => g.id));
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($id: Int!) { movie(id: $id) { similar(page: 2) { ${SUMMARY_PAGE} } recommendations { ${SUMMARY_PAGE} } } }`,
      { id: movieId },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.movie.similar).toEqual(expected.page(similar, similar.results.map(expected.movieSummary)));
    expect(body.data.movie.recommendations).toEqual(expected.page(recommended, recommended.results.map(expected.movieSummary)));
    for (const item of [...similar.results, ...recommended.results]) {
      expect(item.id).not.toBe(movieId);
      expect(item.genre_ids.some((g: number) => genres.has(g))).toBe(true);
    }
    expect(h.catalog.calls.map((c) => c.path).sort()).toEqual([`/movie/${movieId}/recommendations`, `/movie/${movieId}/similar`]);
  });

  it('rejects bad arguments before any upstream call', async () => {
    const { body } = await h.query(
      `query($id: Int!) { movie(id: $id) { similar(page: 0) { page } watchProviders(country: "USA") { countryCode } } }`,
      { id: movieId },
    );
    expect(errorCodes({ body } as any)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
    expect(h.catalog.calls).toHaveLength(0);
  });
});

describe('movie lists', () => {
  it('orders popular movies by popularity and top rated by average vote among movies with enough votes', async () => {
    const popular = await h.rest('/movie/popular?page=1');
    const top = await h.rest('/movie/top_rated?page=2');
    h.catalog.resetCalls();
    const { body } = await h.query(`{ popularMovies { ${SUMMARY_PAGE} } topRatedMovies(page: 2) { ${SUMMARY_PAGE} } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.popularMovies).toEqual(expected.page(popular, popular.results.map(expected.movieSummary)));
    expect(body.data.topRatedMovies).toEqual(expected.page(top, top.results.map(expected.movieSummary)));
    const popularity = body.data.popularMovies.results.map((m: any) => m.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    const maxPopularity = Math.max(
      ...h.catalog.data.movies.filter((m) => m.release_date && m.release_date <= h.catalog.data.today).map((m) => m.popularity),
    );
    expect(popularity[0]).toBe(maxPopularity);
    const votes = body.data.topRatedMovies.results.map((m: any) => m.voteAverage);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    for (const movie of body.data.topRatedMovies.results) expect(movie.voteCount).toBeGreaterThanOrEqual(300);
    expect(h.catalog.calls).toHaveLength(2);
  });

  it('lists now playing movies released in the six weeks before today, with the dates envelope', async () => {
    const rest = await h.rest('/movie/now_playing?region=US');
    h.catalog.resetCalls();
    const { body } = await h.query(`{ nowPlayingMovies(region: "us") { dates { minimum maximum } ${SUMMARY_PAGE} } }`);
    expect(body.errors).toBeUndefined();
    const page = body.data.nowPlayingMovies;
    expect(page.dates).toEqual({ minimum: rest.dates.minimum, maximum: rest.dates.maximum });
    expect(page.dates.maximum).toBe(h.catalog.data.today);
    expect(page.results).toEqual(rest.results.map(expected.movieSummary));
    expect(page.results.length).toBeGreaterThan(0);
    for (const movie of page.results) {
      expect(movie.releaseDate >= page.dates.minimum && movie.releaseDate <= page.dates.maximum).toBe(true);
    }
    expect(h.catalog.calls[0].query).toMatchObject({ region: 'US' });
  });

  it('answers the latest movie (highest id) from one call, its details carried', async () => {
    const latestId = Math.max(...h.catalog.data.movies.map((m) => m.id));
    const { body } = await h.query('{ latestMovie { id title runtime imdbId genres { id } } }');
    expect(body.errors).toBeUndefined();
    const movie = h.catalog.data.movies.find((m) => m.id === latestId)!;
    expect(body.data.latestMovie).toEqual({
      id: latestId,
      title: movie.title,
      runtime: movie.runtime || null,
      imdbId: movie.imdb_id,
      genres: movie.genres.map((g) => ({ id: g.id })),
    });
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/movie/latest']);
  });
});

describe('reference lists', () => {
  it('serves movie and TV genres, certifications by country and the movie providers of a region', async () => {
    const providers = await h.rest('/watch/providers/movie?watch_region=DE');
    h.catalog.resetCalls();
    const { body } = await h.query(`{
      movieGenres { id name } tvGenres(language: "en") { id name }
      movieCertifications(country: "us") { countryCode certifications { certification meaning order } }
      tvCertifications { countryCode }
      movieWatchProviders(watchRegion: "DE") { providerId providerName displayPriority }
    }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.movieGenres).toEqual(h.catalog.data.movieGenres);
    expect(body.data.tvGenres).toEqual(h.catalog.data.tvGenres);
    expect(body.data.movieCertifications).toEqual([{ countryCode: 'US', certifications: MOVIE_CERTIFICATIONS.US }]);
    expect(body.data.tvCertifications.map((c: any) => c.countryCode)).toContain('US');
    expect(body.data.movieWatchProviders).toEqual(
      providers.results.map((p: any) => ({
        providerId: p.provider_id,
        providerName: p.provider_name,
        displayPriority: p.display_priority,
      })),
    );
    for (const p of providers.results) expect(Object.keys(p.display_priorities)).toContain('DE');
    expect(h.catalog.calls).toHaveLength(5);
  });
});

describe('trending and search', () => {
  it('lists trending movies per time window with their summaries', async () => {
    const week = await h.rest('/trending/movie/week?page=2');
    h.catalog.resetCalls();
    const { body } = await h.query(`{ trending { movies(timeWindow: WEEK, page: 2) { ${SUMMARY_PAGE} } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.trending.movies).toEqual(expected.page(week, week.results.map(expected.movieSummary)));
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/trending/movie/week']);
  });

  it('searches movies by title and original title, with the year filter', async () => {
    const target = h.catalog.data.movies.find((m) => m.original_title !== m.title && m.release_date)!;
    const term = target.original_title.split(' ').at(-1)!.toLowerCase();
    const year = Number(target.release_date.slice(0, 4));
    const rest = await h.rest(`/search/movie?query=${encodeURIComponent(term)}&year=${year}`);
    h.catalog.resetCalls();
    const { body } = await h.query(`query($q: String!, $y: Int) { search { movies(query: $q, year: $y) { ${SUMMARY_PAGE} } } }`, {
      q: term,
      y: year,
    });
    expect(body.errors).toBeUndefined();
    const page = body.data.search.movies;
    expect(page).toEqual(expected.page(rest, rest.results.map(expected.movieSummary)));
    expect(page.results.map((m: any) => m.id)).toContain(target.id);
    for (const movie of page.results) {
      expect(`${movie.title}\n${movie.originalTitle}`.toLowerCase()).toContain(term);
      expect(movie.releaseDate.startsWith(String(year))).toBe(true);
    }
    expect(h.catalog.calls[0].query).toMatchObject({ query: term, year: String(year) });
  });

  it('rejects an empty query and a bad year before any call', async () => {
    const { body } = await h.query('{ search { a: movies(query: "  ") { page } b: movies(query: "x", year: 12) { page } } }');
    expect(errorCodes({ body } as any)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
    expect(h.catalog.calls).toHaveLength(0);
  });
});

describe('find by external id', () => {
  it('finds a movie by its IMDb id and a season by its TheTVDB id, linked to the real types', async () => {
    const movie = h.catalog.data.movies.find((m) => m.id === movieId)!;
    const [seasonId, seasonIds] = [...h.catalog.data.seasonExternalIds][0];
    const [seriesId, seasons] = [...h.catalog.data.seasons].find(([, list]) => list.some((s) => s.id === seasonId))!;
    const season = seasons.find((s) => s.id === seasonId)!;
    const { body } = await h.query(
      `query($imdb: String!, $tvdb: String!) {
        a: find(externalId: $imdb, source: IMDB_ID) { movies { id title } tvSeries { id } seasons { seasonNumber } episodes { id } }
        b: find(externalId: $tvdb, source: TVDB_ID) { movies { id } seasons { seasonNumber name series { id } } }
      }`,
      { imdb: movie.imdb_id, tvdb: String(seasonIds.tvdb_id) },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.a).toEqual({ movies: [{ id: movie.id, title: movie.title }], tvSeries: [], seasons: [], episodes: [] });
    expect(body.data.b).toEqual({
      movies: [],
      seasons: [{ seasonNumber: season.season_number, name: season.name, series: { id: seriesId } }],
    });
    expect(h.callsTo(/^\/find\//)).toBe(2);
    expect(h.catalog.calls.find((c) => c.query.external_source === 'tvdb_id')).toBeDefined();
  });
});

describe('rating a movie', () => {
  it('writes a rating visible in accountStates and the account rated movies, and deletes it', async () => {
    const accountId = h.catalog.data.account.id;
    const target = h.catalog.data.movies.find(
      (m) => m.release_date && h.catalog.data.ratings.ratingOf('movie', m.id, `account:${accountId}` as any) === undefined,
    )!;
    const headers = { 'x-session-id': sessionId };
    const before = await h.query(`{ movie(id: ${target.id}) { accountStates { rating favorite watchlist } } }`, undefined, headers);
    expect(before.body.data.movie.accountStates.rating).toBeNull();

    h.catalog.resetCalls();
    const rated = await h.query(
      `mutation { rateMovie(movieId: ${target.id}, value: 7.5) { id title accountStates { rating } } }`,
      undefined,
      headers,
    );
    expect(rated.body.errors).toBeUndefined();
    expect(rated.body.data.rateMovie).toEqual({ id: target.id, title: target.title, accountStates: { rating: 7.5 } });
    const post = h.catalog.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(`/movie/${target.id}/rating`);
    expect(post.query).toMatchObject({ session_id: sessionId });

    const list = await h.query(
      `{ account(id: ${accountId}) { ratedMovies(sortBy: CREATED_AT_DESC) { results { rating movie { id } } } } }`,
      undefined,
      headers,
    );
    expect(list.body.data.account.ratedMovies.results[0]).toEqual({ rating: 7.5, movie: { id: target.id } });

    const again = await h.query(`mutation { rateMovie(movieId: ${target.id}, value: 9) { accountStates { rating } } }`, undefined, headers);
    expect(again.body.data.rateMovie.accountStates.rating).toBe(9);

    const deleted = await h.query(`mutation { deleteMovieRating(movieId: ${target.id}) { accountStates { rating } } }`, undefined, headers);
    expect(deleted.body.errors).toBeUndefined();
    expect(deleted.body.data.deleteMovieRating.accountStates.rating).toBeNull();
    const after = await h.query(
      `{ account(id: ${accountId}) { ratedMovies(sortBy: CREATED_AT_DESC) { results { movie { id } } } } }`,
      undefined,
      headers,
    );
    expect(after.body.data.account.ratedMovies.results.map((r: any) => r.movie.id)).not.toContain(target.id);
  });

  it('accepts a guest session, kept apart from the account', async () => {
    const guest = await h.rest('/authentication/guest_session/new');
    const headers = { 'x-guest-session-id': guest.guest_session_id };
    const target = h.catalog.data.movies[3];
    const { body } = await h.query(
      `mutation { rateMovie(movieId: ${target.id}, value: 3.5) { accountStates { rating favorite watchlist } } }`,
      undefined,
      headers,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.rateMovie.accountStates).toEqual({ rating: 3.5, favorite: false, watchlist: false });
    expect(h.catalog.calls.find((c) => c.method === 'POST')?.query).toMatchObject({ guest_session_id: guest.guest_session_id });
    const states = await h.rest(`/movie/${target.id}/account_states?guest_session_id=${guest.guest_session_id}`);
    expect(states.rated).toEqual({ value: 3.5 });
  });

  it('rejects a value off the 0.5 grid and a missing session before any call', async () => {
    const bad = await h.query(`mutation { rateMovie(movieId: ${movieId}, value: 7.3) { id } }`, undefined, { 'x-session-id': sessionId });
    expect(errorCodes(bad)).toEqual(['BAD_USER_INPUT']);
    const anonymous = await h.query(`mutation { rateMovie(movieId: ${movieId}, value: 7) { id } }`);
    expect(errorCodes(anonymous)).toEqual(['UNAUTHENTICATED']);
    const states = await h.query(`{ movie(id: ${movieId}) { id accountStates { rating } } }`);
    expect(states.body.data.movie).toEqual({ id: movieId, accountStates: null });
    expect(errorCodes(states)).toEqual(['UNAUTHENTICATED']);
    expect(h.catalog.calls).toHaveLength(0);
  });

  it('answers 400 code 18 at the catalog for a value out of range', async () => {
    const response = await fetch(`${h.catalog.baseUrl}/movie/${movieId}/rating?session_id=${sessionId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.catalog.demoToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ value: 10.5 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status_code: 18, status_message: 'Validation failed.' });
  });
});

describe('append_to_response merging', () => {
  it('answers the movie sub-resources from one call with the same data as separate calls', async () => {
    const merged = await startHarness({ config: { appendToResponse: true } });
    try {
      const query = `query($id: Int!) { movie(id: $id) { title
        videos { key } releaseDates { countryCode releases { certification type } } translations { languageCode data { title } }
        externalIds { imdbId facebookId } watchProviders { countryCode buy { providerId } }
        similar { totalResults results { id title } } recommendations { results { id } } } }`;
      const a = await merged.query(query, { id: movieId });
      const b = await h.query(query, { id: movieId });
      expect(a.body.errors).toBeUndefined();
      expect(a.body).toEqual(b.body);
      expect(merged.catalog.calls).toHaveLength(1);
      expect(merged.catalog.calls[0].path).toBe(`/movie/${movieId}`);
      expect(merged.catalog.calls[0].query.append_to_response?.split(',').sort()).toEqual([
        'external_ids',
        'recommendations',
        'release_dates',
        'similar',
        'translations',
        'videos',
        'watch/providers',
      ]);
      expect(h.catalog.calls).toHaveLength(8);
    } finally {
      await merged.close();
    }
  });
});

describe('mixed lists: trending all and multi search', () => {
  const ITEM = `__typename ... on Movie { id title } ... on TVSeries { id name } ... on Person { id name }`;
  const kind = (item: any) => ({ movie: 'Movie', tv: 'TVSeries', person: 'Person' })[item.media_type as string];
  const mixed = (item: any) => ({
    __typename: kind(item),
    id: item.id,
    ...(item.media_type === 'movie' ? { title: item.title } : { name: item.name }),
  });

  it('mixes movies, series and people in trending all, each carried (no detail calls)', async () => {
    const week = await h.rest('/trending/all/week');
    h.catalog.resetCalls();
    const { body } = await h.query(`{ trending { all(timeWindow: WEEK) { page totalResults results { ${ITEM} } } } }`);
    expect(body.errors).toBeUndefined();
    const page = body.data.trending.all;
    expect(page.totalResults).toBe(week.total_results);
    expect(page.results).toEqual(week.results.map(mixed));
    expect(new Set(page.results.map((r: any) => r.__typename))).toEqual(new Set(['Movie', 'TVSeries', 'Person']));
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/trending/all/week']);
  });

  it('finds movies, series and people whose names contain the query', async () => {
    const person = h.catalog.data.people.details[7];
    const term = person.name.split(' ')[1].toLowerCase();
    const rest = await h.rest(`/search/multi?query=${encodeURIComponent(term)}`);
    h.catalog.resetCalls();
    const { body } = await h.query(
      `query($q: String!) { search { multi(query: $q) { totalResults results { ${ITEM} ... on Movie { originalTitle } ... on TVSeries { originalName } } } } }`,
      { q: term },
    );
    expect(body.errors).toBeUndefined();
    const results = body.data.search.multi.results;
    expect(results.map((r: any) => ({ __typename: r.__typename, id: r.id }))).toEqual(
      rest.results.map((r: any) => ({ __typename: kind(r), id: r.id })),
    );
    expect(body.data.search.multi.totalResults).toBeGreaterThan(0);
    for (const item of results) {
      const names = [item.title, item.originalTitle, item.name, item.originalName].filter(Boolean).join('\n').toLowerCase();
      expect(names).toContain(term);
    }
    const everyPerson = h.catalog.data.people.details.filter((p) => p.name.toLowerCase().includes(term)).map((p) => p.id);
    expect(rest.total_results).toBeGreaterThanOrEqual(everyPerson.length);
    expect(everyPerson.length).toBeGreaterThan(0);
    expect(h.catalog.calls.map((c) => c.path)).toEqual(['/search/multi']);
  });

  it('finds a person by IMDb id', async () => {
    const [personId, ids] = [...h.catalog.data.people.externalIds].find(([, e]) => e.imdb_id)!;
    const { body } = await h.query('query($id: String!) { find(externalId: $id, source: IMDB_ID) { movies { id } people { id name } } }', {
      id: ids.imdb_id,
    });
    expect(body.errors).toBeUndefined();
    const person = h.catalog.data.people.details.find((p) => p.id === personId)!;
    expect(body.data.find).toEqual({ movies: [], people: [{ id: personId, name: person.name }] });
  });
});

describe('find across kinds', () => {
  it('finds a TV series and an episode by their TheTVDB ids, linked to TVSeries and Episode', async () => {
    const [seriesId, series] = [...h.catalog.data.tvSeriesExtras].find(([, e]) => e.externalIds.tvdb_id)!;
    const [, episode] = [...h.catalog.data.episodeExtras].find(([, e]) => e.externalIds.tvdb_id)!;
    const { body } = await h.query(
      `query($a: String!, $b: String!) {
        a: find(externalId: $a, source: TVDB_ID) { tvSeries { id name } }
        b: find(externalId: $b, source: TVDB_ID) { episodes { seasonNumber episodeNumber series { id } } }
      }`,
      { a: String(series.externalIds.tvdb_id), b: String(episode.externalIds.tvdb_id) },
    );
    expect(body.errors).toBeUndefined();
    const name = h.catalog.data.tvSeries.find((s) => s.id === seriesId)!.name;
    expect(body.data.a.tvSeries).toContainEqual({ id: seriesId, name });
    expect(body.data.b.episodes).toContainEqual({
      seasonNumber: episode.seasonNumber,
      episodeNumber: episode.episodeNumber,
      series: { id: episode.seriesId },
    });
  });

  it('rejects an empty external id before any call', async () => {
    const { body } = await h.query('{ find(externalId: " ", source: IMDB_ID) { movies { id } } }');
    expect(errorCodes({ body } as any)).toEqual(['BAD_USER_INPUT']);
    expect(h.catalog.calls).toHaveLength(0);
  });
});

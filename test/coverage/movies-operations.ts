import type { CoverageEntry } from './types.ts';

const movie = (c: { data: { movies: Array<{ id: number }> } }) => c.data.movies[0].id;
const onMovie = (operationId: string, selection: string, path: RegExp, session?: 'user'): CoverageEntry => ({
  operationId,
  graphql: (c) => ({ query: `{ movie(id: ${movie(c)}) { ${selection} } }`, session }),
  upstream: { method: 'GET', path },
});
const root = (operationId: string, query: string, path: RegExp): CoverageEntry => ({
  operationId,
  graphql: () => ({ query }),
  upstream: { method: 'GET', path },
});

/** Movies, genres, certifications, find, and cross-media search and trending. */
export const moviesOperations: CoverageEntry[] = [
  onMovie('movie-account-states', 'accountStates { rating favorite watchlist }', /^\/movie\/\d+\/account_states$/, 'user'),
  onMovie('movie-external-ids', 'externalIds { imdbId }', /^\/movie\/\d+\/external_ids$/),
  onMovie('movie-recommendations', 'recommendations { totalCount }', /^\/movie\/\d+\/recommendations$/),
  onMovie('movie-release-dates', 'releaseDates { countryCode }', /^\/movie\/\d+\/release_dates$/),
  onMovie('movie-similar', 'similar { totalCount }', /^\/movie\/\d+\/similar$/),
  onMovie('movie-translations', 'translations { languageCode }', /^\/movie\/\d+\/translations$/),
  onMovie('movie-videos', 'videos { key }', /^\/movie\/\d+\/videos$/),
  onMovie('movie-watch-providers', 'watchProvidersByCountry { countryCode }', /^\/movie\/\d+\/watch\/providers$/),
  root('movie-latest-id', '{ latestMovie { id: databaseId } }', /^\/movie\/latest$/),
  root('movie-now-playing-list', '{ nowPlayingMovies { totalCount } }', /^\/movie\/now_playing$/),
  root('movie-popular-list', '{ popularMovies { totalCount } }', /^\/movie\/popular$/),
  root('movie-top-rated-list', '{ topRatedMovies { totalCount } }', /^\/movie\/top_rated$/),
  root('genre-movie-list', '{ movieGenres { id: databaseId } }', /^\/genre\/movie\/list$/),
  root('genre-tv-list', '{ tvGenres { id: databaseId } }', /^\/genre\/tv\/list$/),
  root('certification-movie-list', '{ movieCertifications { countryCode } }', /^\/certification\/movie\/list$/),
  root('certifications-tv-list', '{ tvCertifications { countryCode } }', /^\/certification\/tv\/list$/),
  root('watch-providers-movie-list', '{ movieWatchProviders { providerId } }', /^\/watch\/providers\/movie$/),
  root('trending-movies', '{ trending { movies(timeWindow: DAY) { totalCount } } }', /^\/trending\/movie\/day$/),
  root('trending-all', '{ trending { all(timeWindow: WEEK) { totalCount } } }', /^\/trending\/all\/week$/),
  root('search-multi', '{ search { multi(query: "the") { totalCount } } }', /^\/search\/multi$/),
  root('search-movie', '{ search { movies(query: "the") { totalCount } } }', /^\/search\/movie$/),
  {
    operationId: 'find-by-id',
    graphql: (c) => ({
      query: 'query($id: String!) { find(externalId: $id, source: IMDB_ID) { movies { id: databaseId } } }',
      variables: { id: c.data.movies.find((m) => m.imdb_id)!.imdb_id },
    }),
    upstream: { method: 'GET', path: /^\/find\/tt\d+$/ },
  },
  {
    operationId: 'movie-add-rating',
    graphql: (c) => ({
      query: `mutation { rateMovie(input: { movieId: ${movie(c)}, value: 8.5 }) { movie { id: databaseId } } }`,
      session: 'user',
    }),
    upstream: { method: 'POST', path: /^\/movie\/\d+\/rating$/ },
  },
  {
    operationId: 'movie-delete-rating',
    graphql: (c) => ({
      query: `mutation { deleteMovieRating(input: { movieId: ${movie(c)} }) { movie { id: databaseId } } }`,
      session: 'user',
    }),
    upstream: { method: 'DELETE', path: /^\/movie\/\d+\/rating$/ },
  },
];

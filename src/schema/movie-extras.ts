import type * as Up from '../upstream/api/types.ts';
import { builder } from './builder.ts';
import { pageArgs } from './common.ts';
import { Movie, MoviePage } from './movie.ts';
import { Search, Trending } from './namespaces.ts';
import { AccountStates, ExternalIds, offersByCountry, Translation, Video, WatchProviderCountry } from './shared.ts';
import { TimeWindow } from './tv.ts';
import * as valid from './validate.ts';
import { WatchProvider } from './watch-providers.ts';

/** Movie sub-resources (videos, release dates, ...), the ordered movie lists, movie search, trending and rating. */

export const ReleaseType = builder.enumType('ReleaseType', {
  description: 'Kind of release of a movie in a country.',
  values: {
    PREMIERE: { value: 1, description: 'A premiere or festival screening.' },
    THEATRICAL_LIMITED: { value: 2, description: 'A limited theatrical release.' },
    THEATRICAL: { value: 3, description: 'A wide theatrical release.' },
    DIGITAL: { value: 4, description: 'Digital release (streaming, download).' },
    PHYSICAL: { value: 5, description: 'Physical release (DVD, Blu-ray).' },
    TV: { value: 6, description: 'Broadcast on television.' },
  } as const,
});

const MovieRelease = builder.objectRef<Up.ReleaseDate>('MovieRelease').implement({
  description: 'One release of a movie in a country.',
  fields: (t) => ({
    certification: t.string({
      nullable: true,
      description: 'Age rating in that country, one of `movieCertifications` for the country (such as "PG-13"); null when unrated.',
      resolve: (r) => r.certification || null,
    }),
    releaseDate: t.exposeString('release_date', { description: 'When the release happened, ISO 8601 UTC ("2019-06-13T00:00:00.000Z").' }),
    type: t.field({ type: ReleaseType, description: 'Kind of release.', resolve: (r) => r.type as 1 | 2 | 3 | 4 | 5 | 6 }),
    note: t.string({ nullable: true, description: 'Note such as "Premiere" or the festival name; null when none.', resolve: (r) => r.note || null }),
    languageCode: t.string({
      nullable: true,
      description: 'ISO 639-1 language of this release; null when it is not language-specific.',
      resolve: (r) => r.iso_639_1 || null,
    }),
  }),
});

const MovieReleaseCountry = builder.objectRef<Up.CountryReleaseDates>('MovieReleaseCountry').implement({
  description: 'The releases of a movie in one country.',
  fields: (t) => ({
    countryCode: t.exposeString('iso_3166_1', { description: 'ISO 3166-1 country code.' }),
    releases: t.field({ type: [MovieRelease], description: 'The releases there, as the catalog lists them.', resolve: (c) => c.release_dates }),
  }),
});

const DateRangeOfList = builder.objectRef<Up.NowPlayingPage['dates']>('NowPlayingDates').implement({
  description: 'The release days a now-playing list covers, both ends included.',
  fields: (t) => ({
    minimum: t.exposeString('minimum', { description: 'First release day, YYYY-MM-DD.' }),
    maximum: t.exposeString('maximum', { description: 'Last release day, YYYY-MM-DD.' }),
  }),
});

const NowPlayingMoviesPage = builder.objectRef<Up.NowPlayingPage>('NowPlayingMoviesPage').implement({
  description: 'One page of movies in cinemas now. Pages are 1-based and hold up to 20 results.',
  fields: (t) => ({
    page: t.exposeInt('page', { description: 'The number of this page, starting at 1.' }),
    totalPages: t.exposeInt('total_pages', { description: 'How many pages there are in all.' }),
    totalResults: t.exposeInt('total_results', { description: 'How many results there are across all pages.' }),
    results: t.field({ type: [Movie], description: 'The movies on this page, most popular first.', resolve: (p) => p.results }),
    dates: t.field({ type: DateRangeOfList, description: 'The release dates the list covers.', resolve: (p) => p.dates }),
  }),
});

const listArgs = builder.args((t) => ({
  ...pageArgs,
  region: t.string({ required: false, description: 'Only movies released in this ISO 3166-1 country, e.g. "US".' }),
}));

function listParams(args: { page?: number | null; language?: string | null; region?: string | null }) {
  return { page: valid.page(args.page), language: valid.language(args.language), region: valid.country('region', args.region) };
}

builder.objectFields(Movie, (t) => ({
  videos: t.field({
    type: [Video],
    nullable: true,
    description: 'Trailers, teasers and clips of the movie.',
    args: { language: t.arg.string({ required: false, description: 'Only videos in this language ("en", "en-US").' }) },
    resolve: async (m, args, c) => (await c.loaders.movieVideos.load({ movieId: m.id, language: valid.language(args.language) })).results,
  }),
  releaseDates: t.field({
    type: [MovieReleaseCountry],
    nullable: true,
    description: 'Release dates and age ratings per country, ordered by country code.',
    resolve: async (m, _, c) => (await c.loaders.movieReleaseDates.load({ movieId: m.id })).results,
  }),
  translations: t.field({
    type: [Translation],
    nullable: true,
    description: 'The title, overview and tagline of the movie in other languages.',
    resolve: async (m, _, c) => (await c.loaders.movieTranslations.load({ movieId: m.id })).translations,
  }),
  externalIds: t.field({
    type: ExternalIds,
    nullable: true,
    description: 'Identifiers of the movie on IMDb, Wikidata and social sites.',
    resolve: (m, _, c) => c.loaders.movieExternalIds.load({ movieId: m.id }),
  }),
  watchProviders: t.field({
    type: [WatchProviderCountry],
    nullable: true,
    description: 'Where the movie can be streamed, rented or bought, per country (ordered by country code).',
    args: { country: t.arg.string({ required: false, description: 'Only this ISO 3166-1 country, e.g. "US".' }) },
    resolve: async (m, args, c) => {
      const country = valid.country('country', args.country);
      return offersByCountry(await c.loaders.movieWatchProviders.load({ movieId: m.id }), country);
    },
  }),
  recommendations: t.field({
    type: MoviePage,
    nullable: true,
    description: 'Movies recommended to people who liked this one (same genres, same collection first).',
    args: pageArgs,
    resolve: (m, args, c) =>
      c.loaders.movieRecommendations.load({ movieId: m.id, page: valid.page(args.page), language: valid.language(args.language) }),
  }),
  similar: t.field({
    type: MoviePage,
    nullable: true,
    description: 'Movies similar to this one (sharing the most genres), most popular first.',
    args: pageArgs,
    resolve: (m, args, c) =>
      c.loaders.similarMovies.load({ movieId: m.id, page: valid.page(args.page), language: valid.language(args.language) }),
  }),
  accountStates: t.field({
    type: AccountStates,
    nullable: true,
    description:
      "Whether the session's account rated, favourited or watchlisted the movie. Needs X-Session-Id or X-Guest-Session-Id (a guest only has ratings).",
    resolve: (m, _, c) => c.loaders.movieAccountStates.load({ movieId: m.id }),
  }),
}));

builder.queryFields((t) => ({
  nowPlayingMovies: t.field({
    type: NowPlayingMoviesPage,
    nullable: true,
    description: 'Movies in cinemas now (released in the last six weeks), most popular first.',
    args: listArgs,
    resolve: (_, args, c) => c.loaders.nowPlayingMovies.load(listParams(args)),
  }),
  popularMovies: t.field({
    type: MoviePage,
    nullable: true,
    description: 'Released movies, most popular first.',
    args: listArgs,
    resolve: (_, args, c) => c.loaders.popularMovies.load(listParams(args)),
  }),
  topRatedMovies: t.field({
    type: MoviePage,
    nullable: true,
    description: 'Movies with enough votes to rank, best average vote first.',
    args: listArgs,
    resolve: (_, args, c) => c.loaders.topRatedMovies.load(listParams(args)),
  }),
  latestMovie: t.field({
    type: Movie,
    nullable: true,
    description: 'The movie most recently added to the catalog.',
    resolve: (_, __, c) => c.loaders.latestMovie.load({}),
  }),
  movieWatchProviders: t.field({
    type: [WatchProvider],
    description: 'Streaming and TV services that offer movies.',
    args: {
      language: t.arg.string({ required: false, description: 'Language of the texts ("en-US").' }),
      watchRegion: t.arg.string({ required: false, description: 'Only providers available in this ISO 3166-1 country, in their order there.' }),
    },
    resolve: async (_, args, c) =>
      (
        await c.loaders.movieWatchProviderList.load({
          language: valid.language(args.language),
          watchRegion: valid.country('watchRegion', args.watchRegion),
        })
      ).results,
  }),
}));

builder.objectFields(Trending, (t) => ({
  movies: t.field({
    type: MoviePage,
    nullable: true,
    description: 'The movies trending over the given period, most trending first.',
    args: {
      timeWindow: t.arg({ type: TimeWindow, required: true, description: 'The period.' }),
      ...pageArgs,
    },
    resolve: (_, args, c) =>
      c.loaders.trendingMovies.load({ timeWindow: args.timeWindow, page: valid.page(args.page), language: valid.language(args.language) }),
  }),
}));

builder.objectFields(Search, (t) => ({
  movies: t.field({
    type: MoviePage,
    nullable: true,
    description: 'Movies whose title or original title contains the query (case-insensitive); titles that start with it first.',
    args: {
      query: t.arg.string({ required: true, description: 'Text to look for, 1 to 200 characters.' }),
      ...pageArgs,
      includeAdult: t.arg.boolean({ required: false, description: 'Include adult movies. Defaults to false.' }),
      region: t.arg.string({ required: false, description: 'Only movies released in this ISO 3166-1 country.' }),
      year: t.arg.int({ required: false, description: 'Only movies with a release in this year.' }),
      primaryReleaseYear: t.arg.int({ required: false, description: 'Only movies first released in this year.' }),
    },
    resolve: (_, args, c) =>
      c.loaders.searchMovies.load({
        query: valid.text('query', args.query, 200),
        page: valid.page(args.page),
        language: valid.language(args.language),
        includeAdult: args.includeAdult ?? undefined,
        region: valid.country('region', args.region),
        year: valid.year('year', args.year),
        primaryReleaseYear: valid.year('primaryReleaseYear', args.primaryReleaseYear),
      }),
  }),
}));

builder.mutationFields((t) => ({
  rateMovie: t.field({
    type: Movie,
    description:
      "Rates a movie for the session's account (X-Session-Id) or guest session (X-Guest-Session-Id). Returns the movie, so `accountStates` can be re-read.",
    args: {
      movieId: t.arg.int({ required: true, description: 'Identifier of the movie.' }),
      value: t.arg.float({ required: true, description: 'The rating, from 0.5 to 10 in steps of 0.5.' }),
    },
    resolve: async (_, args, c) => {
      const movieId = valid.id('movieId', args.movieId);
      const value = valid.rating('value', args.value);
      await c.actions.rateMovie({ movieId, value });
      return { id: movieId };
    },
  }),
  deleteMovieRating: t.field({
    type: Movie,
    description: "Removes the session's rating of a movie (user or guest session). Returns the movie.",
    args: { movieId: t.arg.int({ required: true, description: 'Identifier of the movie.' }) },
    resolve: async (_, args, c) => {
      const movieId = valid.id('movieId', args.movieId);
      await c.actions.deleteMovieRating({ movieId });
      return { id: movieId };
    },
  }),
}));

import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { calendarDate } from '../kit/dates.ts';
import { pageArgs, pageOf, paging } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { WatchProvider } from '../reference/watch-providers.ts';
import { Search } from '../search/search.ts';
import { TimeWindow, Trending } from '../trending/trending.ts';
import { Movie, MoviePage, type MovieSource } from './ref.ts';

/** The ordered movie lists (upcoming, now playing, popular, top rated, latest), trending movies and movie search. */

/** The release days an upcoming or now-playing list covers: one type for both. */
const DateRange = builder.objectRef<Up.UpcomingPage['dates']>('DateRange').implement({
  description: 'A range of days, both ends included.',
  fields: (t) => ({
    minimum: t.field({ type: 'Date', nullable: true, description: 'First day.', resolve: (r) => calendarDate(r.minimum) }),
    maximum: t.field({ type: 'Date', nullable: true, description: 'Last day.', resolve: (r) => calendarDate(r.maximum) }),
  }),
});

const UpcomingMoviesPage = pageOf<MovieSource, Up.UpcomingPage>('UpcomingMoviesPage', 'movies', Movie, {
  description: 'One page of movies to be released soon. Pages are 1-based and hold up to 20 results.',
  fields: (t) => ({
    dates: t.field({ type: DateRange, description: 'The release dates the list covers.', resolve: (p) => p.dates }),
  }),
});

builder.queryFields((t) => ({
  upcomingMovies: t.field({
    type: UpcomingMoviesPage,
    nullable: true,
    deprecationReason: 'Use `upcomingMoviesConnection`.',
    description: 'Movies to be released in the coming weeks.',
    args: {
      ...pageArgs,
      region: t.arg.string({ required: false, description: 'Only releases in this ISO 3166-1 country, e.g. "US".' }),
    },
    resolve: (_, args, c) =>
      c.loaders.upcomingMovies.load({
        page: valid.page('page', args.page),
        language: valid.language('language', args.language),
        region: valid.country('region', args.region),
      }),
  }),
}));

const NowPlayingMoviesPage = pageOf<MovieSource, Up.NowPlayingPage>('NowPlayingMoviesPage', 'movies', Movie, {
  description: 'One page of movies in cinemas now. Pages are 1-based and hold up to 20 results.',
  results: 'The movies on this page, most popular first.',
  fields: (t) => ({
    dates: t.field({ type: DateRange, description: 'The release days the list covers, both ends included.', resolve: (p) => p.dates }),
  }),
});

export const listArgs = builder.args((t) => ({
  ...pageArgs,
  region: t.string({ required: false, description: 'Only movies released in this ISO 3166-1 country, e.g. "US".' }),
}));

export function listParams(args: { page?: number | null; language?: string | null; region?: string | null }) {
  return { ...paging(args), region: valid.country('region', args.region) };
}

builder.queryFields((t) => ({
  nowPlayingMovies: t.field({
    type: NowPlayingMoviesPage,
    nullable: true,
    deprecationReason: 'Use `nowPlayingMoviesConnection`.',
    description: 'Movies in cinemas now (released in the last six weeks), most popular first.',
    args: listArgs,
    resolve: (_, args, c) => c.loaders.nowPlayingMovies.load(listParams(args)),
  }),
  popularMovies: t.field({
    type: MoviePage,
    nullable: true,
    deprecationReason: 'Use `popularMoviesConnection`.',
    description: 'Released movies, most popular first.',
    args: listArgs,
    resolve: (_, args, c) => c.loaders.popularMovies.load(listParams(args)),
  }),
  topRatedMovies: t.field({
    type: MoviePage,
    nullable: true,
    deprecationReason: 'Use `topRatedMoviesConnection`.',
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
      watchRegion: t.arg.string({
        required: false,
        description: 'Only providers available in this ISO 3166-1 country, in their order there.',
      }),
    },
    resolve: async (_, args, c) =>
      (
        await c.loaders.movieWatchProviderList.load({
          language: valid.language('language', args.language),
          watchRegion: valid.country('watchRegion', args.watchRegion),
        })
      ).results,
  }),
}));

builder.objectFields(Trending, (t) => ({
  movies: t.field({
    type: MoviePage,
    nullable: true,
    deprecationReason: 'Use `moviesConnection`.',
    description: 'The movies trending over the given period, most trending first.',
    args: {
      timeWindow: t.arg({ type: TimeWindow, required: true, description: 'The period.' }),
      ...pageArgs,
    },
    resolve: (_, args, c) => c.loaders.trendingMovies.load({ timeWindow: args.timeWindow, ...paging(args) }),
  }),
}));

builder.objectFields(Search, (t) => ({
  movies: t.field({
    type: MoviePage,
    nullable: true,
    deprecationReason: 'Use `moviesConnection`.',
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
        page: valid.page('page', args.page),
        language: valid.language('language', args.language),
        includeAdult: args.includeAdult ?? undefined,
        region: valid.country('region', args.region),
        year: valid.year('year', args.year),
        primaryReleaseYear: valid.year('primaryReleaseYear', args.primaryReleaseYear),
      }),
  }),
}));

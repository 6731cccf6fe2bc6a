import type { GraphQLResolveInfo } from 'graphql';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { type Connection, type ConnectionArgs, connectionArgs, connectionCost, connectionOf, connectPages } from '../kit/connection.ts';
import { languageArg } from '../kit/language-args.ts';
import { paging } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { Keyword } from '../keyword/keyword.ts';
import { ReviewConnection } from '../review/review.ts';
import { Search } from '../search/search.ts';
import { TimeWindow, Trending } from '../trending/trending.ts';
import { DateRange, listArgs, listParams } from './lists.ts';
import { Movie, type MovieSource } from './ref.ts';

/** The movie feeds, each a Relay cursor connection over the catalog's numbered pages. */

export const MovieConnection = connectionOf('Movie', 'movies', Movie);

/** A connection of a list that covers a range of release days: the days are the first page's. */
type Dated = { dates: Up.UpcomingPage['dates'] | null };

const DatedMovieConnection = connectionOf<MovieSource, Dated>('Movie', 'movies', Movie, {
  name: 'DatedMovieConnection',
  fields: (t) => ({
    dates: t.field({
      type: DateRange,
      nullable: true,
      description: 'The release days the list covers, both ends included; null when no page was read (a window past the end).',
      resolve: (c) => c.dates,
    }),
  }),
});

/** Reads a dated list's window, keeping the days its pages cover. */
async function datedWindow(
  args: ConnectionArgs,
  info: GraphQLResolveInfo,
  load: (page: number) => Promise<Up.UpcomingPage>,
): Promise<Connection<MovieSource> & Dated> {
  let dates: Dated['dates'] = null;
  const window = await connectPages(args, info, async (page) => {
    const answer = await load(page);
    dates ??= answer.dates;
    return answer;
  });
  return { ...window, dates };
}

builder.queryFields((t) => ({
  popularMovies: t.field({
    type: MovieConnection,
    description: 'Released movies, most popular first.',
    args: { ...listArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => connectPages(args, info, (page) => c.loaders.popularMovies.load(listParams(args, page))),
  }),
  topRatedMovies: t.field({
    type: MovieConnection,
    description: 'Movies with enough votes to rank, best average vote first.',
    args: { ...listArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => connectPages(args, info, (page) => c.loaders.topRatedMovies.load(listParams(args, page))),
  }),
  upcomingMovies: t.field({
    type: DatedMovieConnection,
    description: 'Movies to be released in the coming weeks, with the release days the list covers.',
    args: { ...listArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => datedWindow(args, info, (page) => c.loaders.upcomingMovies.load(listParams(args, page))),
  }),
  nowPlayingMovies: t.field({
    type: DatedMovieConnection,
    description: 'Movies in cinemas now (released in the last six weeks), most popular first, with the release days the list covers.',
    args: { ...listArgs, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => datedWindow(args, info, (page) => c.loaders.nowPlayingMovies.load(listParams(args, page))),
  }),
}));

builder.objectFields(Trending, (t) => ({
  movies: t.field({
    type: MovieConnection,
    description: 'The movies trending over the given period, most trending first.',
    args: {
      timeWindow: t.arg({ type: TimeWindow, required: true, description: 'The period.' }),
      language: languageArg,
      ...connectionArgs,
    },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.trendingMovies.load({ timeWindow: args.timeWindow, ...paging({ ...args, page }) })),
  }),
}));

builder.objectFields(Search, (t) => ({
  movies: t.field({
    type: MovieConnection,
    description: 'Movies whose title or original title contains the query (case-insensitive); titles that start with it first.',
    args: {
      query: t.arg.string({ required: true, description: 'Text to look for, 1 to 200 characters.' }),
      language: languageArg,
      includeAdult: t.arg.boolean({ required: false, defaultValue: false, description: 'Include adult movies. Defaults to false.' }),
      region: t.arg.string({ required: false, description: 'Only movies released in this ISO 3166-1 country.' }),
      year: t.arg.int({ required: false, description: 'Only movies with a release in this year.' }),
      primaryReleaseYear: t.arg.int({ required: false, description: 'Only movies first released in this year.' }),
      ...connectionArgs,
    },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      // Checked once, before any page is read.
      const filters = {
        query: valid.text('query', args.query, 200),
        language: valid.language('language', args.language),
        includeAdult: args.includeAdult ?? undefined,
        region: valid.country('region', args.region),
        year: valid.year('year', args.year),
        primaryReleaseYear: valid.year('primaryReleaseYear', args.primaryReleaseYear),
      };
      return connectPages(args, info, (page) => c.loaders.searchMovies.load({ ...filters, page }));
    },
  }),
}));

builder.objectFields(Movie, (t) => ({
  recommendations: t.field({
    type: MovieConnection,
    description: 'Movies recommended to people who liked this one (same genres, same collection first).',
    args: { language: languageArg, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (m, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.movieRecommendations.load({ movieId: m.id, ...paging({ ...args, page }) })),
  }),
  similar: t.field({
    type: MovieConnection,
    description: 'Movies similar to this one (sharing the most genres), most popular first.',
    args: { language: languageArg, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (m, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.similarMovies.load({ movieId: m.id, ...paging({ ...args, page }) })),
  }),
  reviews: t.field({
    type: ReviewConnection,
    description: 'User reviews of the movie.',
    args: { language: languageArg, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (m, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.movieReviews.load({ movieId: m.id, ...paging({ ...args, page }) })),
  }),
}));

builder.objectFields(Keyword, (t) => ({
  movies: t.field({
    type: MovieConnection,
    description: 'The movies tagged with this keyword, most popular first.',
    args: {
      language: languageArg,
      includeAdult: t.arg.boolean({
        required: false,
        defaultValue: false,
        description: 'Whether to include adult movies. Defaults to false.',
      }),
      ...connectionArgs,
    },
    nullable: true,
    complexity: connectionCost,
    resolve: (k, args, c, info) =>
      connectPages(args, info, (page) =>
        c.loaders.keywordMovies.load({ keywordId: k.id, ...paging({ ...args, page }), includeAdult: args.includeAdult ?? undefined }),
      ),
  }),
}));

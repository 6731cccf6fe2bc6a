import { builder } from '../builder.ts';
import { connectionArgs, connectionCost, connectionOf, connectPages } from '../kit/connection.ts';
import { pageArgs, paging } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { Keyword } from '../keyword/keyword.ts';
import { ReviewConnection } from '../review/review.ts';
import { Search } from '../search/search.ts';
import { TimeWindow, Trending } from '../trending/trending.ts';
import { listArgs, listParams } from './lists.ts';
import { Movie } from './ref.ts';

/** The movie feeds as Relay cursor connections, beside their numbered pages. */

export const MovieConnection = connectionOf('Movie', 'movies', Movie);

const { page: _page, ...withoutPage } = listArgs;

builder.queryFields((t) => ({
  popularMoviesConnection: t.field({
    type: MovieConnection,
    description: 'Released movies, most popular first, as a cursor connection (see `popularMovies` for pages).',
    args: { ...withoutPage, ...connectionArgs },
    complexity: connectionCost,
    resolve: (_, args, c, info) => connectPages(args, info, (page) => c.loaders.popularMovies.load({ ...listParams(args), page })),
  }),
  topRatedMoviesConnection: t.field({
    type: MovieConnection,
    description: 'Movies with enough votes to rank, best first, as a cursor connection (see `topRatedMovies`).',
    args: { ...withoutPage, ...connectionArgs },
    complexity: connectionCost,
    resolve: (_, args, c, info) => connectPages(args, info, (page) => c.loaders.topRatedMovies.load({ ...listParams(args), page })),
  }),
  upcomingMoviesConnection: t.field({
    type: MovieConnection,
    description: 'Movies to be released in the coming weeks, as a cursor connection (see `upcomingMovies`).',
    args: { ...withoutPage, ...connectionArgs },
    complexity: connectionCost,
    resolve: (_, args, c, info) => connectPages(args, info, (page) => c.loaders.upcomingMovies.load({ ...listParams(args), page })),
  }),
  nowPlayingMoviesConnection: t.field({
    type: MovieConnection,
    description: 'Movies in cinemas now, most popular first, as a cursor connection (see `nowPlayingMovies`).',
    args: { ...withoutPage, ...connectionArgs },
    complexity: connectionCost,
    resolve: (_, args, c, info) => connectPages(args, info, (page) => c.loaders.nowPlayingMovies.load({ ...listParams(args), page })),
  }),
}));

builder.objectFields(Trending, (t) => ({
  moviesConnection: t.field({
    type: MovieConnection,
    description: 'The movies trending over the given period, as a cursor connection (see `movies`).',
    args: {
      timeWindow: t.arg({ type: TimeWindow, required: true, description: 'The period.' }),
      language: pageArgs.language,
      ...connectionArgs,
    },
    complexity: connectionCost,
    resolve: (_, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.trendingMovies.load({ timeWindow: args.timeWindow, ...paging({ ...args, page }) })),
  }),
}));

builder.objectFields(Search, (t) => ({
  moviesConnection: t.field({
    type: MovieConnection,
    description: 'Movies whose title contains the query, as a cursor connection (see `movies` for pages and the other filters).',
    args: {
      query: t.arg.string({ required: true, description: 'Text to look for, 1 to 200 characters.' }),
      language: pageArgs.language,
      ...connectionArgs,
    },
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const query = valid.text('query', args.query, 200);
      return connectPages(args, info, (page) =>
        c.loaders.searchMovies.load({ query, page, language: valid.language('language', args.language) }),
      );
    },
  }),
}));

builder.objectFields(Movie, (t) => ({
  recommendationsConnection: t.field({
    type: MovieConnection,
    description: 'Movies recommended to people who liked this one (same genres, same collection first), as a cursor connection.',
    args: { language: pageArgs.language, ...connectionArgs },
    complexity: connectionCost,
    resolve: (m, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.movieRecommendations.load({ movieId: m.id, ...paging({ ...args, page }) })),
  }),
  similarConnection: t.field({
    type: MovieConnection,
    description: 'Movies similar to this one (sharing the most genres), most popular first, as a cursor connection.',
    args: { language: pageArgs.language, ...connectionArgs },
    complexity: connectionCost,
    resolve: (m, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.similarMovies.load({ movieId: m.id, ...paging({ ...args, page }) })),
  }),
  reviewsConnection: t.field({
    type: ReviewConnection,
    description: 'User reviews of the movie, as a cursor connection (see `reviews` for pages).',
    args: { language: pageArgs.language, ...connectionArgs },
    complexity: connectionCost,
    resolve: (m, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.movieReviews.load({ movieId: m.id, ...paging({ ...args, page }) })),
  }),
}));

builder.objectFields(Keyword, (t) => ({
  moviesConnection: t.field({
    type: MovieConnection,
    description: 'The movies tagged with this keyword, most popular first, as a cursor connection.',
    args: {
      language: pageArgs.language,
      includeAdult: t.arg.boolean({ required: false, description: 'Whether to include adult movies. Defaults to false.' }),
      ...connectionArgs,
    },
    complexity: connectionCost,
    resolve: (k, args, c, info) =>
      connectPages(args, info, (page) =>
        c.loaders.keywordMovies.load({ keywordId: k.id, ...paging({ ...args, page }), includeAdult: args.includeAdult ?? undefined }),
      ),
  }),
}));

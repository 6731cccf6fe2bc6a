import { builder } from '../builder.ts';
import { connectionArgs, connectionCost, connectPages } from '../kit/connection.ts';
import { languageArg } from '../kit/language-args.ts';
import * as valid from '../kit/validate.ts';
import { MovieConnection } from '../movie/connections.ts';
import { TVSeriesConnection } from '../tv/connections.ts';
import { Discover, DiscoverMoviesFilter, DiscoverMoviesSort, DiscoverTVFilter, DiscoverTVSort } from './discover.ts';
import { movieFilterParams, tvFilterParams } from './filters.ts';

/** Discover's lists, each a Relay cursor connection over the catalog's numbered pages. */
builder.objectFields(Discover, (t) => ({
  movies: t.field({
    type: MovieConnection,
    description: 'Movies that pass every filter, in the chosen order.',
    args: {
      filter: t.arg({ type: DiscoverMoviesFilter, required: false, description: 'The filters; none means every movie.' }),
      sortBy: t.arg({
        type: DiscoverMoviesSort,
        required: false,
        defaultValue: 'popularity.desc',
        description: 'The order. Defaults to POPULARITY_DESC.',
      }),
      language: languageArg,
      ...connectionArgs,
    },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const query = {
        filters: movieFilterParams(args.filter),
        sortBy: args.sortBy ?? undefined,
        language: valid.language('language', args.language),
      };
      return connectPages(args, info, (page) => c.loaders.discoverMovies.load({ ...query, page }));
    },
  }),
  tvSeries: t.field({
    type: TVSeriesConnection,
    description: 'TV series that pass every filter, in the chosen order.',
    args: {
      filter: t.arg({ type: DiscoverTVFilter, required: false, description: 'The filters; none means every series.' }),
      sortBy: t.arg({
        type: DiscoverTVSort,
        required: false,
        defaultValue: 'popularity.desc',
        description: 'The order. Defaults to POPULARITY_DESC.',
      }),
      language: languageArg,
      ...connectionArgs,
    },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const query = {
        filters: tvFilterParams(args.filter),
        sortBy: args.sortBy ?? undefined,
        language: valid.language('language', args.language),
      };
      return connectPages(args, info, (page) => c.loaders.discoverTVSeries.load({ ...query, page }));
    },
  }),
}));

import { builder } from '../builder.ts';
import { connectionArgs, connectionCost, connectPages } from '../kit/connection.ts';
import { pageArgs } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { MovieConnection } from '../movie/connections.ts';
import { TVSeriesConnection } from '../tv/connections.ts';
import { Discover, DiscoverMoviesFilter, DiscoverMoviesSort, DiscoverTVFilter, DiscoverTVSort } from './discover.ts';
import { movieFilterParams, tvFilterParams } from './filters.ts';

/** Discover as Relay cursor connections, beside its numbered pages. */
builder.objectFields(Discover, (t) => ({
  moviesConnection: t.field({
    type: MovieConnection,
    description: 'Movies that pass every filter, in the chosen order, as a cursor connection (see `movies` for pages).',
    args: {
      filter: t.arg({ type: DiscoverMoviesFilter, required: false, description: 'The filters; none means every movie.' }),
      sortBy: t.arg({ type: DiscoverMoviesSort, required: false, description: 'The order. Defaults to POPULARITY_DESC.' }),
      language: pageArgs.language,
      ...connectionArgs,
    },
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
  tvConnection: t.field({
    type: TVSeriesConnection,
    description: 'TV series that pass every filter, in the chosen order, as a cursor connection (see `tv` for pages).',
    args: {
      filter: t.arg({ type: DiscoverTVFilter, required: false, description: 'The filters; none means every series.' }),
      sortBy: t.arg({ type: DiscoverTVSort, required: false, description: 'The order. Defaults to POPULARITY_DESC.' }),
      language: pageArgs.language,
      ...connectionArgs,
    },
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

import type * as Up from '../upstream/api/types.ts';
import { builder } from './builder.ts';
import { pageArgs } from './common.ts';
import { Movie } from './movie.ts';
import * as valid from './validate.ts';

const DateRange = builder.objectRef<Up.UpcomingPage['dates']>('DateRange').implement({
  description: 'A range of days, both ends included.',
  fields: (t) => ({
    minimum: t.exposeString('minimum', { description: 'First day, YYYY-MM-DD.' }),
    maximum: t.exposeString('maximum', { description: 'Last day, YYYY-MM-DD.' }),
  }),
});

const UpcomingMoviesPage = builder.objectRef<Up.UpcomingPage>('UpcomingMoviesPage').implement({
  description: 'One page of movies to be released soon. Pages are 1-based and hold up to 20 results.',
  fields: (t) => ({
    page: t.exposeInt('page', { description: 'The number of this page, starting at 1.' }),
    totalPages: t.exposeInt('total_pages', { description: 'How many pages there are in all.' }),
    totalResults: t.exposeInt('total_results', { description: 'How many results there are across all pages.' }),
    results: t.field({ type: [Movie], description: 'The movies on this page.', resolve: (p) => p.results }),
    dates: t.field({ type: DateRange, description: 'The release dates the list covers.', resolve: (p) => p.dates }),
  }),
});

builder.queryFields((t) => ({
  upcomingMovies: t.field({
    type: UpcomingMoviesPage,
    nullable: true,
    description: 'Movies to be released in the coming weeks.',
    args: {
      ...pageArgs,
      region: t.arg.string({ required: false, description: 'Only releases in this ISO 3166-1 country, e.g. "US".' }),
    },
    resolve: (_, args, c) =>
      c.loaders.upcomingMovies.load({
        page: valid.page(args.page),
        language: valid.language(args.language),
        region: valid.country('region', args.region),
      }),
  }),
}));

import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { calendarDate } from '../kit/dates.ts';
import { languageArg } from '../kit/language-args.ts';
import { paging } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { WatchProvider } from '../reference/watch-providers.ts';
import { Movie } from './ref.ts';

/** The latest movie, the movie watch providers, and what the ordered movie lists (movie/connections.ts) share. */

/** The release days an upcoming or now-playing list covers: one type for both. */
export const DateRange = builder.objectRef<Up.UpcomingPage['dates']>('DateRange').implement({
  description: 'A range of days, both ends included.',
  fields: (t) => ({
    minimum: t.field({ type: 'Date', nullable: true, description: 'First day.', resolve: (r) => calendarDate(r.minimum) }),
    maximum: t.field({ type: 'Date', nullable: true, description: 'Last day.', resolve: (r) => calendarDate(r.maximum) }),
  }),
});

export const listArgs = builder.args((t) => ({
  language: languageArg,
  region: t.string({ required: false, description: 'Only movies released in this ISO 3166-1 country, e.g. "US".' }),
}));

export function listParams(args: { language?: string | null; region?: string | null }, page: number) {
  return { ...paging({ ...args, page }), region: valid.country('region', args.region) };
}

builder.queryFields((t) => ({
  latestMovie: t.field({
    type: Movie,
    nullable: true,
    description: 'The movie most recently added to the catalog.',
    resolve: (_, __, c) => c.loaders.latestMovie.load({}),
  }),
  movieWatchProviders: t.field({
    nullable: true,
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

import { builder } from '../builder.ts';
import { pageArgs, paging } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { Search } from '../search/search.ts';
import { TVSeries, TVSeriesPage } from './ref.ts';

/** The ordered series lists (airing today, on the air, popular, top rated, latest) and series search. */

/** An IANA time zone name ("Europe/Paris", "America/Argentina/Buenos_Aires", "UTC"). */
export function timezone(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) {
    throw valid.badInput('timezone', 'must be an IANA time zone name such as "Europe/Paris".');
  }
  return value;
}

const airingArgs = builder.args((t) => ({
  ...pageArgs,
  timezone: t.string({
    required: false,
    description: 'IANA time zone whose calendar day counts as "today" ("America/New_York"). Defaults to UTC.',
  }),
}));

builder.queryFields((t) => ({
  airingTodayTVSeries: t.field({
    type: TVSeriesPage,
    nullable: true,
    deprecationReason: 'Use `airingTodayTVSeriesConnection`.',
    description: 'Series with an episode airing today (in the given time zone), most popular first.',
    args: airingArgs,
    resolve: (_, args, c) =>
      c.loaders.airingTodayTVSeries.load({
        page: valid.page('page', args.page),
        language: valid.language('language', args.language),
        timezone: timezone(args.timezone),
      }),
  }),
  onTheAirTVSeries: t.field({
    type: TVSeriesPage,
    nullable: true,
    deprecationReason: 'Use `onTheAirTVSeriesConnection`.',
    description: 'Series with an episode airing in the next 7 days, today included, most popular first.',
    args: airingArgs,
    resolve: (_, args, c) =>
      c.loaders.onTheAirTVSeries.load({
        page: valid.page('page', args.page),
        language: valid.language('language', args.language),
        timezone: timezone(args.timezone),
      }),
  }),
  popularTVSeries: t.field({
    type: TVSeriesPage,
    nullable: true,
    deprecationReason: 'Use `popularTVSeriesConnection`.',
    description: 'All series, most popular first.',
    args: pageArgs,
    resolve: (_, args, c) => c.loaders.popularTVSeries.load({ ...paging(args) }),
  }),
  topRatedTVSeries: t.field({
    type: TVSeriesPage,
    nullable: true,
    deprecationReason: 'Use `topRatedTVSeriesConnection`.',
    description: 'Series with enough votes to rank, best average vote first.',
    args: pageArgs,
    resolve: (_, args, c) => c.loaders.topRatedTVSeries.load({ ...paging(args) }),
  }),
  latestTVSeries: t.field({
    type: TVSeries,
    nullable: true,
    description: 'The series most recently added to the catalog.',
    resolve: (_, __, c) => c.loaders.latestTVSeries.load({}),
  }),
}));

builder.objectFields(Search, (t) => ({
  tv: t.field({
    type: TVSeriesPage,
    nullable: true,
    deprecationReason: 'Use `tvConnection`.',
    description: 'TV series whose name or original name contains the query (case-insensitive); names that start with it first.',
    args: {
      query: t.arg.string({ required: true, description: 'Text to look for, 1 to 200 characters.' }),
      ...pageArgs,
      includeAdult: t.arg.boolean({ required: false, description: 'Include adult series. Defaults to false.' }),
      firstAirDateYear: t.arg.int({ required: false, description: 'Only series whose first episode aired in this year.' }),
      year: t.arg.int({ required: false, description: 'Only series with the first air date or any episode in this year.' }),
    },
    resolve: (_, args, c) =>
      c.loaders.searchTVSeries.load({
        query: valid.text('query', args.query, 200),
        page: valid.page('page', args.page),
        language: valid.language('language', args.language),
        includeAdult: args.includeAdult ?? undefined,
        firstAirDateYear: valid.year('firstAirDateYear', args.firstAirDateYear),
        year: valid.year('year', args.year),
      }),
  }),
}));

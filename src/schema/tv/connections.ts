import { builder } from '../builder.ts';
import { connectionArgs, connectionCost, connectionOf, connectPages } from '../kit/connection.ts';
import { languageArg } from '../kit/language-args.ts';
import { paging } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { Person } from '../person/person.ts';
import { ReviewConnection } from '../review/review.ts';
import { Search } from '../search/search.ts';
import { TimeWindow, Trending } from '../trending/trending.ts';
import { TVSeries } from './ref.ts';
import { timezone } from './series-lists.ts';

/** The series and people feeds, each a Relay cursor connection over the catalog's numbered pages. */

export const TVSeriesConnection = connectionOf('TVSeries', 'TV series', TVSeries);
const PersonConnection = connectionOf('Person', 'people', Person);

const language = languageArg;
const queryArgs = builder.args((t) => ({
  query: t.string({ required: true, description: 'Text to look for, 1 to 200 characters.' }),
}));

const timezoneArg = (t: Parameters<Parameters<typeof builder.queryFields>[0]>[0]) =>
  t.arg.string({
    required: false,
    defaultValue: 'UTC',
    description: 'IANA time zone whose calendar day counts as "today" ("America/New_York"). Defaults to "UTC".',
  });

builder.queryFields((t) => ({
  airingTodayTVSeries: t.field({
    type: TVSeriesConnection,
    description: 'Series with an episode airing today (in the given time zone), most popular first.',
    args: { language, timezone: timezoneArg(t), ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const zone = timezone(args.timezone);
      return connectPages(args, info, (page) => c.loaders.airingTodayTVSeries.load({ ...paging({ ...args, page }), timezone: zone }));
    },
  }),
  onTheAirTVSeries: t.field({
    type: TVSeriesConnection,
    description: 'Series with an episode airing in the next 7 days, today included, most popular first.',
    args: { language, timezone: timezoneArg(t), ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const zone = timezone(args.timezone);
      return connectPages(args, info, (page) => c.loaders.onTheAirTVSeries.load({ ...paging({ ...args, page }), timezone: zone }));
    },
  }),
  popularPeople: t.field({
    type: PersonConnection,
    description: 'The most popular people of the catalog, most popular first.',
    args: { language, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => connectPages(args, info, (page) => c.loaders.popularPeople.load(paging({ ...args, page }))),
  }),
  popularTVSeries: t.field({
    type: TVSeriesConnection,
    description: 'All series, most popular first.',
    args: { language, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => connectPages(args, info, (page) => c.loaders.popularTVSeries.load(paging({ ...args, page }))),
  }),
  topRatedTVSeries: t.field({
    type: TVSeriesConnection,
    description: 'Series with enough votes to rank, best average vote first.',
    args: { language, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => connectPages(args, info, (page) => c.loaders.topRatedTVSeries.load(paging({ ...args, page }))),
  }),
}));

builder.objectFields(Trending, (t) => ({
  tvSeries: t.field({
    type: TVSeriesConnection,
    description: 'The TV series trending over the given period, most popular first.',
    args: { timeWindow: t.arg({ type: TimeWindow, required: true, description: 'The period.' }), language, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.trendingTVSeries.load({ timeWindow: args.timeWindow, ...paging({ ...args, page }) })),
  }),
  people: t.field({
    type: PersonConnection,
    description: 'The people trending over the given period, most popular first.',
    args: { timeWindow: t.arg({ type: TimeWindow, required: true, description: 'The period.' }), language, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.trendingPeople.load({ timeWindow: args.timeWindow, ...paging({ ...args, page }) })),
  }),
}));

builder.objectFields(Search, (t) => ({
  tvSeries: t.field({
    type: TVSeriesConnection,
    description: 'TV series whose name or original name contains the query (case-insensitive); names that start with it first.',
    args: {
      ...queryArgs,
      language,
      includeAdult: t.arg.boolean({ required: false, defaultValue: false, description: 'Include adult series. Defaults to false.' }),
      firstAirDateYear: t.arg.int({ required: false, description: 'Only series whose first episode aired in this year.' }),
      year: t.arg.int({ required: false, description: 'Only series with the first air date or any episode in this year.' }),
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
        firstAirDateYear: valid.year('firstAirDateYear', args.firstAirDateYear),
        year: valid.year('year', args.year),
      };
      return connectPages(args, info, (page) => c.loaders.searchTVSeries.load({ ...filters, page }));
    },
  }),
  people: t.field({
    type: PersonConnection,
    description: 'People whose name (or another name they are known by) matches the query; best matches first.',
    args: {
      ...queryArgs,
      language,
      includeAdult: t.arg.boolean({
        required: false,
        defaultValue: false,
        description: 'Whether to include people of adult content. Defaults to false.',
      }),
      ...connectionArgs,
    },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const filters = {
        query: valid.text('query', args.query, 200),
        language: valid.language('language', args.language),
        includeAdult: args.includeAdult ?? undefined,
      };
      return connectPages(args, info, (page) => c.loaders.searchPeople.load({ ...filters, page }));
    },
  }),
}));

builder.objectFields(TVSeries, (t) => ({
  reviews: t.field({
    type: ReviewConnection,
    description: 'User reviews of the series, oldest first.',
    args: { language, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (s, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.tvSeriesReviews.load({ seriesId: s.id, ...paging({ ...args, page }) })),
  }),
  recommendations: t.field({
    type: TVSeriesConnection,
    description: 'Series recommended to people who liked this one (sharing a genre), most popular first.',
    args: { language, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (s, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.tvSeriesRecommendations.load({ seriesId: s.id, ...paging({ ...args, page }) })),
  }),
  similar: t.field({
    type: TVSeriesConnection,
    description: 'Series similar to this one: the most genres in common first, then the most votes.',
    args: { language, ...connectionArgs },
    nullable: true,
    complexity: connectionCost,
    resolve: (s, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.similarTVSeries.load({ seriesId: s.id, ...paging({ ...args, page }) })),
  }),
}));

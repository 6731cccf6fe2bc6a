import { builder } from '../builder.ts';
import { connectionArgs, connectionCost, connectionOf, connectPages } from '../kit/connection.ts';
import { pageArgs, paging } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { Person } from '../person/person.ts';
import { ReviewConnection } from '../review/review.ts';
import { Search } from '../search/search.ts';
import { TimeWindow, Trending } from '../trending/trending.ts';
import { TVSeries } from './ref.ts';
import { timezone } from './series-lists.ts';

/** The series and people feeds as Relay cursor connections, beside their numbered pages. */

export const TVSeriesConnection = connectionOf('TVSeries', 'TV series', TVSeries);
const PersonConnection = connectionOf('Person', 'people', Person);

const language = pageArgs.language;
const queryArgs = builder.args((t) => ({
  query: t.string({ required: true, description: 'Text to look for, 1 to 200 characters.' }),
}));

const timezoneArg = (t: Parameters<Parameters<typeof builder.queryFields>[0]>[0]) =>
  t.arg.string({
    required: false,
    description: 'IANA time zone whose calendar day counts as "today" ("America/New_York"). Defaults to UTC.',
  });

builder.queryFields((t) => ({
  airingTodayTVSeriesConnection: t.field({
    type: TVSeriesConnection,
    description: 'Series with an episode airing today (in the given time zone), most popular first, as a cursor connection.',
    args: { language, timezone: timezoneArg(t), ...connectionArgs },
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const zone = timezone(args.timezone);
      return connectPages(args, info, (page) => c.loaders.airingTodayTVSeries.load({ ...paging({ ...args, page }), timezone: zone }));
    },
  }),
  onTheAirTVSeriesConnection: t.field({
    type: TVSeriesConnection,
    description: 'Series with an episode airing in the next 7 days, today included, most popular first, as a cursor connection.',
    args: { language, timezone: timezoneArg(t), ...connectionArgs },
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const zone = timezone(args.timezone);
      return connectPages(args, info, (page) => c.loaders.onTheAirTVSeries.load({ ...paging({ ...args, page }), timezone: zone }));
    },
  }),
  popularPeopleConnection: t.field({
    type: PersonConnection,
    description: 'The most popular people of the catalog, most popular first, as a cursor connection.',
    args: { language, ...connectionArgs },
    complexity: connectionCost,
    resolve: (_, args, c, info) => connectPages(args, info, (page) => c.loaders.popularPeople.load(paging({ ...args, page }))),
  }),
  popularTVSeriesConnection: t.field({
    type: TVSeriesConnection,
    description: 'TV series, most popular first, as a cursor connection (see `popularTVSeries` for pages).',
    args: { language, ...connectionArgs },
    complexity: connectionCost,
    resolve: (_, args, c, info) => connectPages(args, info, (page) => c.loaders.popularTVSeries.load(paging({ ...args, page }))),
  }),
  topRatedTVSeriesConnection: t.field({
    type: TVSeriesConnection,
    description: 'TV series with enough votes to rank, best first, as a cursor connection (see `topRatedTVSeries`).',
    args: { language, ...connectionArgs },
    complexity: connectionCost,
    resolve: (_, args, c, info) => connectPages(args, info, (page) => c.loaders.topRatedTVSeries.load(paging({ ...args, page }))),
  }),
}));

builder.objectFields(Trending, (t) => ({
  tvConnection: t.field({
    type: TVSeriesConnection,
    description: 'The TV series trending over the given period, as a cursor connection (see `tv`).',
    args: { timeWindow: t.arg({ type: TimeWindow, required: true, description: 'The period.' }), language, ...connectionArgs },
    complexity: connectionCost,
    resolve: (_, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.trendingTVSeries.load({ timeWindow: args.timeWindow, ...paging({ ...args, page }) })),
  }),
  peopleConnection: t.field({
    type: PersonConnection,
    description: 'The people trending over the given period, as a cursor connection (see `people`).',
    args: { timeWindow: t.arg({ type: TimeWindow, required: true, description: 'The period.' }), language, ...connectionArgs },
    complexity: connectionCost,
    resolve: (_, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.trendingPeople.load({ timeWindow: args.timeWindow, ...paging({ ...args, page }) })),
  }),
}));

builder.objectFields(Search, (t) => ({
  tvConnection: t.field({
    type: TVSeriesConnection,
    description: 'TV series whose name contains the query, as a cursor connection (see `tv` for pages and the other filters).',
    args: { ...queryArgs, language, ...connectionArgs },
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const text = valid.text('query', args.query, 200);
      return connectPages(args, info, (page) => c.loaders.searchTVSeries.load({ query: text, ...paging({ ...args, page }) }));
    },
  }),
  peopleConnection: t.field({
    type: PersonConnection,
    description: 'People whose name matches the query, as a cursor connection (see `people` for pages).',
    args: { ...queryArgs, language, ...connectionArgs },
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const text = valid.text('query', args.query, 200);
      return connectPages(args, info, (page) => c.loaders.searchPeople.load({ query: text, ...paging({ ...args, page }) }));
    },
  }),
}));

builder.objectFields(TVSeries, (t) => ({
  reviewsConnection: t.field({
    type: ReviewConnection,
    description: 'User reviews of the series, as a cursor connection (see `reviews` for pages).',
    args: { language, ...connectionArgs },
    complexity: connectionCost,
    resolve: (s, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.tvSeriesReviews.load({ seriesId: s.id, ...paging({ ...args, page }) })),
  }),
  recommendationsConnection: t.field({
    type: TVSeriesConnection,
    description: 'Series recommended to people who liked this one (sharing a genre), most popular first, as a cursor connection.',
    args: { language, ...connectionArgs },
    complexity: connectionCost,
    resolve: (s, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.tvSeriesRecommendations.load({ seriesId: s.id, ...paging({ ...args, page }) })),
  }),
  similarConnection: t.field({
    type: TVSeriesConnection,
    description: 'Series similar to this one: the most genres in common first, then the most votes; as a cursor connection.',
    args: { language, ...connectionArgs },
    complexity: connectionCost,
    resolve: (s, args, c, info) =>
      connectPages(args, info, (page) => c.loaders.similarTVSeries.load({ seriesId: s.id, ...paging({ ...args, page }) })),
  }),
}));

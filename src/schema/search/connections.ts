import { builder } from '../builder.ts';
import { connectionArgs, connectionCost, connectionOf, connectPages } from '../kit/connection.ts';
import { paging } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { TimeWindow, Trending } from '../trending/trending.ts';
import { MediaResult, withKinds } from './media-result.ts';
import { Search } from './search.ts';

/** The lists that mix movies, series, people and collections, as Relay cursor connections beside their pages. */

const MediaResultConnection = connectionOf('MediaResult', 'movies, series, people and collections', MediaResult);

builder.objectFields(Search, (t) => ({
  multiConnection: t.field({
    type: MediaResultConnection,
    description: 'Movies, TV series and people whose title or name contains the query, best matches first, as a cursor connection.',
    args: {
      query: t.arg.string({ required: true, description: 'Text to look for, 1 to 200 characters.' }),
      language: t.arg.string({ required: false, description: 'Language of the texts ("en", "en-US"). Defaults to en-US.' }),
      includeAdult: t.arg.boolean({ required: false, description: 'Include adult titles and people. Defaults to false.' }),
      ...connectionArgs,
    },
    complexity: connectionCost,
    resolve: (_, args, c, info) => {
      const query = valid.text('query', args.query, 200);
      const language = valid.language('language', args.language);
      return connectPages(args, info, (page) =>
        withKinds(c.loaders.searchMulti.load({ query, page, language, includeAdult: args.includeAdult ?? undefined })),
      );
    },
  }),
}));

builder.objectFields(Trending, (t) => ({
  allConnection: t.field({
    type: MediaResultConnection,
    description: 'Movies, TV series and people trending over the given period, mixed, most trending first, as a cursor connection.',
    args: {
      timeWindow: t.arg({ type: TimeWindow, required: true, description: 'The period.' }),
      language: t.arg.string({ required: false, description: 'Language of the texts ("en", "en-US"). Defaults to en-US.' }),
      ...connectionArgs,
    },
    complexity: connectionCost,
    resolve: (_, args, c, info) =>
      connectPages(args, info, (page) =>
        withKinds(c.loaders.trendingAll.load({ timeWindow: args.timeWindow, ...paging({ ...args, page }) })),
      ),
  }),
}));

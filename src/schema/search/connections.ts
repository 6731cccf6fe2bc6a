import { builder } from '../builder.ts';
import { Collection } from '../collection/collection.ts';
import { Company } from '../company/company.ts';
import { Keyword } from '../keyword/keyword.ts';
import { connectionArgs, connectionCost, connectionOf, connectPages } from '../kit/connection.ts';
import { paging } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { TimeWindow, Trending } from '../trending/trending.ts';
import { MediaResult, withKinds } from './media-result.ts';
import { Search } from './search.ts';

/** The lists that mix movies, series, people and collections, as Relay cursor connections beside their pages. */

const MediaResultConnection = connectionOf('MediaResult', 'movies, series, people and collections', MediaResult);
const CollectionConnection = connectionOf('Collection', 'collections', Collection);
const CompanyConnection = connectionOf('Company', 'companies', Company);
const KeywordConnection = connectionOf('Keyword', 'keywords', Keyword);

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

builder.objectFields(Search, (t) => {
  const query = (what: string) => t.arg.string({ required: true, description: `Text to look for in ${what} (1 to 200 characters).` });
  return {
    collectionsConnection: t.field({
      type: CollectionConnection,
      description: 'Collections whose name matches the query, as a cursor connection.',
      args: {
        query: query('collection names'),
        language: t.arg.string({ required: false, description: 'Language of the texts ("en", "en-US"). Defaults to en-US.' }),
        includeAdult: t.arg.boolean({ required: false, description: 'Whether to include adult collections. Defaults to false.' }),
        region: t.arg.string({ required: false, description: 'ISO 3166-1 country ("US") whose release data to prefer.' }),
        ...connectionArgs,
      },
      complexity: connectionCost,
      resolve: (_, args, c, info) => {
        const params = {
          query: valid.text('query', args.query, 200),
          language: valid.language('language', args.language),
          includeAdult: args.includeAdult ?? undefined,
          region: valid.country('region', args.region),
        };
        return connectPages(args, info, (page) => c.loaders.searchCollections.load({ ...params, page }));
      },
    }),
    companiesConnection: t.field({
      type: CompanyConnection,
      description: 'Companies whose name or alternative names match the query, as a cursor connection.',
      args: { query: query('company names'), ...connectionArgs },
      complexity: connectionCost,
      resolve: (_, args, c, info) => {
        const text = valid.text('query', args.query, 200);
        return connectPages(args, info, (page) => c.loaders.searchCompanies.load({ query: text, page }));
      },
    }),
    keywordsConnection: t.field({
      type: KeywordConnection,
      description: 'Keywords that contain the query, as a cursor connection.',
      args: { query: query('keywords'), ...connectionArgs },
      complexity: connectionCost,
      resolve: (_, args, c, info) => {
        const text = valid.text('query', args.query, 200);
        return connectPages(args, info, (page) => c.loaders.searchKeywords.load({ query: text, page }));
      },
    }),
  };
});

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

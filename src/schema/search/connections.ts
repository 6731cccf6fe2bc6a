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
import { textsLanguageArg } from '../kit/language-args.ts';

/** The lists that mix movies, series, people and collections, and the searches of collections, companies and keywords, as Relay cursor connections. */

const MediaResultConnection = connectionOf('MediaResult', 'movies, series, people and collections', MediaResult);
const CollectionConnection = connectionOf('Collection', 'collections', Collection);
const CompanyConnection = connectionOf('Company', 'companies', Company);
const KeywordConnection = connectionOf('Keyword', 'keywords', Keyword);

builder.objectFields(Search, (t) => ({
  multi: t.field({
    type: MediaResultConnection,
    description: 'Movies, TV series and people whose title or name contains the query, best matches first.',
    args: {
      query: t.arg.string({ required: true, description: 'Text to look for, 1 to 200 characters.' }),
      language: textsLanguageArg,
      includeAdult: t.arg.boolean({
        required: false,
        defaultValue: false,
        description: 'Include adult titles and people. Defaults to false.',
      }),
      ...connectionArgs,
    },
    nullable: true,
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
    collections: t.field({
      type: CollectionConnection,
      description: 'Collections whose name matches the query.',
      args: {
        query: query('collection names'),
        language: textsLanguageArg,
        includeAdult: t.arg.boolean({
          required: false,
          defaultValue: false,
          description: 'Whether to include adult collections. Defaults to false.',
        }),
        region: t.arg.string({ required: false, description: 'ISO 3166-1 country ("US") whose release data to prefer.' }),
        ...connectionArgs,
      },
      nullable: true,
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
    companies: t.field({
      type: CompanyConnection,
      description: 'Companies whose name or alternative names match the query.',
      args: { query: query('company names'), ...connectionArgs },
      nullable: true,
      complexity: connectionCost,
      resolve: (_, args, c, info) => {
        const text = valid.text('query', args.query, 200);
        return connectPages(args, info, (page) => c.loaders.searchCompanies.load({ query: text, page }));
      },
    }),
    keywords: t.field({
      type: KeywordConnection,
      description: 'Keywords that contain the query.',
      args: { query: query('keywords'), ...connectionArgs },
      nullable: true,
      complexity: connectionCost,
      resolve: (_, args, c, info) => {
        const text = valid.text('query', args.query, 200);
        return connectPages(args, info, (page) => c.loaders.searchKeywords.load({ query: text, page }));
      },
    }),
  };
});

builder.objectFields(Trending, (t) => ({
  all: t.field({
    type: MediaResultConnection,
    description: 'Movies, TV series and people trending over the given period, mixed, most trending first.',
    args: {
      timeWindow: t.arg({ type: TimeWindow, required: true, description: 'The period.' }),
      language: textsLanguageArg,
      ...connectionArgs,
    },
    nullable: true,
    complexity: connectionCost,
    resolve: (_, args, c, info) =>
      connectPages(args, info, (page) =>
        withKinds(c.loaders.trendingAll.load({ timeWindow: args.timeWindow, ...paging({ ...args, page }) })),
      ),
  }),
}));

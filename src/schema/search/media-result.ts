import { builder } from '../builder.ts';
import { FindResults } from '../find/find.ts';
import { pageOf, paging } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { Movie } from '../movie/ref.ts';
import { Person } from '../person/person.ts';
import { TimeWindow, Trending } from '../trending/trending.ts';
import { TVSeries } from '../tv/ref.ts';
import { Search } from './search.ts';

/** Lists that mix movies, series and people (trending all, multi search), told apart by media_type. */

export const MediaResult = builder.unionType('MediaResult', {
  description: 'A movie, a TV series or a person, in lists that mix them. Select fields with `... on Movie` and so on.',
  types: [Movie, TVSeries, Person],
  resolveType: (item) => {
    const kind = (item as { media_type?: string }).media_type;
    return kind === 'movie' ? Movie : kind === 'tv' ? TVSeries : Person;
  },
});

const MediaResultPage = pageOf('MediaResultPage', 'movies, series and people', MediaResult, {
  description: 'One page of movies, TV series and people. Pages are 1-based and hold up to 20 results.',
});

builder.objectFields(Trending, (t) => ({
  all: t.field({
    type: MediaResultPage,
    nullable: true,
    description: 'Movies, TV series and people trending over the given period, mixed, most trending first.',
    args: {
      timeWindow: t.arg({ type: TimeWindow, required: true, description: 'The period.' }),
      page: t.arg.int({ required: false, description: 'Which page to return, from 1 to 500. Defaults to 1.' }),
      language: t.arg.string({ required: false, description: 'Language of the texts ("en", "en-US"). Defaults to en-US.' }),
    },
    resolve: (_, args, c) => c.loaders.trendingAll.load({ timeWindow: args.timeWindow, ...paging(args) }),
  }),
}));

builder.objectFields(Search, (t) => ({
  multi: t.field({
    type: MediaResultPage,
    nullable: true,
    description: 'Movies, TV series and people whose title or name contains the query, best matches first.',
    args: {
      query: t.arg.string({ required: true, description: 'Text to look for, 1 to 200 characters.' }),
      page: t.arg.int({ required: false, description: 'Which page to return, from 1 to 500. Defaults to 1.' }),
      language: t.arg.string({ required: false, description: 'Language of the texts ("en", "en-US"). Defaults to en-US.' }),
      includeAdult: t.arg.boolean({ required: false, description: 'Include adult titles and people. Defaults to false.' }),
    },
    resolve: (_, args, c) =>
      c.loaders.searchMulti.load({
        query: valid.text('query', args.query, 200),
        page: valid.page('page', args.page),
        language: valid.language('language', args.language),
        includeAdult: args.includeAdult ?? undefined,
      }),
  }),
}));

builder.objectFields(FindResults, (t) => ({
  people: t.field({ type: [Person], description: 'People with that id.', resolve: (r) => r.person_results }),
}));

import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { carried } from '../kit/carried.ts';
import { pageOf } from '../kit/page.ts';
import { existing } from '../kit/existing.ts';
import * as valid from '../kit/validate.ts';
import { Movie, MoviePage } from '../movie/ref.ts';
import { Search } from '../search/search.ts';
import { TVSeries } from '../tv/ref.ts';

/** A keyword's id plus its name when the parent (a movie's keywords, a search result) carried it. */
export type KeywordSource = { id: number } & Partial<Up.Keyword>;

export const Keyword = builder.objectRef<KeywordSource>('Keyword');

Keyword.implement({
  description: 'A keyword that tags movies and TV series with a theme or plot element, such as "time travel".',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier of the keyword.' }),
    name: t.string({
      description: 'The keyword itself.',
      resolve: (k, _, c) => carried(k, 'name', () => c.loaders.keyword.load({ keywordId: k.id })),
    }),
    movies: t.field({
      type: MoviePage,
      nullable: true,
      deprecationReason: 'Use `moviesConnection`.',
      description: 'The movies tagged with this keyword, most popular first.',
      args: {
        page: t.arg.int({ required: false, description: 'Which page to return, from 1 to 500. Defaults to 1.' }),
        language: t.arg.string({
          required: false,
          description: 'Language of the texts, as ISO 639-1 with an optional region ("en", "en-US"). Defaults to en-US.',
        }),
        includeAdult: t.arg.boolean({ required: false, description: 'Whether to include adult movies. Defaults to false.' }),
      },
      resolve: (k, args, c) =>
        c.loaders.keywordMovies.load({
          keywordId: k.id,
          page: valid.page('page', args.page),
          language: valid.language('language', args.language),
          includeAdult: args.includeAdult ?? undefined,
        }),
    }),
  }),
});

const KeywordPage = pageOf('KeywordPage', 'keywords', Keyword);

builder.objectFields(Movie, (t) => ({
  keywords: t.field({
    type: [Keyword],
    nullable: true,
    description: 'The keywords the movie is tagged with.',
    resolve: async (m, _, c) => (await c.loaders.movieKeywords.load({ movieId: m.id })).keywords,
  }),
}));

builder.objectFields(TVSeries, (t) => ({
  keywords: t.field({
    type: [Keyword],
    nullable: true,
    description: 'The keywords the series is tagged with.',
    resolve: async (s, _, c) => (await c.loaders.tvSeriesKeywords.load({ seriesId: s.id })).results,
  }),
}));

builder.objectFields(Search, (t) => ({
  keywords: t.field({
    type: KeywordPage,
    nullable: true,
    deprecationReason: 'Use `keywordsConnection`.',
    description: 'Keywords that contain the query.',
    args: {
      query: t.arg.string({ required: true, description: 'Text to look for in keywords (1 to 200 characters).' }),
      page: t.arg.int({ required: false, description: 'Which page to return, from 1 to 500. Defaults to 1.' }),
    },
    resolve: (_, args, c) =>
      c.loaders.searchKeywords.load({ query: valid.text('query', args.query, 200), page: valid.page('page', args.page) }),
  }),
}));

builder.queryFields((t) => ({
  keyword: t.field({
    type: Keyword,
    nullable: true,
    description: 'A keyword by its id. Null, with one NOT_FOUND error at this field, when the catalog has no such keyword.',
    args: { id: t.arg.int({ required: true, description: 'Identifier of the keyword.' }) },
    resolve: (_, args, c, info) =>
      existing({ id: valid.id('id', args.id) }, (k: KeywordSource, cx) => cx.loaders.keyword.load({ keywordId: k.id }), c, info, 'Keyword'),
  }),
}));

import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { carried, existing } from '../kit/details.ts';
import * as valid from '../kit/validate.ts';
import { Movie } from '../movie/ref.ts';
import { TVSeries } from '../tv/ref.ts';
import { byCatalogId } from '../kit/database-id.ts';

/** A keyword's id plus its name when the parent (a movie's keywords, a search result) carried it. */
export type KeywordSource = { id: number } & Partial<Up.Keyword>;

export const Keyword = builder.objectRef<KeywordSource>('Keyword');

Keyword.implement({
  description: 'A keyword that tags movies and TV series with a theme or plot element, such as "time travel".',
  fields: (t) => ({
    databaseId: t.exposeInt('id', {
      description: "The catalog's identifier of the keyword (`keyword(id:)`'s argument). `id` is the global id.",
    }),
    name: t.string({
      description: 'The keyword itself.',
      resolve: (k, _, c) => carried(k, 'name', () => c.loaders.keyword.load({ keywordId: k.id })),
    }),
  }),
});

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

builder.queryFields((t) => ({
  keyword: t.field({
    type: Keyword,
    nullable: true,
    description: 'A keyword by its id. Null, with one NOT_FOUND error at this field, when the catalog has no such keyword.',
    args: { id: t.arg.int({ required: true, description: byCatalogId('keyword') }) },
    resolve: (_, args, c, info) =>
      existing({ id: valid.id('id', args.id) }, (k: KeywordSource, cx) => cx.loaders.keyword.load({ keywordId: k.id }), c, info, 'Keyword'),
  }),
}));

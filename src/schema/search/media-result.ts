import type { MultiItem } from '../../upstream/api/search.ts';
import { builder } from '../builder.ts';
import { Collection } from '../collection/collection.ts';
import { FindResults } from '../find/find.ts';
import { pageOf, paging } from '../kit/page.ts';
import * as valid from '../kit/validate.ts';
import { Movie } from '../movie/ref.ts';
import { Person } from '../person/person.ts';
import { TimeWindow, Trending } from '../trending/trending.ts';
import { TVSeries } from '../tv/ref.ts';
import { Search } from './search.ts';

/** Lists that mix movies, series, people and collections (trending all, multi search), told apart by media_type. */

/** An item whose media_type this gateway does not know: shown as it is, never taken for another kind. */
const OtherMedia = builder.objectRef<{ id: number; media_type: string }>('OtherMedia').implement({
  description: 'An item of a mixed list of a kind the gateway does not know yet: its id and the kind the catalog named.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier of the item, in the id space of its kind.' }),
    mediaType: t.exposeString('media_type', { description: 'The kind the catalog named, as it sent it.' }),
  }),
});

const KINDS = { movie: Movie, tv: TVSeries, person: Person, collection: Collection } as const;

export const MediaResult = builder.unionType('MediaResult', {
  description:
    'A movie, a TV series, a person or a collection, in lists that mix them (`OtherMedia` for a kind the gateway does not know). Select fields with `... on Movie` and so on.',
  types: [Movie, TVSeries, Person, Collection, OtherMedia],
  resolveType: (item) => KINDS[(item as { media_type?: string }).media_type as keyof typeof KINDS] ?? OtherMedia,
});

/** A collection item names itself like a movie (`title`); as a Collection it carries `name`. */
function asResult(item: MultiItem): MultiItem {
  if (item.media_type !== 'collection' || !('title' in item)) return item;
  const { title, original_title, ...rest } = item;
  return { ...rest, name: title, original_name: original_title } as MultiItem;
}
export const withKinds = async <Page extends { results: MultiItem[] }>(page: Promise<Page>) => {
  const loaded = await page;
  return { ...loaded, results: loaded.results.map(asResult) };
};

const MediaResultPage = pageOf('MediaResultPage', 'movies, series and people', MediaResult, {
  description: 'One page of movies, TV series and people. Pages are 1-based and hold up to 20 results.',
});

builder.objectFields(Trending, (t) => ({
  all: t.field({
    type: MediaResultPage,
    nullable: true,
    deprecationReason: 'Use `allConnection`.',
    description: 'Movies, TV series and people trending over the given period, mixed, most trending first.',
    args: {
      timeWindow: t.arg({ type: TimeWindow, required: true, description: 'The period.' }),
      page: t.arg.int({ required: false, description: 'Which page to return, from 1 to 500. Defaults to 1.' }),
      language: t.arg.string({ required: false, description: 'Language of the texts ("en", "en-US"). Defaults to en-US.' }),
    },
    resolve: (_, args, c) => withKinds(c.loaders.trendingAll.load({ timeWindow: args.timeWindow, ...paging(args) })),
  }),
}));

builder.objectFields(Search, (t) => ({
  multi: t.field({
    type: MediaResultPage,
    nullable: true,
    deprecationReason: 'Use `multiConnection`.',
    description: 'Movies, TV series and people whose title or name contains the query, best matches first.',
    args: {
      query: t.arg.string({ required: true, description: 'Text to look for, 1 to 200 characters.' }),
      page: t.arg.int({ required: false, description: 'Which page to return, from 1 to 500. Defaults to 1.' }),
      language: t.arg.string({ required: false, description: 'Language of the texts ("en", "en-US"). Defaults to en-US.' }),
      includeAdult: t.arg.boolean({ required: false, description: 'Include adult titles and people. Defaults to false.' }),
    },
    resolve: (_, args, c) =>
      withKinds(
        c.loaders.searchMulti.load({
          query: valid.text('query', args.query, 200),
          page: valid.page('page', args.page),
          language: valid.language('language', args.language),
          includeAdult: args.includeAdult ?? undefined,
        }),
      ),
  }),
}));

builder.objectFields(FindResults, (t) => ({
  people: t.field({ type: [Person], description: 'People with that id.', resolve: (r) => r.person_results }),
}));

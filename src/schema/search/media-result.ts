import type { MultiItem } from '../../upstream/api/search.ts';
import { builder } from '../builder.ts';
import { Collection } from '../collection/collection.ts';
import { FindResults } from '../find/find.ts';
import { Movie } from '../movie/ref.ts';
import { Person } from '../person/person.ts';
import { TVSeries } from '../tv/ref.ts';

/** The items of the lists that mix movies, series, people and collections (trending all, multi search; search/connections.ts), told apart by media_type. */

/** An item whose media_type this gateway does not know: shown as it is, never taken for another kind. */
const OtherMedia = builder.objectRef<{ id: number; media_type: string }>('OtherMedia').implement({
  description: 'An item of a mixed list of a kind the gateway does not know yet: its id and the kind the catalog named.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', {
      description: "The catalog's identifier of the item, in the id space of its kind; `id` is the global id.",
    }),
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

builder.objectFields(FindResults, (t) => ({
  people: t.field({ type: [Person], description: 'People with that id.', resolve: (r) => r.person_results }),
}));

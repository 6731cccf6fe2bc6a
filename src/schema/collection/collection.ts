import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { carried, carriedFrom, existing } from '../kit/details.ts';
import { Image, imageLanguage, imageLanguageArgs } from '../kit/image.ts';
import { Translation, translationsOf } from '../kit/translation.ts';
import { subtreeLanguageArgs } from '../kit/language-args.ts';
import * as valid from '../kit/validate.ts';
import { Movie, type MovieSource } from '../movie/ref.ts';
import { byCatalogId } from '../kit/database-id.ts';

/** A collection's id plus whatever its parent (a movie's `belongs_to_collection`, a search result) carried. */
export type CollectionSource = { id: number } & Partial<Up.CollectionDetails>;

export const Collection = builder.objectRef<CollectionSource>('Collection');

const fromDetail = carriedFrom((collection: CollectionSource, context: GatewayContext) =>
  context.loaders.collection.load({ collectionId: collection.id }),
);

/** A part as a Movie carrying its summary; the title may come as `title` or (spec example) `name`. */
function partAsMovie(part: Up.CollectionPart): MovieSource {
  const { name, original_name, title, original_title, ...summary } = part;
  const movie: MovieSource = { ...summary };
  const movieTitle = title ?? name;
  const originalTitle = original_title ?? original_name;
  if (movieTitle !== undefined) movie.title = movieTitle;
  if (originalTitle !== undefined) movie.original_title = originalTitle;
  return movie;
}

const CollectionImages = builder.objectRef<Up.CollectionImages>('CollectionImages').implement({
  description: 'The images of a collection, by kind.',
  fields: (t) => ({
    backdrops: t.field({ type: [Image], description: 'Backdrops: wide background pictures.', resolve: (i) => i.backdrops }),
    posters: t.field({ type: [Image], description: 'Posters: cover pictures, one per language and design.', resolve: (i) => i.posters }),
  }),
});

Collection.implement({
  description: 'A collection of movies that belong together, such as a film series and its sequels.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', {
      description: "The catalog's identifier of the collection (`collection(id:)`'s argument). `id` is the global id.",
    }),
    name: t.string({ description: 'Name in the requested language.', resolve: fromDetail('name') }),
    adult: t.boolean({
      nullable: true,
      description: 'Whether the collection is adult content, as search results carry it; null otherwise (collection details do not say).',
      resolve: (co) => co.adult ?? null,
    }),
    originalName: t.string({
      nullable: true,
      description: 'Name in the original language; null where the service left it out (answers of 2014, 2022 and 2023).',
      resolve: fromDetail('original_name'),
    }),
    originalLanguage: t.string({
      nullable: true,
      description: 'ISO 639-1 code of the original language; null where the service left it out (answers of 2014, 2022 and 2023).',
      resolve: fromDetail('original_language'),
    }),
    overview: t.string({ nullable: true, description: 'Summary; may be empty.', resolve: fromDetail('overview') }),
    posterPath: t.string({
      nullable: true,
      description:
        'Path of the poster, the cover picture of the collection (see `Image.filePath`); null when none. `posterUrl` is its address.',
      resolve: fromDetail('poster_path'),
    }),
    posterUrl: imageUrlField(t, 'poster', fromDetail('poster_path'), 'poster (the cover picture)'),
    backdropPath: t.string({
      nullable: true,
      description: 'Path of the backdrop, a wide background picture; null when none. `backdropUrl` is its address.',
      resolve: fromDetail('backdrop_path'),
    }),
    backdropUrl: imageUrlField(t, 'backdrop', fromDetail('backdrop_path'), 'backdrop (the wide background picture)'),
    parts: t.field({
      nullable: true,
      type: [Movie],
      description: 'The movies of the collection, in release order (unknown dates last). Each carries its summary.',
      resolve: fromDetail('parts', (value) => value.map(partAsMovie)),
    }),
    images: t.field({
      type: CollectionImages,
      nullable: true,
      description: 'Pictures of the collection: backdrops and posters.',
      args: imageLanguageArgs,
      resolve: (co, args, c) => c.loaders.collectionImages.load({ collectionId: co.id, ...imageLanguage(args) }),
    }),
    translations: t.field({
      type: [Translation],
      nullable: true,
      description: 'The name (in `data.title`) and overview of the collection in other languages.',
      resolve: async (co, _, c) => translationsOf(await c.loaders.collectionTranslations.load({ collectionId: co.id })),
    }),
  }),
});

builder.objectFields(Movie, (t) => ({
  collection: t.field({
    type: Collection,
    nullable: true,
    description: 'The collection (film series) the movie belongs to; null when it belongs to none.',
    resolve: (m, _, c) => carried(m, 'belongs_to_collection', () => c.loaders.movie.load({ movieId: m.id })),
  }),
}));

builder.queryFields((t) => ({
  collection: t.field({
    type: Collection,
    nullable: true,
    description: 'A collection of movies by its id. Null, with one NOT_FOUND error at this field, when the catalog has no such collection.',
    args: { id: t.arg.int({ required: true, description: byCatalogId('collection') }), ...subtreeLanguageArgs },
    resolve: (_, args, c, info) => {
      valid.language('language', args.language);
      return existing({ id: valid.id('id', args.id) }, fromDetail.load, c, info, 'Collection');
    },
  }),
}));

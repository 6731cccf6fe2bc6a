import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../context.ts';
import { builder } from '../builder.ts';
import { keysCost, MAX_KEYS } from '../kit/keys-cost.ts';
import { existing } from '../kit/details.ts';
import * as valid from '../kit/validate.ts';
import { readableListIds } from '../list/list-id.ts';
import { ENTITIES, type EntityKind, type EpisodeKey, type SeasonKey } from './kinds.ts';
import { byCatalogIds } from '../kit/database-id.ts';

/**
 * Roots that take a list of keys, for a larger graph that merges this one (schema stitching
 * batches every reference of one request into one of these). The answer keeps the order asked;
 * an object the catalog lacks is null at its index, with one NOT_FOUND error at that index.
 * Each object goes through the request's loaders as `movie(id:)` does, so 50 ids cost at most
 * 50 upstream calls (sub-resources merged into each object's call) and a warm cache costs none.
 */

function keys(argument: string) {
  return (args: Record<string, unknown>) => keysCost(argument, args);
}

/** Each object as `movie(id:)` answers it: one missing is null at its index, with one NOT_FOUND there (kit/details.ts). */
function resolveAll<Source, Key>(entity: EntityKind<Source, Key>, keys: Key[], context: GatewayContext, info: GraphQLResolveInfo) {
  return keys.map(async (key, index) => existing(await entity.of(key, context), entity.exists, context, info, entity.ref.name, index));
}

const ORDER =
  'in the order asked; one the catalog lacks is null at its index, with one NOT_FOUND error at that index. For graphs that merge this one (schema stitching); batched through the same loaders and caches as the single roots.';

type IntEntity = 'Movie' | 'TVSeries' | 'Person' | 'Company' | 'Collection' | 'Network' | 'Keyword';

/** `why`: why the batch is not named the plural of its single root, where it is not. */
const BY_INT_ID: Array<{ field: string; entity: IntEntity; what: string; single: string; why?: string }> = [
  { field: 'movies', entity: 'Movie', what: 'Movies', single: 'movie' },
  {
    field: 'tvSeriesList',
    entity: 'TVSeries',
    what: 'TV series',
    single: 'tvSeries',
    why: 'Not `tvSeries(ids:)`: "series" is its own plural, and the single root already has that name.',
  },
  { field: 'people', entity: 'Person', what: 'People', single: 'person' },
  { field: 'companies', entity: 'Company', what: 'Production companies', single: 'company' },
  { field: 'collections', entity: 'Collection', what: 'Collections', single: 'collection' },
  { field: 'networks', entity: 'Network', what: 'TV networks', single: 'network' },
  { field: 'keywords', entity: 'Keyword', what: 'Keywords', single: 'keyword' },
];

for (const { field, entity, what, single, why } of BY_INT_ID) {
  const kind = ENTITIES[entity] as EntityKind<unknown, number>;
  builder.queryField(field, (t) =>
    t.field({
      type: [kind.ref as typeof ENTITIES.Movie.ref],
      nullable: { list: true, items: true },
      description: `${what} by their ids (at most ${MAX_KEYS}), ${ORDER} See \`${single}(id:)\`.${why ? ` ${why}` : ''}`,
      args: { ids: t.arg.intList({ required: true, description: byCatalogIds(MAX_KEYS) }) },
      complexity: keys('ids'),
      resolve: (_, args, c, info) =>
        resolveAll(
          kind,
          args.ids.map((id) => valid.id('ids', id)),
          c,
          info,
        ) as ReturnType<typeof ENTITIES.Movie.of>[],
    }),
  );
}

// A list's key is its `listId`, an ID (a number, or 24 hexadecimal characters before 2018), as
// `list(listId:)` takes it.
builder.queryField('lists', (t) =>
  t.field({
    type: [ENTITIES.UserList.ref],
    nullable: { list: true, items: true },
    description: `User lists by their ids (at most ${MAX_KEYS}), ${ORDER} See \`list(listId:)\`.`,
    args: {
      listIds: t.arg.idList({
        required: true,
        description: `The lists' \`listId\`s (a number, or 24 hexadecimal characters for a list made before 2018), at most ${MAX_KEYS}.`,
      }),
    },
    complexity: keys('listIds'),
    resolve: (_, args, c, info) => resolveAll(ENTITIES.UserList, readableListIds(args), c, info),
  }),
);

builder.queryField('reviews', (t) =>
  t.field({
    type: [ENTITIES.Review.ref],
    nullable: { list: true, items: true },
    description: `Reviews by their ids (at most ${MAX_KEYS}), ${ORDER} See \`review(id:)\`.`,
    args: { ids: t.arg.idList({ required: true, description: byCatalogIds(MAX_KEYS, 'ids (24 hexadecimal characters each)') }) },
    complexity: keys('ids'),
    resolve: (_, args, c, info) =>
      resolveAll(
        ENTITIES.Review,
        args.ids.map((id) => valid.objectId('ids', String(id))),
        c,
        info,
      ),
  }),
);

const SeasonKeyInput = builder.inputType('SeasonKey', {
  description: 'A season by its natural key: the series and the season number.',
  fields: (t) => ({
    seriesId: t.int({ required: true, description: 'Identifier of the series.' }),
    seasonNumber: t.int({ required: true, description: 'Season number (0 holds the specials).' }),
  }),
});

const EpisodeKeyInput = builder.inputType('EpisodeKey', {
  description: 'An episode by its natural key: the series, the season number and the episode number.',
  fields: (t) => ({
    seriesId: t.int({ required: true, description: 'Identifier of the series.' }),
    seasonNumber: t.int({ required: true, description: 'Season number (0 holds the specials).' }),
    episodeNumber: t.int({ required: true, description: 'Episode number, starting at 1.' }),
  }),
});

function seasonKey(key: SeasonKey): SeasonKey {
  return { seriesId: valid.id('keys', key.seriesId), seasonNumber: valid.number('keys', key.seasonNumber) };
}

builder.queryFields((t) => ({
  seasons: t.field({
    type: [ENTITIES.Season.ref],
    nullable: { list: true, items: true },
    description: `Seasons by series and number (at most ${MAX_KEYS}), ${ORDER} See \`tvSeries(id:) { season(number:) }\`.`,
    args: { keys: t.arg({ type: [SeasonKeyInput], required: true, description: `Season keys, at most ${MAX_KEYS}.` }) },
    complexity: keys('keys'),
    resolve: (_, args, c, info) => resolveAll(ENTITIES.Season, args.keys.map(seasonKey), c, info),
  }),
  episodes: t.field({
    type: [ENTITIES.Episode.ref],
    nullable: { list: true, items: true },
    description: `Episodes by series, season and number (at most ${MAX_KEYS}), ${ORDER} See \`Season.episode(number:)\`.`,
    args: { keys: t.arg({ type: [EpisodeKeyInput], required: true, description: `Episode keys, at most ${MAX_KEYS}.` }) },
    complexity: keys('keys'),
    resolve: (_, args, c, info) =>
      resolveAll(
        ENTITIES.Episode,
        args.keys.map((key): EpisodeKey => ({ ...seasonKey(key), episodeNumber: valid.number('keys', key.episodeNumber) })),
        c,
        info,
      ),
  }),
}));

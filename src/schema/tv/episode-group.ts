import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { Network } from '../company/network.ts';
import { carriedFrom, existing } from '../kit/details.ts';
import * as valid from '../kit/validate.ts';
import { Episode, type EpisodeSource, TVSeries } from './ref.ts';
import { byCatalogId } from '../kit/database-id.ts';

/** An episode group's id plus whatever its parent (a series' list of groups) carried. */
export type EpisodeGroupSource = { id: string } & Partial<Up.EpisodeGroupDetails>;

export const EpisodeGroup = builder.objectRef<EpisodeGroupSource>('EpisodeGroup');

const fromDetail = carriedFrom((group: EpisodeGroupSource, context: GatewayContext) =>
  context.loaders.episodeGroup.load({ groupId: group.id }),
);

const EpisodeGroupType = builder.enumType('EpisodeGroupType', {
  description: 'How an episode group orders or groups the episodes of a series.',
  values: {
    ORIGINAL_AIR_DATE: { value: 1, description: 'In the order they first aired.' },
    ABSOLUTE: { value: 2, description: 'Numbered in one run across seasons.' },
    DVD: { value: 3, description: 'As on the home video release.' },
    DIGITAL: { value: 4, description: 'As a streaming service groups them.' },
    STORY_ARC: { value: 5, description: 'By story arc.' },
    PRODUCTION: { value: 6, description: 'In the order they were produced.' },
    TV: { value: 7, description: 'As a TV broadcast groups them.' },
  } as const,
});

const EpisodeGroupGroup = builder.objectRef<Up.EpisodeGroupGroup & { seriesId?: number }>('EpisodeGroupGroup').implement({
  description: 'One group (a volume, an arc, a disc) of an episode group.',
  fields: (t) => ({
    databaseId: t.exposeString('id', { description: "The catalog's identifier of the group; `id` is the global id." }),
    name: t.exposeString('name', { description: 'Name of the group, such as "Volume 1".' }),
    order: t.exposeInt('order', { description: 'Position of the group within the episode group, from 1.' }),
    locked: t.exposeBoolean('locked', { description: 'Whether editors locked the group against changes.' }),
    episodes: t.field({
      type: [Episode],
      description: "The episodes of the group, in the group's order. Each carries its summary.",
      resolve: (group) =>
        [...group.episodes]
          .sort((a, b) => a.order - b.order)
          .flatMap(({ show_id, ...episode }): EpisodeSource[] => {
            const seriesId = show_id ?? group.seriesId;
            return seriesId === undefined ? [] : [{ ...episode, seriesId }];
          }),
    }),
  }),
});

EpisodeGroup.implement({
  description: 'An alternative ordering or grouping of the episodes of a series, such as the DVD order or story arcs.',
  fields: (t) => ({
    databaseId: t.exposeString('id', {
      description: "The catalog's identifier of the episode group (`episodeGroup(id:)`'s argument). `id` is the global id.",
    }),
    name: t.string({ description: 'Name of the episode group.', resolve: fromDetail('name') }),
    description: t.string({
      description: 'Description; may be empty.',
      resolve: fromDetail('description'),
    }),
    type: t.field({
      type: EpisodeGroupType,
      nullable: true,
      description: 'What kind of grouping this is; null for a kind this gateway does not know.',
      resolve: fromDetail('type', (type) => (type >= 1 && type <= 7 ? (type as 1 | 2 | 3 | 4 | 5 | 6 | 7) : null)),
    }),
    episodeCount: t.int({
      description: 'How many episodes the groups hold in all.',
      resolve: fromDetail('episode_count'),
    }),
    groupCount: t.int({ description: 'How many groups there are.', resolve: fromDetail('group_count') }),
    network: t.field({
      type: Network,
      nullable: true,
      description: 'The network whose ordering this is; null when none.',
      resolve: fromDetail('network'),
    }),
    groups: t.field({
      type: [EpisodeGroupGroup],
      description: 'The groups, in order, with their episodes.',
      resolve: fromDetail('groups', (groups) => [...groups].sort((a, b) => a.order - b.order)),
    }),
  }),
});

builder.objectFields(TVSeries, (t) => ({
  episodeGroups: t.field({
    type: [EpisodeGroup],
    nullable: true,
    description: 'Alternative orderings and groupings of the episodes of the series.',
    resolve: async (s, _, c) => (await c.loaders.tvSeriesEpisodeGroups.load({ seriesId: s.id })).results,
  }),
}));

builder.queryFields((t) => ({
  episodeGroup: t.field({
    type: EpisodeGroup,
    nullable: true,
    description:
      'An episode group by its id (as listed by `TVSeries.episodeGroups`). Null, with one NOT_FOUND error at this field, when the catalog has no such group.',
    args: { id: t.arg.string({ required: true, description: byCatalogId('episode group', 'id (24 hexadecimal digits)') }) },
    resolve: (_, args, c, info) => existing({ id: valid.token('id', args.id, 64) }, fromDetail.load, c, info, 'EpisodeGroup'),
  }),
}));

import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { carried, carriedFrom, existing } from '../kit/details.ts';
import { Logo } from '../kit/image.ts';
import * as valid from '../kit/validate.ts';
import { Season, TVSeries } from '../tv/ref.ts';
import { AlternativeName, Company } from './company.ts';
import { byCatalogId } from '../kit/database-id.ts';

/** A network's id plus whatever its parent (series details, an episode group) carried. */
export type NetworkSource = { id: number } & Partial<Up.NetworkDetails>;

export const Network = builder.objectRef<NetworkSource>('Network');

const fromDetail = carriedFrom((network: NetworkSource, context: GatewayContext) =>
  context.loaders.network.load({ networkId: network.id }),
);

Network.implement({
  description: 'A TV network or streaming service that airs series.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', {
      description: "The catalog's identifier of the network (`network(id:)`'s argument). `id` is the global id.",
    }),
    name: t.string({ description: 'Name of the network.', resolve: fromDetail('name') }),
    logoPath: t.string({
      nullable: true,
      description:
        'Path of the logo, a picture of the name (PNG; see `Configuration.images.logoSizes`); null when none. `logoUrl` is its address.',
      resolve: fromDetail('logo_path'),
    }),
    logoUrl: imageUrlField(t, 'logo', fromDetail('logo_path'), 'logo (a picture of the name)'),
    originCountry: t.string({
      nullable: true,
      description: "ISO 3166-1 code of the country the network comes from; null when unknown. The catalog's empty string comes as null.",
      resolve: fromDetail('origin_country', (value) => value || null),
    }),
    headquarters: t.string({
      nullable: true,
      description: 'Where the network is based; may be empty.',
      resolve: fromDetail('headquarters'),
    }),
    homepage: t.string({
      nullable: true,
      description: 'Official web site; may be empty.',
      resolve: fromDetail('homepage'),
    }),
    alternativeNames: t.field({
      type: [AlternativeName],
      nullable: true,
      description: 'Other names the network is known by.',
      resolve: async (n, _, c) => (await c.loaders.networkAlternativeNames.load({ networkId: n.id })).results,
    }),
    logos: t.field({
      type: [Logo],
      nullable: true,
      description: 'Logos of the network (pictures of its name), the current one first.',
      resolve: async (n, _, c) => (await c.loaders.networkImages.load({ networkId: n.id })).logos,
    }),
  }),
});

builder.objectFields(Company, (t) => ({
  logos: t.field({
    type: [Logo],
    nullable: true,
    description: 'Logos of the company (pictures of its name), the current one first.',
    resolve: async (co, _, c) => (await c.loaders.companyImages.load({ companyId: co.id })).logos,
  }),
}));

builder.objectFields(TVSeries, (t) => ({
  networks: t.field({
    nullable: true,
    type: [Network],
    description: 'The networks that air the series.',
    resolve: (s, _, c) => carried(s, 'networks', () => c.loaders.tvSeries.load({ seriesId: s.id })),
  }),
}));

builder.objectFields(Season, (t) => ({
  networks: t.field({
    type: [Network],
    nullable: true,
    description: 'The networks that aired the season; empty when the catalog names none.',
    resolve: async (s, _, c) =>
      (await carried(s, 'networks', () => c.loaders.season.load({ seriesId: s.seriesId, seasonNumber: s.season_number }))) ?? [],
  }),
}));

builder.queryFields((t) => ({
  network: t.field({
    type: Network,
    nullable: true,
    description: 'A TV network by its id. Null, with one NOT_FOUND error at this field, when the catalog has no such network.',
    args: { id: t.arg.int({ required: true, description: byCatalogId('network') }) },
    resolve: (_, args, c, info) => existing({ id: valid.id('id', args.id) }, fromDetail.load, c, info, 'Network'),
  }),
}));

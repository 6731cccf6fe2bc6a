import type { GatewayContext } from '../../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { carried, carriedFrom } from '../kit/carried.ts';
import { Image } from '../kit/image.ts';
import * as valid from '../kit/validate.ts';
import { TVSeries } from '../tv/ref.ts';
import { AlternativeName, Company } from './company.ts';

/** A network's id plus whatever its parent (series details, an episode group) carried. */
export type NetworkSource = { id: number } & Partial<Up.NetworkDetails>;

export const Network = builder.objectRef<NetworkSource>('Network');

const fromDetail = carriedFrom((network: NetworkSource, context: GatewayContext) =>
  context.loaders.network.load({ networkId: network.id }),
);

/** Logos have no language; as `Image`s their `languageCode` is null. */
function logoImages(logos: Up.LogoImage[]): Up.Image[] {
  return logos.map((logo) => ({
    aspect_ratio: logo.aspect_ratio,
    file_path: logo.file_path,
    height: logo.height,
    iso_639_1: null,
    vote_average: logo.vote_average,
    vote_count: logo.vote_count,
    width: logo.width,
  }));
}

Network.implement({
  description: 'A TV network or streaming service that airs series.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier of the network.' }),
    name: t.string({ description: 'Name of the network.', resolve: fromDetail('name') }),
    logoPath: t.string({
      nullable: true,
      description: 'Logo image path (PNG; see `Configuration.images.logoSizes`); null when none.',
      resolve: fromDetail('logo_path'),
    }),
    originCountry: t.string({
      nullable: true,
      description: "ISO 3166-1 code of the country the network comes from; null when unknown. The catalog's empty string comes as null.",
      resolve: fromDetail('origin_country', (value) => value || null),
    }),
    headquarters: t.string({
      description: 'Where the network is based; may be empty.',
      resolve: fromDetail('headquarters'),
    }),
    homepage: t.string({
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
      type: [Image],
      nullable: true,
      description: 'Logo images of the network, the current one first.',
      resolve: async (n, _, c) => logoImages((await c.loaders.networkImages.load({ networkId: n.id })).logos),
    }),
  }),
});

builder.objectFields(Company, (t) => ({
  logos: t.field({
    type: [Image],
    nullable: true,
    description: 'Logo images of the company, the current one first.',
    resolve: async (co, _, c) => logoImages((await c.loaders.companyImages.load({ companyId: co.id })).logos),
  }),
}));

builder.objectFields(TVSeries, (t) => ({
  networks: t.field({
    type: [Network],
    description: 'The networks that air the series.',
    resolve: (s, _, c) => carried(s, 'networks', () => c.loaders.tvSeries.load({ seriesId: s.id })),
  }),
}));

builder.queryFields((t) => ({
  network: t.field({
    type: Network,
    nullable: true,
    description: 'A TV network by its id.',
    args: { id: t.arg.int({ required: true, description: 'Identifier of the network.' }) },
    resolve: (_, args) => ({ id: valid.id('id', args.id) }),
  }),
}));

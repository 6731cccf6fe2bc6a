import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import type { GatewayContext } from '../context.ts';
import { imageUrlField } from '../kit/image-url.ts';
import * as valid from '../kit/validate.ts';

const ProviderOffer = builder.objectRef<Up.ProviderOffer>('ProviderOffer').implement({
  description: 'A streaming or TV service offering a title in one country.',
  fields: (t) => ({
    providerId: t.exposeInt('provider_id', { description: 'Identifier of the provider.' }),
    providerName: t.exposeString('provider_name', { description: 'Name of the provider.' }),
    logoPath: t.exposeString('logo_path', {
      nullable: true,
      description: 'Path of the logo, a picture of the name; null when none. `logoUrl` is its address.',
    }),
    logoUrl: imageUrlField(t, 'logo', (source) => source.logo_path, 'logo (a picture of the name)'),
    displayPriority: t.exposeInt('display_priority', { description: 'Sort position (lower comes first).' }),
  }),
});

const WatchProviderCountry = builder.objectRef<Up.WatchProviderCountry & { country: string }>('WatchProviderCountry').implement({
  description: 'Where a title can be watched in one country, by kind of offer.',
  fields: (t) => ({
    countryCode: t.exposeString('country', { description: 'ISO 3166-1 country code.' }),
    link: t.exposeString('link', { description: 'Page on the catalog site listing these offers.' }),
    flatrate: t.field({ type: [ProviderOffer], description: 'Included in a subscription.', resolve: (c) => c.flatrate ?? [] }),
    rent: t.field({ type: [ProviderOffer], description: 'For rent.', resolve: (c) => c.rent ?? [] }),
    buy: t.field({ type: [ProviderOffer], description: 'For sale.', resolve: (c) => c.buy ?? [] }),
    free: t.field({ type: [ProviderOffer], description: 'Free of charge.', resolve: (c) => c.free ?? [] }),
    ads: t.field({ type: [ProviderOffer], description: 'Free with advertising.', resolve: (c) => c.ads ?? [] }),
  }),
});

/** The per-country offers of a title, ordered by country code. */
function offersByCountry(providers: Up.WatchProviders) {
  return Object.entries(providers.results)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, offers]) => ({ ...offers, country: code }));
}

type FieldBuilder<Parent> = PothosSchemaTypes.ObjectFieldBuilder<typeof builder.$inferSchemaTypes, Parent>;

/**
 * `watchProviders(country:)`, the offers in the one country a details page shows (an object or
 * null), and `watchProvidersByCountry`, every country's: both from one load of the title's offers.
 */
export function watchProviderFields<Parent>(
  t: FieldBuilder<Parent>,
  title: string,
  load: (parent: Parent, context: GatewayContext) => Promise<Up.WatchProviders>,
) {
  return {
    watchProviders: t.field({
      type: WatchProviderCountry,
      nullable: true,
      description: `Where the ${title} can be watched in one country, by kind of offer; null when it is offered nowhere there.`,
      args: { country: t.arg.string({ required: true, description: 'ISO 3166-1 country, e.g. "US".' }) },
      resolve: async (parent, args, c) => {
        const country = valid.country('country', args.country) as string;
        const offers = (await load(parent, c)).results[country];
        return offers ? { ...offers, country } : null;
      },
    }),
    watchProvidersByCountry: t.field({
      type: [WatchProviderCountry],
      nullable: true,
      description: `Where the ${title} can be watched, per country, ordered by country code.`,
      resolve: async (parent, _, c) => offersByCountry(await load(parent, c)),
    }),
  };
}

import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';

export const ProductionCountry = builder.objectRef<Up.ProductionCountry>('ProductionCountry').implement({
  description: 'A country a movie or series was produced in.',
  fields: (t) => ({
    countryCode: t.exposeString('iso_3166_1', { description: 'ISO 3166-1 two-letter country code.' }),
    name: t.exposeString('name', { description: 'Name of the country in English.' }),
  }),
});

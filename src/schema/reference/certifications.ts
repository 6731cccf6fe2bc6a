import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import * as valid from '../kit/validate.ts';

const Certification = builder.objectRef<Up.Certification>('Certification').implement({
  description: 'An age rating used in one country, such as "PG-13" in the US.',
  fields: (t) => ({
    certification: t.exposeString('certification', { description: 'The rating as shown to viewers.' }),
    meaning: t.exposeString('meaning', { description: 'What the rating means, in English.' }),
    order: t.exposeInt('order', { description: 'Position from the mildest (1) to the strictest.' }),
  }),
});

const CountryCertifications = builder
  .objectRef<{ country: string; certifications: Up.Certification[] }>('CountryCertifications')
  .implement({
    description: 'The age ratings of one country.',
    fields: (t) => ({
      countryCode: t.exposeString('country', { description: 'ISO 3166-1 country code.' }),
      certifications: t.field({
        type: [Certification],
        description: 'The ratings, mildest first.',
        resolve: (c) => [...c.certifications].sort((a, b) => a.order - b.order),
      }),
    }),
  });

/** Countries in code order, optionally only one. */
function byCountry(list: Up.CertificationList, country?: string) {
  return Object.entries(list.certifications)
    .filter(([code]) => !country || code === country)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, certifications]) => ({ country: code, certifications }));
}

const countryArg = builder.args((t) => ({
  country: t.string({ required: false, description: 'Only this ISO 3166-1 country, e.g. "US".' }),
}));

builder.queryFields((t) => ({
  movieCertifications: t.field({
    nullable: true,
    type: [CountryCertifications],
    description: 'The age ratings of movies per country, ordered by country code (see `Movie.releaseDates`).',
    args: countryArg,
    resolve: async (_, args, c) => byCountry(await c.loaders.movieCertifications.load({}), valid.country('country', args.country)),
  }),
  tvCertifications: t.field({
    nullable: true,
    type: [CountryCertifications],
    description: 'The age ratings of TV series per country, ordered by country code.',
    args: countryArg,
    resolve: async (_, args, c) => byCountry(await c.loaders.tvCertifications.load({}), valid.country('country', args.country)),
  }),
}));

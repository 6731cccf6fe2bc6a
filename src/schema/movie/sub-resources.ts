import { writtenOver } from '../kit/written.ts';
import type * as Up from '../../upstream/api/types.ts';
import { AccountStates } from '../account/account-states.ts';
import { builder } from '../builder.ts';
import { instant } from '../kit/dates.ts';
import { ExternalIds } from '../kit/external-ids.ts';
import { Translation, translationsOf } from '../kit/translation.ts';
import * as valid from '../kit/validate.ts';
import { Video } from '../kit/video.ts';
import { watchProviderFields } from '../reference/watch-offers.ts';
import { Movie } from './ref.ts';

/** Movie sub-resources: videos, release dates, translations, external ids, watch providers, related movies, account states. */

export const ReleaseType = builder.enumType('ReleaseType', {
  description: 'Kind of release of a movie in a country.',
  values: {
    PREMIERE: { value: 1, description: 'A premiere or festival screening.' },
    THEATRICAL_LIMITED: { value: 2, description: 'A limited theatrical release.' },
    THEATRICAL: { value: 3, description: 'A wide theatrical release.' },
    DIGITAL: { value: 4, description: 'Digital release (streaming, download).' },
    PHYSICAL: { value: 5, description: 'Physical release (DVD, Blu-ray).' },
    TV: { value: 6, description: 'Broadcast on television.' },
  } as const,
});

const MovieRelease = builder.objectRef<Up.ReleaseDate>('MovieRelease').implement({
  description: 'One release of a movie in a country.',
  fields: (t) => ({
    certification: t.string({
      nullable: true,
      description:
        'Age rating in that country, one of `movieCertifications` for the country (such as "PG-13"); null when unrated. The catalog\'s empty string comes as null.',
      resolve: (r) => r.certification || null,
    }),
    releaseDate: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the release happened, ISO 8601 UTC ("2019-06-13T00:00:00.000Z"); null when the catalog sent no valid time.',
      resolve: (r) => instant(r.release_date),
    }),
    type: t.field({ type: ReleaseType, description: 'Kind of release.', resolve: (r) => r.type as 1 | 2 | 3 | 4 | 5 | 6 }),
    note: t.string({
      nullable: true,
      description: 'Note such as "Premiere" or the festival name; may be empty.',
      resolve: (r) => r.note,
    }),
    languageCode: t.string({
      nullable: true,
      description: "ISO 639-1 language of this release; null when it is not language-specific. The catalog's empty string comes as null.",
      resolve: (r) => r.iso_639_1 || null,
    }),
    descriptors: t.stringList({
      nullable: true,
      description: 'Content descriptors of the rating, such as "Violence"; null when the catalog sends none.',
      resolve: (r) => r.descriptors ?? null,
    }),
  }),
});

/**
 * Which release's rating a details page shows: the wide theatrical one first, then limited,
 * digital, physical, TV, premiere; within a kind, the catalog's order. Releases without a
 * rating (the catalog's "") are skipped.
 */
const RATING_PREFERENCE = [3, 2, 4, 5, 6, 1];

export function certificationOf(releases: readonly Up.ReleaseDate[]): string | null {
  const rank = (type: number) => (RATING_PREFERENCE.includes(type) ? RATING_PREFERENCE.indexOf(type) : RATING_PREFERENCE.length);
  const rated = releases.filter((r) => r.certification).sort((a, b) => rank(a.type) - rank(b.type));
  return rated[0]?.certification ?? null;
}

const MovieReleaseCountry = builder.objectRef<Up.CountryReleaseDates>('MovieReleaseCountry').implement({
  description: 'The releases of a movie in one country.',
  fields: (t) => ({
    countryCode: t.exposeString('iso_3166_1', { description: 'ISO 3166-1 country code.' }),
    releases: t.field({
      type: [MovieRelease],
      description: 'The releases there, as the catalog lists them.',
      resolve: (c) => c.release_dates,
    }),
  }),
});

builder.objectFields(Movie, (t) => ({
  videos: t.field({
    type: [Video],
    nullable: true,
    description: 'Trailers, teasers and clips of the movie.',
    args: {
      language: t.arg.string({ required: false, description: 'Only videos in this language ("en", "en-US").' }),
      includeVideoLanguages: t.arg.stringList({ required: false, description: 'More ISO 639-1 languages of videos to include.' }),
    },
    resolve: async (m, args, c) =>
      (
        await c.loaders.movieVideos.load({
          movieId: m.id,
          language: valid.language('language', args.language),
          includeVideoLanguage: valid.languageList('includeVideoLanguages', args.includeVideoLanguages, false),
        })
      ).results,
  }),
  certification: t.string({
    nullable: true,
    description:
      'The age rating of the movie in one country, such as "PG-13" (one of `movieCertifications` there): the theatrical release\'s when it has one, else another release\'s. Null when no release there is rated.',
    args: { country: t.arg.string({ required: true, description: 'ISO 3166-1 country, e.g. "US".' }) },
    resolve: async (m, args, c) => {
      const country = valid.country('country', args.country);
      const { results } = await c.loaders.movieReleaseDates.load({ movieId: m.id });
      return certificationOf(results.find((r) => r.iso_3166_1 === country)?.release_dates ?? []);
    },
  }),
  releaseDates: t.field({
    type: [MovieReleaseCountry],
    nullable: true,
    description: 'Release dates and age ratings per country, ordered by country code.',
    resolve: async (m, _, c) => (await c.loaders.movieReleaseDates.load({ movieId: m.id })).results,
  }),
  translations: t.field({
    type: [Translation],
    nullable: true,
    description: 'The title, overview and tagline of the movie in other languages.',
    resolve: async (m, _, c) => translationsOf(await c.loaders.movieTranslations.load({ movieId: m.id })),
  }),
  externalIds: t.field({
    type: ExternalIds,
    nullable: true,
    description: 'Identifiers of the movie on IMDb, Wikidata and social sites.',
    resolve: (m, _, c) => c.loaders.movieExternalIds.load({ movieId: m.id }),
  }),
  ...watchProviderFields(t, 'movie', (m, c) => c.loaders.movieWatchProviders.load({ movieId: m.id })),
  accountStates: t.field({
    type: AccountStates,
    nullable: true,
    description:
      "Whether the session's account rated, favourited or watchlisted the movie. Needs X-Session-Id or X-Guest-Session-Id (a guest only has ratings).",
    resolve: async (m, _, c) =>
      writtenOver(c.written, { kind: 'movie', id: m.id }, await c.loaders.movieAccountStates.load({ movieId: m.id })),
  }),
}));

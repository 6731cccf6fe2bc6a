import { writtenOver } from '../kit/written.ts';
import type * as Up from '../../upstream/api/types.ts';
import { AccountStates } from '../account/account-states.ts';
import { builder } from '../builder.ts';
import { AlternativeTitle } from '../kit/alternative-title.ts';
import { ChangeGroup, changeWindow, changeWindowArgs } from '../kit/change-record.ts';
import { ExternalIds } from '../kit/external-ids.ts';
import { Image, imageLanguage, imageLanguageArgs } from '../kit/image.ts';
import { Translation, translationsOf } from '../kit/translation.ts';
import * as valid from '../kit/validate.ts';
import { Video } from '../kit/video.ts';
import { watchProviderFields } from '../reference/watch-offers.ts';
import { TVSeries } from './ref.ts';

/** Series sub-resources: account states, titles, changes, ratings, ids, images, related, reviews, texts, videos, providers; and rating (tv/rating.ts). */

const TVContentRating = builder.objectRef<Up.TVContentRating>('TVContentRating').implement({
  description: 'The age rating of a TV series in one country.',
  fields: (t) => ({
    countryCode: t.exposeString('iso_3166_1', { description: 'ISO 3166-1 country code.' }),
    rating: t.exposeString('rating', { description: 'The rating there, one of `tvCertifications` for the country (such as "TV-MA").' }),
    descriptors: t.exposeStringList('descriptors', {
      nullable: true,
      description:
        'Content descriptors given with the rating ("Violence"); often empty; null where the service sent none (answers before 2023).',
    }),
  }),
});

const TVSeriesImages = builder.objectRef<Up.TVSeriesImages>('TVSeriesImages').implement({
  description: 'The images of a TV series, by kind.',
  fields: (t) => ({
    backdrops: t.field({ type: [Image], description: 'Backdrops: wide background pictures.', resolve: (i) => i.backdrops }),
    logos: t.field({
      type: [Image],
      nullable: true,
      description: 'Title logos: pictures of the title, often with transparency; null where the service sent none (2014 answers).',
      resolve: (i) => i.logos ?? null,
    }),
    posters: t.field({ type: [Image], description: 'Posters: cover pictures, one per language and design.', resolve: (i) => i.posters }),
  }),
});

builder.objectFields(TVSeries, (t) => ({
  accountStates: t.field({
    type: AccountStates,
    nullable: true,
    description:
      "Whether the session's account rated, favourited or watchlisted the series. Needs X-Session-Id or X-Guest-Session-Id (a guest only has ratings).",
    resolve: async (s, _, c) =>
      writtenOver(c.written, { kind: 'tv', id: s.id }, await c.loaders.tvSeriesAccountStates.load({ seriesId: s.id })),
  }),
  alternativeTitles: t.field({
    type: [AlternativeTitle],
    nullable: true,
    description: 'Titles the series is known by in other countries.',
    args: { country: t.arg.string({ required: false, description: 'Only titles of this ISO 3166-1 country, e.g. "US".' }) },
    resolve: async (s, args, c) => {
      const country = valid.country('country', args.country);
      const { results } = await c.loaders.tvSeriesAlternativeTitles.load({ seriesId: s.id });
      return country ? results.filter((title) => title.iso_3166_1 === country) : results;
    },
  }),
  changes: t.field({
    type: [ChangeGroup],
    nullable: true,
    description: 'Recent edits of the series. Without dates, the last 24 hours; a range may span up to 14 days.',
    args: changeWindowArgs,
    resolve: async (s, args, c) => (await c.loaders.tvSeriesChanges.load({ seriesId: s.id, ...changeWindow(args) })).changes,
  }),
  certification: t.string({
    nullable: true,
    description:
      'The age rating of the series in one country, such as "TV-MA" (one of `tvCertifications` there); null when it is not rated there.',
    args: { country: t.arg.string({ required: true, description: 'ISO 3166-1 country, e.g. "US".' }) },
    resolve: async (s, args, c) => {
      const country = valid.country('country', args.country);
      const { results } = await c.loaders.tvSeriesContentRatings.load({ seriesId: s.id });
      return results.find((r) => r.iso_3166_1 === country)?.rating || null;
    },
  }),
  contentRatings: t.field({
    type: [TVContentRating],
    nullable: true,
    description: 'Age ratings of the series per country, ordered by country code.',
    resolve: async (s, _, c) => (await c.loaders.tvSeriesContentRatings.load({ seriesId: s.id })).results,
  }),
  externalIds: t.field({
    type: ExternalIds,
    nullable: true,
    description: 'Identifiers of the series on IMDb, TheTVDB, Wikidata and social sites.',
    resolve: (s, _, c) => c.loaders.tvSeriesExternalIds.load({ seriesId: s.id }),
  }),
  images: t.field({
    type: TVSeriesImages,
    nullable: true,
    description: 'Pictures of the series: backdrops, logos and posters.',
    args: imageLanguageArgs,
    resolve: (s, args, c) => c.loaders.tvSeriesImages.load({ seriesId: s.id, ...imageLanguage(args) }),
  }),
  translations: t.field({
    type: [Translation],
    nullable: true,
    description: 'The name, overview and tagline of the series in other languages.',
    resolve: async (s, _, c) => translationsOf(await c.loaders.tvSeriesTranslations.load({ seriesId: s.id })),
  }),
  videos: t.field({
    type: [Video],
    nullable: true,
    description: 'Trailers, teasers and clips of the series.',
    args: {
      language: t.arg.string({ required: false, description: 'Only videos in this language ("en", "en-US").' }),
      includeVideoLanguages: t.arg.stringList({ required: false, description: 'More ISO 639-1 languages of videos to include.' }),
    },
    resolve: async (s, args, c) =>
      (
        await c.loaders.tvSeriesVideos.load({
          seriesId: s.id,
          language: valid.language('language', args.language),
          includeVideoLanguage: valid.languageList('includeVideoLanguages', args.includeVideoLanguages, false),
        })
      ).results,
  }),
  ...watchProviderFields(t, 'series', (s, c) => c.loaders.tvSeriesWatchProviders.load({ seriesId: s.id })),
}));

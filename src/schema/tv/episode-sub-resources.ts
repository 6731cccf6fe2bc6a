import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { carried } from '../kit/details.ts';
import { ChangeGroup, changeWindow, changeWindowArgs } from '../kit/change-record.ts';
import { ExternalIds } from '../kit/external-ids.ts';
import { Image, imageLanguage, imageLanguageArgs } from '../kit/image.ts';
import { Translation, translationsOf } from '../kit/translation.ts';
import * as valid from '../kit/validate.ts';
import { Video } from '../kit/video.ts';
import { Episode, type EpisodeSource } from './ref.ts';

/** Episode sub-resources (changes, ids, stills, translations, videos) ; the rating mutations: tv/rating.ts. */

const EpisodeImages = builder.objectRef<Up.EpisodeImages>('EpisodeImages').implement({
  description: 'The images of an episode.',
  fields: (t) => ({
    stills: t.field({
      type: [Image],
      description: 'Stills: pictures (frames) from the episode, its own still first.',
      resolve: (i) => i.stills,
    }),
  }),
});

const key = (e: EpisodeSource) => ({ seriesId: e.seriesId, seasonNumber: e.season_number, episodeNumber: e.episode_number });

function episodeId(e: EpisodeSource, c: GatewayContext) {
  return carried(e, 'id', () => c.loaders.episode.load(key(e)));
}

builder.objectFields(Episode, (t) => ({
  changes: t.field({
    type: [ChangeGroup],
    nullable: true,
    description: 'Recent edits of the episode. Without dates, the last 24 hours; a range may span up to 14 days.',
    args: changeWindowArgs,
    resolve: async (e, args, c) => {
      const window = changeWindow(args);
      return (await c.loaders.episodeChanges.load({ episodeId: await episodeId(e, c), ...window })).changes;
    },
  }),
  externalIds: t.field({
    type: ExternalIds,
    nullable: true,
    description: 'Identifiers of the episode on IMDb, TheTVDB, Wikidata and Freebase.',
    resolve: (e, _, c) => c.loaders.episodeExternalIds.load(key(e)),
  }),
  images: t.field({
    type: EpisodeImages,
    nullable: true,
    description: 'Pictures of the episode: its stills.',
    args: imageLanguageArgs,
    resolve: (e, args, c) => c.loaders.episodeImages.load({ ...key(e), ...imageLanguage(args) }),
  }),
  translations: t.field({
    type: [Translation],
    nullable: true,
    description: 'The name and overview of the episode in other languages.',
    resolve: async (e, _, c) => translationsOf(await c.loaders.episodeTranslations.load(key(e))),
  }),
  videos: t.field({
    type: [Video],
    nullable: true,
    description: 'Clips and featurettes of the episode.',
    args: {
      language: t.arg.string({ required: false, description: 'Only videos in this language ("en", "en-US").' }),
      includeVideoLanguages: t.arg.stringList({
        required: false,
        description: 'More ISO 639-1 languages of videos to include; "null" adds videos without a language.',
      }),
    },
    resolve: async (e, args, c) => {
      const params = {
        ...key(e),
        language: valid.language('language', args.language),
        includeVideoLanguage: valid.languageList('includeVideoLanguages', args.includeVideoLanguages),
      };
      return (await c.loaders.episodeVideos.load(params)).results;
    },
  }),
}));

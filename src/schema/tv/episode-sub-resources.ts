import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { carried } from '../kit/carried.ts';
import { ChangeGroup, changeWindow, changeWindowArgs } from '../kit/change-record.ts';
import { ExternalIds } from '../kit/external-ids.ts';
import { Image, imageLanguage, imageLanguageArgs } from '../kit/image.ts';
import { Translation, translationsOf } from '../kit/translation.ts';
import * as valid from '../kit/validate.ts';
import { wroteMarks } from '../kit/written.ts';
import { Video } from '../kit/video.ts';
import { Episode, type EpisodeSource } from './ref.ts';

/** Episode sub-resources (changes, ids, stills, translations, videos) and the rating mutations. */

const EpisodeImages = builder.objectRef<Up.EpisodeImages>('EpisodeImages').implement({
  description: 'The images of an episode.',
  fields: (t) => ({
    stills: t.field({ type: [Image], description: 'Frames from the episode, its own still first.', resolve: (i) => i.stills }),
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
    description: 'Stills of the episode.',
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

const episodeArgs = builder.args((t) => ({
  seriesId: t.int({ required: true, description: 'Identifier of the series.' }),
  seasonNumber: t.int({ required: true, description: 'Number of the season; 0 holds the specials.' }),
  episodeNumber: t.int({ required: true, description: 'Number of the episode within the season, from 1.' }),
}));

function episodeKey(args: { seriesId: number; seasonNumber: number; episodeNumber: number }) {
  return {
    seriesId: valid.id('seriesId', args.seriesId),
    seasonNumber: valid.number('seasonNumber', args.seasonNumber),
    episodeNumber: valid.number('episodeNumber', args.episodeNumber),
  };
}

const shell = (k: ReturnType<typeof episodeKey>): EpisodeSource => ({
  seriesId: k.seriesId,
  season_number: k.seasonNumber,
  episode_number: k.episodeNumber,
});

builder.mutationFields((t) => ({
  rateEpisode: t.field({
    nullable: true,
    type: Episode,
    description:
      "Rates an episode for the session's account (X-Session-Id) or guest session (X-Guest-Session-Id). Returns the episode; its `accountStates` (and the season's) answer the written rating, never an older read.",
    args: {
      ...episodeArgs,
      value: t.arg.float({ required: true, description: 'The rating, from 0.5 to 10 in steps of 0.5.' }),
    },
    resolve: async (_, args, c) => {
      const k = episodeKey(args);
      const value = valid.rating('value', args.value);
      await c.actions.rateEpisode({ ...k, value });
      wroteMarks(c, { kind: 'episode', ...k }, { rated: { value } });
      return shell(k);
    },
  }),
  deleteEpisodeRating: t.field({
    nullable: true,
    type: Episode,
    description:
      "Removes the session's rating of an episode (user or guest session). Returns the episode; its `accountStates` answer no rating.",
    args: episodeArgs,
    resolve: async (_, args, c) => {
      const k = episodeKey(args);
      await c.actions.deleteEpisodeRating(k);
      wroteMarks(c, { kind: 'episode', ...k }, { rated: false });
      return shell(k);
    },
  }),
}));

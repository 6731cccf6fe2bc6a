import { writtenOverSeason } from '../kit/written.ts';
import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { carried } from '../kit/details.ts';
import { ChangeGroup, changeWindow, changeWindowArgs } from '../kit/change-record.ts';
import { Translation, translationsOf } from '../kit/translation.ts';
import * as valid from '../kit/validate.ts';
import { Video } from '../kit/video.ts';
import { watchProviderFields } from '../reference/watch-offers.ts';
import { Episode, Season, type SeasonSource } from './ref.ts';

/** Season sub-resources: the session's episode ratings, changes, translations, videos, watch providers. */

type EpisodeRatingSource = Up.SeasonAccountStates['results'][number] & { seriesId: number; season_number: number };

const SeasonEpisodeRating = builder.objectRef<EpisodeRatingSource>('SeasonEpisodeRating').implement({
  description: "The session's rating of one episode of a season.",
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The catalog's identifier of the episode; `id` is the global id." }),
    episodeNumber: t.exposeInt('episode_number', { description: 'Number of the episode within its season, from 1.' }),
    rating: t.float({
      nullable: true,
      description: "The session's rating, 0.5 to 10; null when it has not rated the episode.",
      resolve: (r) => (r.rated === false || !r.rated ? null : r.rated.value),
    }),
    episode: t.field({
      type: Episode,
      description: 'The episode (its `accountStates` adds the favourite and watchlist flags).',
      resolve: (r) => ({ seriesId: r.seriesId, season_number: r.season_number, episode_number: r.episode_number, id: r.id }),
    }),
  }),
});

const key = (s: SeasonSource) => ({ seriesId: s.seriesId, seasonNumber: s.season_number });

function seasonId(s: SeasonSource, c: GatewayContext) {
  return carried(s, 'id', () => c.loaders.season.load(key(s)));
}

builder.objectFields(Season, (t) => ({
  accountStates: t.field({
    type: [SeasonEpisodeRating],
    nullable: true,
    description:
      "The session's rating of each episode of the season, in episode order (X-Session-Id, or X-Guest-Session-Id for a guest's own ratings).",
    resolve: async (s, _, c) => {
      const states = writtenOverSeason(c.written, s.seriesId, s.season_number, await c.loaders.seasonAccountStates.load(key(s)));
      return states.results.map((r) => ({ ...r, seriesId: s.seriesId, season_number: s.season_number }));
    },
  }),
  changes: t.field({
    type: [ChangeGroup],
    nullable: true,
    description: 'Recent edits of the season. Without dates, the last 24 hours; a range may span up to 14 days.',
    args: changeWindowArgs,
    resolve: async (s, args, c) => {
      const window = changeWindow(args);
      return (await c.loaders.seasonChanges.load({ seasonId: await seasonId(s, c), ...window })).changes;
    },
  }),
  translations: t.field({
    type: [Translation],
    nullable: true,
    description: 'The name and overview of the season in other languages.',
    resolve: async (s, _, c) => translationsOf(await c.loaders.seasonTranslations.load(key(s))),
  }),
  videos: t.field({
    type: [Video],
    nullable: true,
    description: 'Trailers, recaps and clips of the season.',
    args: {
      language: t.arg.string({ required: false, description: 'Only videos in this language ("en", "en-US").' }),
      includeVideoLanguages: t.arg.stringList({
        required: false,
        description: 'More ISO 639-1 languages of videos to include; "null" adds videos without a language.',
      }),
    },
    resolve: async (s, args, c) => {
      const params = {
        ...key(s),
        language: valid.language('language', args.language),
        includeVideoLanguage: valid.languageList('includeVideoLanguages', args.includeVideoLanguages),
      };
      return (await c.loaders.seasonVideos.load(params)).results;
    },
  }),
  ...watchProviderFields(t, 'season', (s, c) => c.loaders.seasonWatchProviders.load(key(s))),
}));

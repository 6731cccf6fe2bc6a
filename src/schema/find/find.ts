import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import * as valid from '../kit/validate.ts';
import { Movie } from '../movie/ref.ts';
import { Episode, Season, TVSeries } from '../tv/ref.ts';
import { textsLanguageArg } from '../kit/language-args.ts';

const ExternalSource = builder.enumType('ExternalSource', {
  description: 'The database or site an external id comes from.',
  values: {
    IMDB_ID: { value: 'imdb_id', description: 'IMDb ("tt0137523" for titles, "nm0000158" for people).' },
    TVDB_ID: { value: 'tvdb_id', description: 'TheTVDB (series, seasons and episodes).' },
    // Recorded answers of 2020 find people by it; TVRage closed, but its ids stay in external ids (tvrageId).
    TVRAGE_ID: { value: 'tvrage_id', description: 'TVRage (people, series, seasons and episodes; `externalIds.tvrageId`).' },
    WIKIDATA_ID: { value: 'wikidata_id', description: 'Wikidata ("Q190050").' },
    FACEBOOK_ID: { value: 'facebook_id', description: 'Facebook page name.' },
    INSTAGRAM_ID: { value: 'instagram_id', description: 'Instagram handle.' },
    TWITTER_ID: { value: 'twitter_id', description: 'X (Twitter) handle.' },
    TIKTOK_ID: { value: 'tiktok_id', description: 'TikTok handle.' },
    YOUTUBE_ID: { value: 'youtube_id', description: 'YouTube channel.' },
  } as const,
});

/** A 2013 answer has no season or episode lists: it found none of them, so each is empty (docs/data.md). */
export const FindResults = builder.objectRef<Up.FindResults>('FindResults').implement({
  description: 'Everything in the catalog that carries a given external id, by kind.',
  fields: (t) => ({
    movies: t.field({ type: [Movie], description: 'Movies with that id.', resolve: (r) => r.movie_results }),
    tvSeries: t.field({ type: [TVSeries], description: 'TV series with that id.', resolve: (r) => r.tv_results }),
    seasons: t.field({
      type: [Season],
      description: 'Seasons with that id.',
      resolve: (r) => (r.tv_season_results ?? []).map(({ media_type: _, show_id, ...season }) => ({ ...season, seriesId: show_id })),
    }),
    episodes: t.field({
      type: [Episode],
      description: 'Episodes with that id.',
      resolve: (r) => (r.tv_episode_results ?? []).map(({ media_type: _, show_id, ...episode }) => ({ ...episode, seriesId: show_id })),
    }),
  }),
});

builder.queryFields((t) => ({
  find: t.field({
    type: FindResults,
    nullable: true,
    description: 'Looks up movies, series, seasons, episodes and people by their id in another database (IMDb, TheTVDB, ...).',
    args: {
      externalId: t.arg.string({ required: true, description: 'The id in the other database, such as "tt0137523".' }),
      source: t.arg({ type: ExternalSource, required: true, description: 'Which database the id comes from.' }),
      language: textsLanguageArg,
    },
    resolve: (_, args, c) =>
      c.loaders.findByExternalId.load({
        externalId: valid.text('externalId', args.externalId, 100),
        source: args.source,
        language: valid.language('language', args.language),
      }),
  }),
}));

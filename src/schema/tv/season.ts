import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { carriedFrom, existing } from '../kit/details.ts';
import { connectionArgs, connectionOf, connectList, windowOf } from '../kit/connection.ts';
import { ExternalIds } from '../kit/external-ids.ts';
import { calendarDate } from '../kit/dates.ts';
import { Image, imageLanguage, imageLanguageArgs } from '../kit/image.ts';
import { subtreeLanguageArgs } from '../kit/language-args.ts';
import * as valid from '../kit/validate.ts';
import { Episode, Season, type SeasonSource, TVSeries } from './ref.ts';

const fromDetail = carriedFrom((season: SeasonSource, context: GatewayContext) =>
  context.loaders.season.load({ seriesId: season.seriesId, seasonNumber: season.season_number }),
);

/**
 * An episode of the season's record, keyed by the season it came in: the service leaves
 * `season_number` out of some episodes (2014 answers), and a key from the parent never misses.
 */
const episodeOfSeason = (s: SeasonSource, episode: Up.EpisodeDetails) => ({
  ...episode,
  seriesId: s.seriesId,
  season_number: s.season_number,
});

const EpisodeConnection = connectionOf('Episode', 'episodes', Episode);

const SeasonImages = builder.objectRef<Up.SeasonImages>('SeasonImages').implement({
  description: 'The images of a season.',
  fields: (t) => ({
    posters: t.field({ type: [Image], description: 'Posters of the season: its cover pictures.', resolve: (i) => i.posters }),
  }),
});

Season.implement({
  description: 'A season of a TV series.',
  fields: (t) => ({
    seasonNumber: t.exposeInt('season_number', { description: 'Number of the season; 0 holds the specials.' }),
    databaseId: t.int({
      nullable: true,
      description:
        "The catalog's identifier of the season. A season is asked by its series and number; where its record leaves the id out (2014 answers), it comes from the season details, and is null when those cannot be loaded. The global `id` is always there.",
      resolve: fromDetail('id'),
    }),
    name: t.string({ nullable: true, description: 'Name of the season, such as "Season 1".', resolve: fromDetail('name') }),
    overview: t.string({ nullable: true, description: 'Summary; may be empty.', resolve: fromDetail('overview') }),
    airDate: t.field({
      type: 'Date',
      nullable: true,
      description: "Date the first episode of the season aired; null when unknown. The catalog's empty string comes as null.",
      resolve: fromDetail('air_date', calendarDate),
    }),
    posterPath: t.string({
      nullable: true,
      description: 'Path of the poster, the cover picture of the season; null when none. `posterUrl` is its address.',
      resolve: fromDetail('poster_path'),
    }),
    posterUrl: imageUrlField(t, 'poster', fromDetail('poster_path'), 'poster (the cover picture)'),
    voteAverage: t.float({ nullable: true, description: 'Average user vote, 0 to 10.', resolve: fromDetail('vote_average') }),
    episodeCount: t.int({
      nullable: true,
      description: 'How many episodes the season has.',
      resolve: async (s, _, c) => s.episode_count ?? (await fromDetail.load(s, c)).episodes.length,
    }),
    series: t.field({ type: TVSeries, description: 'The series the season belongs to.', resolve: (s) => ({ id: s.seriesId }) }),
    images: t.field({
      type: SeasonImages,
      nullable: true,
      description: 'Pictures of the season: its posters.',
      args: imageLanguageArgs,
      resolve: (s, args, c) => c.loaders.seasonImages.load({ seriesId: s.seriesId, seasonNumber: s.season_number, ...imageLanguage(args) }),
    }),
    externalIds: t.field({
      type: ExternalIds,
      nullable: true,
      description: 'Identifiers of the season in other databases.',
      resolve: (s, _, c) => c.loaders.seasonExternalIds.load({ seriesId: s.seriesId, seasonNumber: s.season_number }),
    }),
    episodes: t.field({
      type: [Episode],
      description: 'All episodes of the season, in order.',
      resolve: async (s, _, c) => (s.episodes ?? (await fromDetail.load(s, c)).episodes).map((episode) => episodeOfSeason(s, episode)),
    }),
    episodesConnection: t.field({
      type: EpisodeConnection,
      nullable: true,
      description: 'The episodes of the season, in order, as a cursor connection (the season record holds them all: one call).',
      args: connectionArgs,
      resolve: async (s, args, c, info) => {
        windowOf(args, info);
        const episodes = s.episodes ?? (await fromDetail.load(s, c)).episodes;
        return connectList(
          args,
          info,
          episodes.map((episode) => episodeOfSeason(s, episode)),
        );
      },
    }),
    episode: t.field({
      type: Episode,
      nullable: true,
      description:
        'One episode by its number within the season. Null, with one NOT_FOUND error at this field, when the season has no such episode.',
      args: { number: t.arg.int({ required: true, description: 'Episode number, starting at 1.' }), ...subtreeLanguageArgs },
      resolve: (s, args, c, info) => {
        valid.language('language', args.language);
        const episode = { seriesId: s.seriesId, season_number: s.season_number, episode_number: valid.number('number', args.number) };
        const load = (key: typeof episode, cx: GatewayContext) =>
          cx.loaders.episode.load({ seriesId: key.seriesId, seasonNumber: key.season_number, episodeNumber: key.episode_number });
        return existing(episode, load, c, info, 'Episode');
      },
    }),
  }),
});

import { writtenOver } from '../kit/written.ts';
import type { GatewayContext } from '../context.ts';
import { AccountStates } from '../account/account-states.ts';
import { carriedFrom } from '../kit/details.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { calendarDate } from '../kit/dates.ts';
import { openEnum } from '../kit/open-enum.ts';

const EpisodeType = openEnum('EpisodeType', 'Where an episode stands in its season.', {
  STANDARD: { value: 'standard', description: 'A regular episode.' },
  MID_SEASON: { value: 'mid_season', description: 'The last episode before a mid-season break.' },
  FINALE: { value: 'finale', description: 'The last episode of the season.' },
});
import { Episode, type EpisodeSource, Season, TVSeries } from './ref.ts';

function key(episode: EpisodeSource) {
  return { seriesId: episode.seriesId, seasonNumber: episode.season_number, episodeNumber: episode.episode_number };
}

const fromDetail = carriedFrom((episode: EpisodeSource, context: GatewayContext) => context.loaders.episode.load(key(episode)));

Episode.implement({
  description: 'An episode of a TV series season.',
  fields: (t) => ({
    episodeNumber: t.exposeInt('episode_number', { description: 'Number of the episode within its season, from 1.' }),
    seasonNumber: t.exposeInt('season_number', { description: 'Number of its season.' }),
    order: t.int({
      nullable: true,
      description: 'Position of the episode within its episode group, from 0; null when not reached through an episode group.',
      resolve: (e) => e.order ?? null,
    }),
    databaseId: t.int({
      nullable: true,
      description:
        "The catalog's identifier of the episode. An episode is asked by its series, season and number; where its record leaves the id out (2014 answers), it comes from the episode details, and is null when those cannot be loaded. The global `id` is always there.",
      resolve: fromDetail('id'),
    }),
    name: t.string({ description: 'Title of the episode.', resolve: fromDetail('name') }),
    overview: t.string({ nullable: true, description: 'Summary; may be empty.', resolve: fromDetail('overview') }),
    airDate: t.field({
      type: 'Date',
      nullable: true,
      description: "Date the episode first aired; null when unknown. The catalog's empty string comes as null.",
      resolve: fromDetail('air_date', calendarDate),
    }),
    runtime: t.int({
      nullable: true,
      description: 'Running time in minutes; null when unknown.',
      resolve: fromDetail('runtime', (value) => value ?? null),
    }),
    stillPath: t.string({
      nullable: true,
      description: 'Path of the still, a picture (frame) from the episode; null when none. `stillUrl` is its address.',
      resolve: fromDetail('still_path'),
    }),
    stillUrl: imageUrlField(t, 'still', fromDetail('still_path'), 'still (a picture from the episode)'),
    productionCode: t.string({
      nullable: true,
      description: 'Production code; may be empty.',
      resolve: fromDetail('production_code'),
    }),
    episodeType: t.field({
      type: EpisodeType.ref,
      nullable: true,
      description: 'Kind of episode, such as STANDARD, MID_SEASON or FINALE; null when not given.',
      resolve: fromDetail('episode_type', EpisodeType.of),
    }),
    voteAverage: t.float({ nullable: true, description: 'Average user vote, 0 to 10.', resolve: fromDetail('vote_average') }),
    voteCount: t.int({ nullable: true, description: 'Number of user votes.', resolve: fromDetail('vote_count') }),
    season: t.field({
      type: Season,
      description: 'The season the episode belongs to.',
      resolve: (e) => ({ seriesId: e.seriesId, season_number: e.season_number }),
    }),
    series: t.field({ type: TVSeries, description: 'The series the episode belongs to.', resolve: (e) => ({ id: e.seriesId }) }),
    accountStates: t.field({
      type: AccountStates,
      nullable: true,
      description:
        "Rating, favourite and watchlist state for the session's account (X-Session-Id); with X-Guest-Session-Id, the guest's own rating.",
      resolve: async (e, _, c) => {
        const k = key(e);
        return writtenOver(c.written, { kind: 'episode', ...k }, await c.loaders.episodeAccountStates.load(k));
      },
    }),
  }),
});

import type { GatewayContext } from '../../context.ts';
import { AccountStates } from '../account/account-states.ts';
import { carried } from '../kit/carried.ts';
import { dateOrNull } from '../kit/format.ts';
import { Episode, type EpisodeSource, Season, TVSeries } from './ref.ts';

function key(episode: EpisodeSource) {
  return { seriesId: episode.seriesId, seasonNumber: episode.season_number, episodeNumber: episode.episode_number };
}

function details(episode: EpisodeSource, context: GatewayContext) {
  return () => context.loaders.episode.load(key(episode));
}

Episode.implement({
  description: 'An episode of a TV series season.',
  fields: (t) => ({
    episodeNumber: t.exposeInt('episode_number', { description: 'Number of the episode within its season, from 1.' }),
    seasonNumber: t.exposeInt('season_number', { description: 'Number of its season.' }),
    id: t.int({ description: 'Identifier of the episode.', resolve: (e, _, c) => carried(e, 'id', details(e, c)) }),
    name: t.string({ description: 'Title of the episode.', resolve: (e, _, c) => carried(e, 'name', details(e, c)) }),
    overview: t.string({ description: 'Summary; may be empty.', resolve: (e, _, c) => carried(e, 'overview', details(e, c)) }),
    airDate: t.string({
      nullable: true,
      description: 'Date the episode first aired, YYYY-MM-DD; null when unknown.',
      resolve: async (e, _, c) => dateOrNull(await carried(e, 'air_date', details(e, c))),
    }),
    runtime: t.int({
      nullable: true,
      description: 'Running time in minutes; null when unknown.',
      resolve: async (e, _, c) => (await carried(e, 'runtime', details(e, c))) ?? null,
    }),
    stillPath: t.string({
      nullable: true,
      description: 'Still image path; null when none.',
      resolve: (e, _, c) => carried(e, 'still_path', details(e, c)),
    }),
    productionCode: t.string({
      description: 'Production code; may be empty.',
      resolve: (e, _, c) => carried(e, 'production_code', details(e, c)),
    }),
    episodeType: t.string({
      nullable: true,
      description: 'Kind of episode, such as "standard", "mid_season" or "finale"; null when not given.',
      resolve: async (e, _, c) => (await carried(e, 'episode_type', details(e, c))) ?? null,
    }),
    voteAverage: t.float({ description: 'Average user vote, 0 to 10.', resolve: (e, _, c) => carried(e, 'vote_average', details(e, c)) }),
    voteCount: t.int({ description: 'Number of user votes.', resolve: (e, _, c) => carried(e, 'vote_count', details(e, c)) }),
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
      resolve: (e, _, c) => c.loaders.episodeAccountStates.load(key(e)),
    }),
  }),
});

/** Episode groups of a series (alternative orders: DVD, absolute, story arcs, ...). */
import { appendable, resource, type SeriesKey } from './define.ts';
import type { EpisodeSummary } from './episode.ts';
import type { NetworkSummary } from './network.ts';
import { param } from '../request.ts';
import type { IdResults } from './wire.ts';

/** An episode group as GET /tv/{id}/episode_groups lists it. */
export interface EpisodeGroupSummary {
  id: string;
  name: string;
  description: string;
  episode_count: number;
  group_count: number;
  network: NetworkSummary | null;
  /** 1 original air date, 2 absolute, 3 DVD, 4 digital, 5 story arc, 6 production, 7 TV. */
  type: number;
}

export interface EpisodeGroupEpisode extends EpisodeSummary {
  order: number;
}

export interface EpisodeGroupGroup {
  id: string;
  name: string;
  order: number;
  locked: boolean;
  episodes: EpisodeGroupEpisode[];
}

export interface EpisodeGroupDetails extends EpisodeGroupSummary {
  groups: EpisodeGroupGroup[];
}

export type SeriesEpisodeGroups = IdResults<EpisodeGroupSummary>;

export const episodeGroupResources = {
  tvSeriesEpisodeGroups: appendable<SeriesKey, SeriesEpisodeGroups>('tv', 'episode_groups', (p) => ({
    path: ['tv', p.seriesId, 'episode_groups'],
  })),
  episodeGroup: resource<{ groupId: string }, EpisodeGroupDetails>((p) => ({ path: ['tv', 'episode_group', param(p.groupId)] })),
};

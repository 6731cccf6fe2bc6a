/** Find: objects by an external id (IMDb, TVDB, Wikidata, ...). */
import { resource, type Language } from './define.ts';
import type { EpisodeSummary } from './episode.ts';
import type { MovieSummary } from './movie.ts';
import { param } from '../request.ts';
import type { MultiPerson } from './search.ts';
import type { TVSeriesSummary } from './tv.ts';

export interface FindSeasonResult {
  id: number;
  name: string;
  overview: string;
  poster_path: string | null;
  media_type: 'tv_season';
  vote_average: number;
  air_date: string | null;
  season_number: number;
  show_id: number;
  episode_count: number;
}

export interface FindEpisodeResult extends EpisodeSummary {
  media_type: 'tv_episode';
  show_id: number;
}

export interface FindResults {
  movie_results: MovieSummary[];
  person_results: MultiPerson[];
  tv_results: TVSeriesSummary[];
  /** Absent from the 2013 answers, which found no seasons or episodes. */
  tv_episode_results?: FindEpisodeResult[];
  tv_season_results?: FindSeasonResult[];
}

export const findResources = {
  findByExternalId: resource<Language & { externalId: string; source: string }, FindResults>((p) => ({
    path: ['find', param(p.externalId)],
    query: { external_source: p.source, language: p.language },
  })),
};

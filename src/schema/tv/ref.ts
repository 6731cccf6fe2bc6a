import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';

/**
 * The TV refs (series, season, episode), defined once here so the files that implement them
 * and the files that point at them do not import each other in a circle.
 */

/** A series' id plus whatever its parent (a trending list, a review) already carried. */
export type TVSeriesSource = { id: number; media_type?: string } & Partial<Up.TVSeriesDetails> &
  Partial<Pick<Up.TVSeriesSummary, 'genre_ids'>>;

export const TVSeries = builder.objectRef<TVSeriesSource>('TVSeries');

/** A season is identified by its series and its number; the rest may be carried or loaded. */
export type SeasonSource = { seriesId: number; season_number: number } & Partial<Up.SeasonDetails> & Partial<Up.SeasonSummary>;

export const Season = builder.objectRef<SeasonSource>('Season');

/** An episode is identified by series, season and number; the rest may be carried or loaded. */
export type EpisodeSource = { seriesId: number; season_number: number; episode_number: number } & Partial<Up.EpisodeDetails> & {
    /** Its position, when it came within an episode group. */
    order?: number;
  };

export const Episode = builder.objectRef<EpisodeSource>('Episode');

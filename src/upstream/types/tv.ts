/**
 * Upstream shapes of the series sub-resources, series lists and discover (snake_case, real
 * field names). Shared shapes (Page, Video, Translation, ExternalIds, ...) live in ../types.ts.
 */
import type * as Up from '../types.ts';

export interface TVSeriesAlternativeTitles {
  id: number;
  /** The TV endpoint names the list `results` (the movie one says `titles`). */
  results: Up.AlternativeTitle[];
}

export interface TVContentRating {
  descriptors: string[];
  iso_3166_1: string;
  rating: string;
}

export interface TVSeriesContentRatings {
  id: number;
  results: TVContentRating[];
}

export interface TVSeriesImages {
  id: number;
  backdrops: Up.Image[];
  logos: Up.Image[];
  posters: Up.Image[];
}

export interface TVSeriesTranslations {
  id: number;
  translations: Up.Translation[];
}

export interface TVSeriesVideos {
  id: number;
  results: Up.Video[];
}

export interface TVSeriesChanges {
  changes: Up.ChangeGroup[];
}

/**
 * Upstream shapes of collections, keywords, networks, company logos and TV episode groups
 * (snake_case, the real service's field names). Shared shapes live in ../types.ts.
 */
import type * as Up from '../types.ts';

/** A collection as search results list it. */
export interface CollectionSummary {
  id: number;
  adult?: boolean;
  name: string;
  original_language: string;
  original_name: string;
  overview: string;
  poster_path: string | null;
  backdrop_path: string | null;
}

/**
 * A part of a collection: a movie summary plus `media_type`. The spec's example names the title
 * `name`/`original_name`; the live service sends `title`/`original_title`. Either may come.
 */
export type CollectionPart = Omit<Up.MovieSummary, 'title' | 'original_title'> & {
  title?: string;
  original_title?: string;
  name?: string;
  original_name?: string;
  media_type?: string;
};

export interface CollectionDetails extends CollectionSummary {
  parts: CollectionPart[];
}

export interface CollectionImages {
  id: number;
  backdrops: Up.Image[];
  posters: Up.Image[];
}

export interface CollectionTranslations {
  id: number;
  translations: Up.Translation[];
}

export interface Keyword {
  id: number;
  name: string;
}

export interface MovieKeywords {
  id: number;
  keywords: Keyword[];
}

export interface TVSeriesKeywords {
  id: number;
  results: Keyword[];
}

export interface KeywordMoviesPage extends Up.Page<Up.MovieSummary> {
  id: number;
}

/** A network as series details embed it. */
export interface NetworkSummary {
  id: number;
  name: string;
  logo_path: string | null;
  origin_country: string;
}

export interface NetworkDetails extends NetworkSummary {
  headquarters: string;
  homepage: string;
}

export interface NetworkAlternativeNames {
  id: number;
  results: Up.AlternativeName[];
}

/** A company or network logo: no language, but an id and the original file type. */
export interface LogoImage {
  aspect_ratio: number;
  file_path: string;
  height: number;
  id: string;
  file_type: string;
  vote_average: number;
  vote_count: number;
  width: number;
}

export interface Logos {
  id: number;
  logos: LogoImage[];
}

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

export interface EpisodeGroupEpisode extends Up.EpisodeSummary {
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

export interface SeriesEpisodeGroups {
  id: number;
  results: EpisodeGroupSummary[];
}

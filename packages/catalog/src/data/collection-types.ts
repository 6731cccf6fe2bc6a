/** The shapes of collections, keywords, network details, logos and episode groups (collections.ts makes them). */
import type { EpisodeSummary } from './tv-types.ts';
import type { CompanyAlternativeName, Image, Network } from './types.ts';

export interface Keyword {
  id: number;
  name: string;
}

/** GET /collection/{id} without `parts` (the route builds them from the movies, in `partIds` order). */
export interface CollectionRecord {
  id: number;
  name: string;
  original_language: string;
  original_name: string;
  overview: string;
  poster_path: string | null;
  backdrop_path: string | null;
  /** Movie ids of the parts, by release date (unknown dates last). */
  partIds: number[];
}

export interface CollectionTranslation {
  iso_3166_1: string;
  iso_639_1: string;
  name: string;
  english_name: string;
  data: { title: string; overview: string; homepage: string };
}

export interface NetworkDetails {
  headquarters: string;
  homepage: string;
  id: number;
  logo_path: string | null;
  name: string;
  origin_country: string;
}

/** Company and network logos carry an id and file type, and no language. */
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

export type GroupEpisode = EpisodeSummary & { order: number };

export interface EpisodeGroupDetails {
  description: string;
  episode_count: number;
  group_count: number;
  groups: { id: string; name: string; order: number; episodes: GroupEpisode[]; locked: boolean }[];
  id: string;
  name: string;
  network: Network | null;
  type: number;
  /** The series the group belongs to (not sent; the list route is per series). */
  seriesId: number;
}

export interface CollectionsData {
  /** Every collection the movies belong to, by id. */
  collections: CollectionRecord[];
  /** Keyed by collection id. */
  collectionImages: Map<number, { backdrops: Image[]; posters: Image[] }>;
  /** Keyed by collection id. */
  collectionTranslations: Map<number, CollectionTranslation[]>;
  /** Every keyword, by id. */
  keywords: Keyword[];
  /** Keyed by movie id: the movie's keywords. */
  movieKeywords: Map<number, Keyword[]>;
  /** Keyed by series id: the series' keywords. */
  tvKeywords: Map<number, Keyword[]>;
  /** Keyed by network id: the details of the networks the series embed. */
  networkDetails: Map<number, NetworkDetails>;
  /** Keyed by network id. */
  networkAlternativeNames: Map<number, CompanyAlternativeName[]>;
  /** Keyed by network id; the network's own logo_path first. */
  networkLogos: Map<number, LogoImage[]>;
  /** Keyed by company id; the company's own logo_path first. */
  companyLogos: Map<number, LogoImage[]>;
  /** Every episode group, by id. */
  episodeGroups: Map<string, EpisodeGroupDetails>;
  /** Keyed by series id: ids of its episode groups (absent for most series). */
  episodeGroupsOfSeries: Map<number, string[]>;
}

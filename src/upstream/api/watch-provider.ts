/** Watch providers: the provider and region lists, and the per-country offers of a title. */
import { resource, type Language } from './define.ts';

export interface Region {
  iso_3166_1: string;
  english_name: string;
  native_name: string;
}

export interface WatchProvider {
  provider_id: number;
  provider_name: string;
  logo_path: string | null;
  display_priority: number;
  display_priorities: Record<string, number>;
}

/** A provider as it appears in a title's per-country offers (no display_priorities). */
export interface ProviderOffer {
  provider_id: number;
  provider_name: string;
  logo_path: string | null;
  display_priority: number;
}

export interface WatchProviderCountry {
  link: string;
  flatrate?: ProviderOffer[];
  rent?: ProviderOffer[];
  buy?: ProviderOffer[];
  free?: ProviderOffer[];
  ads?: ProviderOffer[];
}

/** `GET …/watch/providers` of a movie, series or season: offers keyed by ISO 3166-1 country. */
export interface WatchProviders {
  id: number;
  results: Record<string, WatchProviderCountry>;
}

type RegionLanguage = Language & { watchRegion?: string };

export const watchProviderResources = {
  watchProviderRegions: resource<Language, { results: Region[] }>((p) => ({
    path: ['watch', 'providers', 'regions'],
    query: { language: p.language },
  })),
  movieWatchProviderList: resource<RegionLanguage, { results: WatchProvider[] }>((p) => ({
    path: ['watch', 'providers', 'movie'],
    query: { language: p.language, watch_region: p.watchRegion },
  })),
  tvWatchProviders: resource<RegionLanguage, { results: WatchProvider[] }>((p) => ({
    path: ['watch', 'providers', 'tv'],
    query: { language: p.language, watch_region: p.watchRegion },
  })),
};

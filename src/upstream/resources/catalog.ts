import type * as Up from '../types.ts';
import { resource, type Language } from './define.ts';

export const catalogResources = {
  configuration: resource<object, Up.Configuration>(() => ({ path: ['configuration'] })),
  credentialCheck: resource<object, Up.StatusResponse>(() => ({ path: ['authentication'] })),
  watchProviderRegions: resource<Language, { results: Up.Region[] }>((p) => ({
    path: ['watch', 'providers', 'regions'],
    query: { language: p.language },
  })),
  tvWatchProviders: resource<Language & { watchRegion?: string }, { results: Up.WatchProvider[] }>((p) => ({
    path: ['watch', 'providers', 'tv'],
    query: { language: p.language, watch_region: p.watchRegion },
  })),
};

import type * as Up from '../types.ts';
import { resource, type EpisodeKey, type ImageLanguage, type Language, type Paging, type SeasonKey, type SeriesKey } from './define.ts';

export const tvResources = {
  tvSeries: resource<SeriesKey & Language, Up.TVSeriesDetails>((p) => ({
    path: ['tv', p.seriesId],
    query: { language: p.language },
  })),
  trendingTVSeries: resource<Paging & { timeWindow: 'day' | 'week' }, Up.Page<Up.TVSeriesSummary>>((p) => ({
    path: ['trending', 'tv', p.timeWindow],
    query: { language: p.language, page: p.page },
  })),
  tvSeriesLists: resource<SeriesKey & Paging, Up.Page<Up.UserList>>((p) => ({
    path: ['tv', p.seriesId, 'lists'],
    query: { language: p.language, page: p.page },
  })),
  screenedTheatrically: resource<SeriesKey, { id: number; results: Up.ScreenedTheatricallyEntry[] }>((p) => ({
    path: ['tv', p.seriesId, 'screened_theatrically'],
  })),
  season: resource<SeasonKey & Language, Up.SeasonDetails>((p) => ({
    path: ['tv', p.seriesId, 'season', p.seasonNumber],
    query: { language: p.language },
  })),
  seasonImages: resource<SeasonKey & ImageLanguage, Up.SeasonImages>((p) => ({
    path: ['tv', p.seriesId, 'season', p.seasonNumber, 'images'],
    query: { language: p.language, include_image_language: p.includeImageLanguage },
  })),
  seasonExternalIds: resource<SeasonKey, Up.SeasonExternalIds>((p) => ({
    path: ['tv', p.seriesId, 'season', p.seasonNumber, 'external_ids'],
  })),
  episode: resource<EpisodeKey & Language, Up.EpisodeDetails>((p) => ({
    path: ['tv', p.seriesId, 'season', p.seasonNumber, 'episode', p.episodeNumber],
    query: { language: p.language },
  })),
  // A guest session sees its own ratings, as for movies.
  episodeAccountStates: resource<EpisodeKey, Up.AccountStates>(
    (p, session) => ({
      path: ['tv', p.seriesId, 'season', p.seasonNumber, 'episode', p.episodeNumber, 'account_states'],
      query: { ...session },
    }),
    'user-or-guest',
  ),
};

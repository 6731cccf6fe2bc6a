import type * as Up from '../types.ts';
import type * as C from '../types/collections.ts';
import { param } from '../paths.ts';
import { resource, type ImageLanguage, type Language, type MovieKey, type Paging, type SeriesKey } from './define.ts';

type CollectionKey = { collectionId: number };
type NetworkKey = { networkId: number };

/** Collections, keywords, networks, company logos, episode groups, and the collection and keyword searches. */
export const collectionResources = {
  collection: resource<CollectionKey & Language, C.CollectionDetails>((p) => ({
    path: ['collection', p.collectionId],
    query: { language: p.language },
  })),
  collectionImages: resource<CollectionKey & ImageLanguage, C.CollectionImages>((p) => ({
    path: ['collection', p.collectionId, 'images'],
    query: { language: p.language, include_image_language: p.includeImageLanguage },
  })),
  collectionTranslations: resource<CollectionKey, C.CollectionTranslations>((p) => ({
    path: ['collection', p.collectionId, 'translations'],
  })),
  keyword: resource<{ keywordId: number }, C.Keyword>((p) => ({ path: ['keyword', p.keywordId] })),
  keywordMovies: resource<{ keywordId: number; includeAdult?: boolean } & Paging, C.KeywordMoviesPage>((p) => ({
    path: ['keyword', p.keywordId, 'movies'],
    query: { include_adult: p.includeAdult, language: p.language, page: p.page },
  })),
  movieKeywords: resource<MovieKey, C.MovieKeywords>((p) => ({ path: ['movie', p.movieId, 'keywords'] })),
  tvSeriesKeywords: resource<SeriesKey, C.TVSeriesKeywords>((p) => ({ path: ['tv', p.seriesId, 'keywords'] })),
  tvSeriesEpisodeGroups: resource<SeriesKey, C.SeriesEpisodeGroups>((p) => ({ path: ['tv', p.seriesId, 'episode_groups'] })),
  episodeGroup: resource<{ groupId: string }, C.EpisodeGroupDetails>((p) => ({ path: ['tv', 'episode_group', param(p.groupId)] })),
  network: resource<NetworkKey, C.NetworkDetails>((p) => ({ path: ['network', p.networkId] })),
  networkAlternativeNames: resource<NetworkKey, C.NetworkAlternativeNames>((p) => ({
    path: ['network', p.networkId, 'alternative_names'],
  })),
  networkImages: resource<NetworkKey, C.Logos>((p) => ({ path: ['network', p.networkId, 'images'] })),
  companyImages: resource<{ companyId: number }, C.Logos>((p) => ({ path: ['company', p.companyId, 'images'] })),
  searchCollections: resource<{ query: string; includeAdult?: boolean; region?: string } & Paging, Up.Page<C.CollectionSummary>>(
    (p) => ({
      path: ['search', 'collection'],
      query: { query: p.query, include_adult: p.includeAdult, language: p.language, page: p.page, region: p.region },
    }),
  ),
  searchKeywords: resource<{ query: string; page?: number }, Up.Page<C.Keyword>>((p) => ({
    path: ['search', 'keyword'],
    query: { query: p.query, page: p.page },
  })),
};

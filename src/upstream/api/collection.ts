/** Collections (movie series such as a franchise): details, images and translations. */
import { resource, type ImageLanguage, type Language } from './define.ts';
import type { MovieSummary } from './movie.ts';
import type { Image, Translations } from './wire.ts';

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
export type CollectionPart = Omit<MovieSummary, 'title' | 'original_title'> & {
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
  backdrops: Image[];
  posters: Image[];
}

export type CollectionTranslations = Translations;

type CollectionKey = { collectionId: number };

export const collectionResources = {
  collection: resource<CollectionKey & Language, CollectionDetails>((p) => ({
    path: ['collection', p.collectionId],
    query: { language: p.language },
  })),
  collectionImages: resource<CollectionKey & ImageLanguage, CollectionImages>((p) => ({
    path: ['collection', p.collectionId, 'images'],
    query: { language: p.language, include_image_language: p.includeImageLanguage },
  })),
  collectionTranslations: resource<CollectionKey, CollectionTranslations>((p) => ({
    path: ['collection', p.collectionId, 'translations'],
  })),
};

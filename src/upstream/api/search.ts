/** Search by text: movies, series, people, collections, companies, keywords, and all kinds at once (multi). */
import type { CollectionSummary } from './collection.ts';
import type { CompanySummary } from './company.ts';
import { resource, type Paging } from './define.ts';
import type { Keyword } from './keyword.ts';
import type { MovieSummary } from './movie.ts';
import type { PersonListItem } from './person.ts';
import type { TVSeriesSummary } from './tv.ts';
import type { Page } from './wire.ts';

/** A person among multi-kind results (search/multi, trending/all, find): `known_for` may be absent. */
export interface MultiPerson {
  id: number;
  adult: boolean;
  gender: number;
  known_for_department: string;
  name: string;
  original_name: string;
  popularity: number;
  profile_path: string | null;
  media_type?: 'person';
  known_for?: Array<(MovieSummary & { media_type: 'movie' }) | (TVSeriesSummary & { media_type: 'tv' })>;
}

/** An item of trending/all or search/multi: tells its kind by media_type. */
export type MultiItem =
  | (MovieSummary & { media_type: 'movie' })
  | (TVSeriesSummary & { media_type: 'tv' })
  | (MultiPerson & { media_type: 'person' })
  // The real service also sends collections here, named like movies (title, original_title).
  | MultiCollection
  // A kind this gateway does not know yet: kept as it came, never guessed into another.
  | { id: number; media_type: string };

/** A collection among the results of search/multi or a movie search. */
export interface MultiCollection {
  id: number;
  media_type: 'collection';
  adult?: boolean;
  title?: string;
  original_title?: string;
  original_language?: string;
  overview?: string;
  poster_path: string | null;
  backdrop_path: string | null;
}

type Adult = { includeAdult?: boolean };

export const searchResources = {
  searchMovies: resource<
    Paging & Adult & { query: string; region?: string; year?: number; primaryReleaseYear?: number },
    Page<MovieSummary>
  >((p) => ({
    path: ['search', 'movie'],
    query: {
      query: p.query,
      include_adult: p.includeAdult,
      language: p.language,
      primary_release_year: p.primaryReleaseYear,
      page: p.page,
      region: p.region,
      year: p.year,
    },
  })),
  searchTVSeries: resource<Paging & Adult & { query: string; firstAirDateYear?: number; year?: number }, Page<TVSeriesSummary>>((p) => ({
    path: ['search', 'tv'],
    query: {
      query: p.query,
      first_air_date_year: p.firstAirDateYear,
      include_adult: p.includeAdult,
      language: p.language,
      page: p.page,
      year: p.year,
    },
  })),
  searchPeople: resource<Paging & Adult & { query: string }, Page<PersonListItem>>((p) => ({
    path: ['search', 'person'],
    query: { query: p.query, include_adult: p.includeAdult, language: p.language, page: p.page },
  })),
  searchMulti: resource<Paging & Adult & { query: string }, Page<MultiItem>>((p) => ({
    path: ['search', 'multi'],
    query: { query: p.query, include_adult: p.includeAdult, language: p.language, page: p.page },
  })),
  searchCollections: resource<Paging & Adult & { query: string; region?: string }, Page<CollectionSummary>>((p) => ({
    path: ['search', 'collection'],
    query: { query: p.query, include_adult: p.includeAdult, language: p.language, page: p.page, region: p.region },
  })),
  // The spec writes /3/search/company under a base that already ends in /3; the real service serves one segment.
  searchCompanies: resource<{ query: string; page?: number }, Page<CompanySummary>>((p) => ({
    path: ['search', 'company'],
    query: { query: p.query, page: p.page },
  })),
  searchKeywords: resource<{ query: string; page?: number }, Page<Keyword>>((p) => ({
    path: ['search', 'keyword'],
    query: { query: p.query, page: p.page },
  })),
};

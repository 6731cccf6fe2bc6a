/** Movies: details, the movie lists, every movie sub-resource and the movie rating writes. */
import type { AccountStates } from './account.ts';
import type { Changes } from './changes.ts';
import type { CompanySummary } from './company.ts';
import type { Credits } from './credit.ts';
import { appendable, resource, write, type ImageLanguage, type Language, type MovieKey, type Paging } from './define.ts';
import type { Genre } from './genre.ts';
import type { UserList } from './list.ts';
import type { Review } from './review.ts';
import type { WatchProviders } from './watch-provider.ts';
import {
  changeWindow,
  type ChangeWindow,
  type ExternalIds,
  type IdResults,
  type Image,
  type Page,
  type ProductionCountry,
  type SpokenLanguage,
  type StatusResponse,
  type Translations,
  type Videos,
} from './wire.ts';

export interface MovieSummary {
  id: number;
  adult: boolean;
  backdrop_path: string | null;
  genre_ids: number[];
  original_language: string;
  original_title: string;
  overview: string;
  popularity: number;
  poster_path: string | null;
  release_date: string;
  title: string;
  video: boolean;
  vote_average: number;
  vote_count: number;
}

export interface RatedMovie extends MovieSummary {
  rating: number;
}

export interface MovieDetails extends Omit<MovieSummary, 'genre_ids'> {
  belongs_to_collection: { id: number; name: string; poster_path: string | null; backdrop_path: string | null } | null;
  budget: number;
  genres: Genre[];
  homepage: string;
  imdb_id: string | null;
  origin_country?: string[];
  production_companies: CompanySummary[];
  production_countries: ProductionCountry[];
  revenue: number;
  runtime: number | null;
  spoken_languages: SpokenLanguage[];
  status: string;
  tagline: string;
}

/** upcoming and now_playing: a page plus the release window it covers. */
export interface UpcomingPage extends Page<MovieSummary> {
  dates: { minimum: string; maximum: string };
}
export type NowPlayingPage = UpcomingPage;

export interface MovieImages {
  id: number;
  backdrops: Image[];
  logos: Image[];
  posters: Image[];
}

/** An alternative title of a movie or a series. */
export interface AlternativeTitle {
  iso_3166_1: string;
  title: string;
  type: string;
}

export interface ReleaseDate {
  certification: string;
  descriptors?: string[];
  iso_639_1: string;
  note: string;
  /** ISO 8601, "2019-06-13T00:00:00.000Z". */
  release_date: string;
  /** 1 Premiere, 2 Theatrical (limited), 3 Theatrical, 4 Digital, 5 Physical, 6 TV. */
  type: number;
}

export interface CountryReleaseDates {
  iso_3166_1: string;
  release_dates: ReleaseDate[];
}

export type MovieReleaseDates = IdResults<CountryReleaseDates>;
export type MovieVideos = Videos;
export type MovieTranslations = Translations;

type RegionPaging = Paging & { region?: string };
const sub = (p: MovieKey, ...keys: string[]) => ['movie', p.movieId, ...keys];

export const movieResources = {
  movie: resource<MovieKey & Language, MovieDetails>((p) => ({ path: ['movie', p.movieId], query: { language: p.language } })),
  movieCredits: appendable<MovieKey & Language, Credits>('movie', 'credits', (p) => ({
    path: sub(p, 'credits'),
    query: { language: p.language },
  })),
  latestMovie: resource<Record<string, never>, MovieDetails>(() => ({ path: ['movie', 'latest'] })),
  upcomingMovies: resource<RegionPaging, UpcomingPage>((p) => ({
    path: ['movie', 'upcoming'],
    query: { language: p.language, page: p.page, region: p.region },
  })),
  nowPlayingMovies: resource<RegionPaging, NowPlayingPage>((p) => ({
    path: ['movie', 'now_playing'],
    query: { language: p.language, page: p.page, region: p.region },
  })),
  popularMovies: resource<RegionPaging, Page<MovieSummary>>((p) => ({
    path: ['movie', 'popular'],
    query: { language: p.language, page: p.page, region: p.region },
  })),
  topRatedMovies: resource<RegionPaging, Page<MovieSummary>>((p) => ({
    path: ['movie', 'top_rated'],
    query: { language: p.language, page: p.page, region: p.region },
  })),
  movieLists: appendable<MovieKey & Paging, Page<UserList>>('movie', 'lists', (p) => ({
    path: sub(p, 'lists'),
    query: { language: p.language, page: p.page },
  })),
  movieAlternativeTitles: appendable<MovieKey & { country?: string }, { id: number; titles: AlternativeTitle[] }>(
    'movie',
    'alternative_titles',
    (p) => ({ path: sub(p, 'alternative_titles'), query: { country: p.country } }),
  ),
  movieChanges: appendable<MovieKey & ChangeWindow, Changes>('movie', 'changes', (p) => ({
    path: sub(p, 'changes'),
    query: changeWindow(p),
  })),
  movieReviews: appendable<MovieKey & Paging, Page<Review>>('movie', 'reviews', (p) => ({
    path: sub(p, 'reviews'),
    query: { language: p.language, page: p.page },
  })),
  movieImages: appendable<MovieKey & ImageLanguage, MovieImages>('movie', 'images', (p) => ({
    path: sub(p, 'images'),
    query: { language: p.language, include_image_language: p.includeImageLanguage },
  })),
  movieVideos: appendable<MovieKey & Language & { includeVideoLanguage?: string }, MovieVideos>('movie', 'videos', (p) => ({
    path: sub(p, 'videos'),
    query: { language: p.language, include_video_language: p.includeVideoLanguage },
  })),
  movieReleaseDates: appendable<MovieKey, MovieReleaseDates>('movie', 'release_dates', (p) => ({ path: sub(p, 'release_dates') })),
  movieTranslations: appendable<MovieKey, MovieTranslations>('movie', 'translations', (p) => ({ path: sub(p, 'translations') })),
  movieExternalIds: appendable<MovieKey, ExternalIds>('movie', 'external_ids', (p) => ({ path: sub(p, 'external_ids') })),
  movieWatchProviders: appendable<MovieKey, WatchProviders>('movie', 'watch/providers', (p) => ({
    path: sub(p, 'watch', 'providers'),
  })),
  movieRecommendations: appendable<MovieKey & Paging, Page<MovieSummary>>('movie', 'recommendations', (p) => ({
    path: sub(p, 'recommendations'),
    query: { language: p.language, page: p.page },
  })),
  similarMovies: appendable<MovieKey & Paging, Page<MovieSummary>>('movie', 'similar', (p) => ({
    path: sub(p, 'similar'),
    query: { language: p.language, page: p.page },
  })),
  // The session's own state: never appended, so the shared details stay cacheable.
  movieAccountStates: resource<MovieKey, AccountStates>(
    (p, session) => ({ path: sub(p, 'account_states'), query: { ...session } }),
    'user-or-guest',
  ),
};

/** Rating a movie: the user session or a guest session (the real service accepts both). */
export const movieWrites = {
  rateMovie: write<{ movieId: number; value: number }, StatusResponse>(
    (p, session) => ({ method: 'POST', path: sub(p, 'rating'), query: { ...session }, body: { value: p.value } }),
    'user-or-guest',
  ),
  deleteMovieRating: write<{ movieId: number }, StatusResponse>(
    (p, session) => ({ method: 'DELETE', path: sub(p, 'rating'), query: { ...session } }),
    'user-or-guest',
  ),
};

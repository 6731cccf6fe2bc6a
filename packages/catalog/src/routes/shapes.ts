/** Response shapes derived from stored records (summaries, list items), shared by several routes. */
import type { EpisodeDetails, SeasonEpisode, TvSeriesDetails, TvSummary } from '../data/tv-types.ts';
import type { MovieDetails, MovieSummary, Review } from '../data/types.ts';

export function movieSummary(movie: MovieDetails): MovieSummary {
  return {
    adult: movie.adult,
    backdrop_path: movie.backdrop_path,
    genre_ids: movie.genres.map((genre) => genre.id),
    id: movie.id,
    original_language: movie.original_language,
    original_title: movie.original_title,
    overview: movie.overview,
    popularity: movie.popularity,
    poster_path: movie.poster_path,
    release_date: movie.release_date,
    title: movie.title,
    video: movie.video,
    vote_average: movie.vote_average,
    vote_count: movie.vote_count,
  };
}

export function tvSummary(series: TvSeriesDetails): TvSummary {
  return {
    adult: series.adult,
    backdrop_path: series.backdrop_path,
    id: series.id,
    name: series.name,
    original_language: series.original_language,
    original_name: series.original_name,
    overview: series.overview,
    poster_path: series.poster_path,
    media_type: 'tv',
    genre_ids: series.genres.map((genre) => genre.id),
    popularity: series.popularity,
    first_air_date: series.first_air_date,
    vote_average: series.vote_average,
    vote_count: series.vote_count,
    origin_country: series.origin_country,
  };
}

/** Review list items carry neither iso_639_1 nor the media_* fields (GET /review/{id} does), and start with author. */
export function reviewListItem(review: Review): Omit<Review, 'iso_639_1' | 'media_id' | 'media_title' | 'media_type'> {
  return {
    author: review.author,
    author_details: review.author_details,
    content: review.content,
    created_at: review.created_at,
    id: review.id,
    updated_at: review.updated_at,
    url: review.url,
  };
}

/** The standalone episode shape: no show_id, no episode_type, fields in the real order. */
export function episodeDetails(ep: SeasonEpisode): EpisodeDetails {
  return {
    air_date: ep.air_date,
    crew: ep.crew,
    episode_number: ep.episode_number,
    guest_stars: ep.guest_stars,
    name: ep.name,
    overview: ep.overview,
    id: ep.id,
    production_code: ep.production_code,
    runtime: ep.runtime,
    season_number: ep.season_number,
    still_path: ep.still_path,
    vote_average: ep.vote_average,
    vote_count: ep.vote_count,
  };
}

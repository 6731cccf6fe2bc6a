/**
 * Indexes over the generated data, built once per running catalog. Every finder throws
 * the real service's 404 (code 34) when the thing does not exist, which is what routes want.
 */
import type { CatalogData } from './data/catalog.ts';
import type { SeasonDetails, SeasonEpisode, TvSeriesDetails } from './data/tv-types.ts';
import type { CompanyDetails, MovieDetails, MovieListSummary, Review, TvListSummary } from './data/types.ts';
import { CODE, CatalogError } from './errors.ts';

function found<T>(value: T | undefined): T {
  if (value === undefined) throw new CatalogError(CODE.notFound);
  return value;
}

export class CatalogLookup {
  private readonly movies: Map<number, MovieDetails>;
  private readonly series: Map<number, TvSeriesDetails>;
  private readonly companies: Map<number, CompanyDetails>;
  private readonly reviews: Map<string, Review>;
  private readonly reviewsByWork = new Map<string, Review[]>();
  private readonly movieLists: Map<number, MovieListSummary>;
  private readonly tvLists: Map<number, TvListSummary>;

  private readonly data: CatalogData;

  constructor(data: CatalogData) {
    this.data = data;
    this.movies = new Map(data.movies.map((movie) => [movie.id, movie]));
    this.series = new Map(data.tvSeries.map((series) => [series.id, series]));
    this.companies = new Map(data.companies.map((company) => [company.id, company]));
    this.reviews = new Map(data.reviews.map((review) => [review.id, review]));
    for (const review of data.reviews) {
      const key = `${review.media_type}:${review.media_id}`;
      const list = this.reviewsByWork.get(key);
      if (list) list.push(review);
      else this.reviewsByWork.set(key, [review]);
    }
    this.movieLists = new Map(data.movieLists.map((list) => [list.id, list]));
    this.tvLists = new Map(data.tvLists.map((list) => [list.id, list]));
  }

  movie(id: number): MovieDetails {
    return found(this.movies.get(id));
  }

  tvSeries(id: number): TvSeriesDetails {
    return found(this.series.get(id));
  }

  season(seriesId: number, seasonNumber: number): SeasonDetails {
    return found(this.data.seasons.get(seriesId)?.find((season) => season.season_number === seasonNumber));
  }

  episode(seriesId: number, seasonNumber: number, episodeNumber: number): SeasonEpisode {
    return found(this.season(seriesId, seasonNumber).episodes.find((ep) => ep.episode_number === episodeNumber));
  }

  company(id: number): CompanyDetails {
    return found(this.companies.get(id));
  }

  review(id: string): Review {
    return found(this.reviews.get(id));
  }

  /** Oldest first; empty for a work nobody reviewed. */
  reviewsOf(mediaType: 'movie' | 'tv', id: number): Review[] {
    return this.reviewsByWork.get(`${mediaType}:${id}`) ?? [];
  }

  movieListsOf(movieId: number): MovieListSummary[] {
    return (this.data.listsOfMovie.get(movieId) ?? []).map((id) => found(this.movieLists.get(id)));
  }

  tvListsOf(seriesId: number): TvListSummary[] {
    return (this.data.listsOfSeries.get(seriesId) ?? []).map((id) => found(this.tvLists.get(id)));
  }
}

/**
 * Rated, favourite and watchlist result pages shared by /account/{id}/... and
 * /guest_session/{id}/rated/...: the summary of each work plus `rating`, in created_at order.
 */
import type { CatalogData } from '../data/catalog.ts';
import type { RatedKind, Rater } from '../data/ratings.ts';
import type { SeasonEpisode } from '../data/tv-types.ts';
import type { CatalogLookup } from '../lookup.ts';
import { paginate, readChoice, readPage, type Query } from '../params.ts';
import { movieSummary, tvSummary } from './shapes.ts';

const ORDERS = ['created_at.asc', 'created_at.desc'] as const;

/** sort_by and page, validated like the real service (bad sort_by → 422 code 5, bad page → 400 code 22). */
export function readListQuery(query: Query): { descending: boolean; page: number } {
  const order = readChoice(query, 'sort_by', ORDERS, 'created_at.asc');
  return { descending: order === 'created_at.desc', page: readPage(query) };
}

/** Series in account lists: the summary without media_type, as the real account lists send it. */
export function accountTvItem(lookup: CatalogLookup, id: number) {
  const { media_type: _mediaType, ...summary } = tvSummary(lookup.tvSeries(id));
  return summary;
}

const episodeIndexes = new WeakMap<CatalogData, Map<number, SeasonEpisode>>();

/** An episode by its id (built once per catalog instance). */
export function episodeById(data: CatalogData, id: number): SeasonEpisode | undefined {
  let index = episodeIndexes.get(data);
  if (!index) {
    index = new Map();
    for (const seasons of data.seasons.values()) for (const season of seasons) for (const ep of season.episodes) index.set(ep.id, ep);
    episodeIndexes.set(data, index);
  }
  return index.get(id);
}

/** A rated episode as the rated-episodes lists send it (with show_id, without credits). */
function ratedEpisodeItem(ep: SeasonEpisode, rating: number) {
  return {
    air_date: ep.air_date,
    episode_number: ep.episode_number,
    id: ep.id,
    name: ep.name,
    overview: ep.overview,
    production_code: ep.production_code,
    runtime: ep.runtime,
    season_number: ep.season_number,
    show_id: ep.show_id,
    still_path: ep.still_path,
    vote_average: ep.vote_average,
    vote_count: ep.vote_count,
    rating,
  };
}

/** One page of what a rater rated of one kind. */
export function ratedPage(data: CatalogData, lookup: CatalogLookup, rater: Rater, kind: RatedKind, query: Query) {
  const { descending, page } = readListQuery(query);
  const rated = data.ratings.ratedBy(rater, kind);
  if (descending) rated.reverse();
  const results = rated.map((rating) => {
    if (kind === 'movie') return { ...movieSummary(lookup.movie(rating.id)), rating: rating.value };
    if (kind === 'tv') return { ...accountTvItem(lookup, rating.id), rating: rating.value };
    return ratedEpisodeItem(episodeById(data, rating.id)!, rating.value);
  });
  return paginate(results, page);
}

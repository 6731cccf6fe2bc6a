/** User lists and which movies and series they contain. */
import { MAJOR_PRODUCTION_COUNTRIES } from './countries.ts';
import { lastOf, Random } from './random.ts';
import type { TvSeriesDetails } from './tv-types.ts';
import type { MovieDetails, MovieListSummary, TvListSummary } from './types.ts';
import { FIRST_NAMES, LIST_DESCRIPTIONS, LIST_NAMES } from './words.ts';

export interface ListData {
  movieLists: MovieListSummary[];
  tvLists: TvListSummary[];
  /** List ids per movie id. */
  listsOfMovie: Map<number, number[]>;
  /** List ids per series id. */
  listsOfSeries: Map<number, number[]>;
}

function listName(rng: Random, kind: 'movie' | 'tv'): string {
  const name = rng.pick(LIST_NAMES);
  if (rng.chance(0.2)) return `${rng.pick(FIRST_NAMES)}'s ${name.toLowerCase()}`;
  return kind === 'tv' ? name.replace('Movies', 'Shows') : name;
}

/** Most works are on a handful of lists, a few on dozens (so the list endpoints page). */
function memberships(rng: Random, workIds: number[], listIds: number[]): Map<number, number[]> {
  const byWork = new Map<number, number[]>();
  for (const workId of workIds) {
    const roll = rng.float();
    const count = roll < 0.3 ? 0 : roll < 0.9 ? rng.int(1, 15) : rng.int(21, 60);
    byWork.set(
      workId,
      rng.pickSome(listIds, count).sort((a, b) => b - a),
    );
  }
  return byWork;
}

function itemCounts(byWork: Map<number, number[]>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const listIds of byWork.values()) for (const id of listIds) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

export function generateLists(movies: MovieDetails[], tvSeries: TvSeriesDetails[]): ListData {
  const rng = new Random('lists');
  const movieListIds = rng.sparseIds(500, 8_000_000, 4_000);
  const tvListIds = rng.sparseIds(150, lastOf(movieListIds), 4_000);
  const listsOfMovie = memberships(
    rng,
    movies.map((m) => m.id),
    movieListIds,
  );
  const listsOfSeries = memberships(
    rng,
    tvSeries.map((s) => s.id),
    tvListIds,
  );
  const movieCounts = itemCounts(listsOfMovie);
  const tvCounts = itemCounts(listsOfSeries);

  // Fields in the order of the real examples (list_type / iso_3166_1 sit before name).
  // item_count is exactly the list's members, so GET /list/{id} (data/user-lists.ts) agrees with it.
  // (The draw that used to pad it stays, so the rest of the stream is unchanged.)
  const summary = (id: number, counts: Map<number, number>, kind: 'movie' | 'tv') => ({
    description: rng.pick(LIST_DESCRIPTIONS),
    favorite_count: rng.chance(0.9) ? 0 : rng.int(1, 40),
    id,
    item_count: (counts.get(id) ?? 0) + 0 * rng.int(0, 400),
    iso_639_1: rng.chance(0.85) ? 'en' : rng.pick(['es', 'fr', 'de', 'pt']),
    name: listName(rng, kind),
    poster_path: rng.chance(0.9) ? null : rng.imagePath(),
  });
  const movieLists = movieListIds.map((id): MovieListSummary => {
    const { name, poster_path, ...head } = summary(id, movieCounts, 'movie');
    return { ...head, list_type: 'movie', name, poster_path };
  });
  const tvLists = tvListIds.map((id): TvListSummary => {
    const { name, poster_path, ...head } = summary(id, tvCounts, 'tv');
    return { ...head, iso_3166_1: rng.pick(MAJOR_PRODUCTION_COUNTRIES), name, poster_path };
  });
  return { movieLists, tvLists, listsOfMovie, listsOfSeries };
}

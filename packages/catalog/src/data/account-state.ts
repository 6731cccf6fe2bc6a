/**
 * The account's mutable state, one instance per running catalog (in CatalogData): favourites and
 * watchlist of movies and series (AccountMediaStore), and every rating (RatingStore in ratings.ts,
 * seeded with the generated account's rated movies, series and episodes).
 *
 * Readers for other routes:
 *   - `mediaAccountState(data, rater, 'movie' | 'tv', id)` → { favorite, rated, watchlist } for
 *     /movie/{id}/account_states and /tv/{id}/account_states (a guest has no favourites/watchlist);
 *   - `episodeAccountState(data, rater, episodeId)` → the same for an episode.
 * Writers: POST /account/{id}/favorite|watchlist (routes/account-marks.ts) and the rating routes
 * (data.ratings.rate / unrate).
 */
import { DAY_MS, dayToMs, isoTimestamp } from './dates.ts';
import { Random } from './random.ts';
import { accountRater, RatingStore, type Rater } from './ratings.ts';
import type { EpisodeAccountState, TvSeriesDetails } from './tv-types.ts';
import type { AccountDetails, MovieDetails, MovieRating } from './types.ts';

export type MediaKind = 'movie' | 'tv';
export type AccountListName = 'favorite' | 'watchlist';

export const FAVORITE_MOVIE_COUNT = 45;
export const FAVORITE_TV_COUNT = 24;
export const WATCHLIST_MOVIE_COUNT = 38;
export const WATCHLIST_TV_COUNT = 21;
export const RATED_TV_COUNT = 30;

export interface MediaAccountState {
  favorite: boolean;
  /** The JSON literal false when not rated, as the real service sends it. */
  rated: { value: number } | false;
  watchlist: boolean;
}

/** The account's favourite and watchlist movies and series, each in the order they were added. */
export class AccountMediaStore {
  private readonly entries = new Map<string, Set<number>>();

  has(list: AccountListName, kind: MediaKind, id: number): boolean {
    return this.set(list, kind).has(id);
  }

  /** Adds (on) or removes an entry; true when that changed anything. Re-adding keeps the old place. */
  put(list: AccountListName, kind: MediaKind, id: number, on: boolean): boolean {
    const ids = this.set(list, kind);
    if (ids.has(id) === on) return false;
    if (on) ids.add(id);
    else ids.delete(id);
    return true;
  }

  /** Oldest first (sort_by=created_at.asc). */
  ids(list: AccountListName, kind: MediaKind): number[] {
    return [...this.set(list, kind)];
  }

  private set(list: AccountListName, kind: MediaKind): Set<number> {
    const key = `${list}:${kind}`;
    let ids = this.entries.get(key);
    if (!ids) this.entries.set(key, (ids = new Set()));
    return ids;
  }
}

export interface AccountStateData {
  /** Every rating of the account and of guest sessions (seeded with the account's). */
  ratings: RatingStore;
  /** The account's favourites and watchlist. */
  accountMedia: AccountMediaStore;
}

export function generateAccountState(
  account: AccountDetails,
  movies: MovieDetails[],
  tvSeries: TvSeriesDetails[],
  ratedMovies: MovieRating[],
  episodeAccountStates: Map<number, EpisodeAccountState>,
  today: string,
): AccountStateData {
  const rng = new Random('account-state');
  const rater = accountRater(account.id);
  const ratings = new RatingStore(dayToMs(today) + DAY_MS);
  const startMs = dayToMs(today) - 900 * DAY_MS;

  // Rated series, interleaved in time with the rated movies (same 900-day window).
  const airedSeries = tvSeries.filter((series) => series.first_air_date !== '' && series.first_air_date <= today);
  const stamps = rng.pickSome(airedSeries, RATED_TV_COUNT).map((series) => ({
    id: series.id,
    value: rng.int(1, 20) / 2,
    created_at: isoTimestamp(startMs + rng.int(0, 880 * 24 * 60) * 60_000),
  }));
  const merged = [
    ...ratedMovies.map((rated) => ({ kind: 'movie' as const, id: rated.movie_id, value: rated.rating, created_at: rated.created_at })),
    ...stamps.map((rated) => ({ kind: 'tv' as const, ...rated })),
  ].sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const rating of merged) ratings.seed(rater, rating);
  // Episode ratings come from the generated episode states; the store keeps that map in step.
  const episodeStamp = new Map(
    [...episodeAccountStates.keys()].map((id) => [id, isoTimestamp(startMs + rng.int(0, 880 * 24 * 60) * 60_000)]),
  );
  ratings.mirrorEpisodes(rater, episodeAccountStates, (id) => episodeStamp.get(id)!);

  const accountMedia = new AccountMediaStore();
  const released = movies.filter((movie) => movie.release_date !== '' && movie.release_date <= today);
  const upcoming = movies.filter((movie) => !(movie.release_date !== '' && movie.release_date <= today));
  for (const movie of rng.pickSome(released, FAVORITE_MOVIE_COUNT)) accountMedia.put('favorite', 'movie', movie.id, true);
  for (const series of rng.pickSome(airedSeries, FAVORITE_TV_COUNT)) accountMedia.put('favorite', 'tv', series.id, true);
  // A watchlist leans towards what is not out yet.
  const watchMovies = [...rng.pickSome(upcoming, Math.min(upcoming.length, 12)), ...rng.pickSome(released, WATCHLIST_MOVIE_COUNT)];
  for (const movie of watchMovies.slice(0, WATCHLIST_MOVIE_COUNT)) accountMedia.put('watchlist', 'movie', movie.id, true);
  for (const series of rng.pickSome(tvSeries, WATCHLIST_TV_COUNT)) accountMedia.put('watchlist', 'tv', series.id, true);
  return { ratings, accountMedia };
}

/** Account states of a movie or series for a rater (the account, or a guest: never favourite/watchlist). */
export function mediaAccountState(
  data: AccountStateData & { account: AccountDetails },
  rater: Rater,
  kind: MediaKind,
  id: number,
): MediaAccountState {
  const isAccount = rater === accountRater(data.account.id);
  const value = data.ratings.ratingOf(kind, id, rater);
  return {
    favorite: isAccount && data.accountMedia.has('favorite', kind, id),
    rated: value === undefined ? false : { value },
    watchlist: isAccount && data.accountMedia.has('watchlist', kind, id),
  };
}

/** Account states of an episode for a rater (favourite/watchlist flags come from the generated states). */
export function episodeAccountState(
  data: AccountStateData & { account: AccountDetails; episodeAccountStates: Map<number, EpisodeAccountState> },
  rater: Rater,
  episodeId: number,
): MediaAccountState {
  const isAccount = rater === accountRater(data.account.id);
  const flags = isAccount ? data.episodeAccountStates.get(episodeId) : undefined;
  const value = data.ratings.ratingOf('episode', episodeId, rater);
  return { favorite: flags?.favorite ?? false, rated: value === undefined ? false : { value }, watchlist: flags?.watchlist ?? false };
}

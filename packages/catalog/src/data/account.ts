/** The one user account: its details, rated movies and episode states. */
import { DAY_MS, dayToMs, isoTimestamp } from './dates.ts';
import { Random } from './random.ts';
import type { EpisodeAccountState, SeasonDetails } from './tv-types.ts';
import type { AccountDetails, MovieDetails, MovieRating } from './types.ts';

export const RATED_MOVIE_COUNT = 60;

export interface AccountData {
  account: AccountDetails;
  /** In created_at order (oldest first), which is sort_by=created_at.asc. */
  ratedMovies: MovieRating[];
  /** Keyed by episode id; episodes missing here are neither rated, favorite nor on the watchlist. */
  episodeAccountStates: Map<number, EpisodeAccountState>;
}

export function generateAccount(movies: MovieDetails[], seasons: SeasonDetails[], today: string): AccountData {
  const rng = new Random('account');
  const account: AccountDetails = {
    avatar: { gravatar: { hash: rng.hex(32) }, tmdb: { avatar_path: rng.imagePath('.png') } },
    id: 21_470_394,
    iso_639_1: 'en',
    iso_3166_1: 'CA',
    name: 'Robin Okafor',
    include_adult: false,
    username: 'robin_okafor',
  };

  const released = movies.filter((movie) => movie.status === 'Released');
  const picked = rng.pickSome(released, RATED_MOVIE_COUNT);
  let createdMs = dayToMs(today) - 900 * DAY_MS;
  const ratedMovies = picked.map((movie) => {
    createdMs += rng.int(1, (14 * DAY_MS) / 1000) * 1000;
    return { movie_id: movie.id, rating: rng.int(1, 20) / 2, created_at: isoTimestamp(createdMs) };
  });

  const aired = seasons.flatMap((season) => season.episodes).filter((ep) => ep.air_date <= today);
  const episodeAccountStates = new Map<number, EpisodeAccountState>();
  for (const episode of rng.pickSome(aired, 300)) {
    episodeAccountStates.set(episode.id, {
      favorite: rng.chance(0.1),
      rated: rng.chance(0.7) ? { value: rng.int(1, 20) / 2 } : false,
      watchlist: rng.chance(0.1),
    });
  }
  return { account, ratedMovies, episodeAccountStates };
}

/** Image metadata: movie backdrops, logos and posters; season posters. */
import { LANGUAGES } from './countries.ts';
import { Random } from './random.ts';
import type { SeasonDetails } from './tv-types.ts';
import type { Image, MovieDetails, MovieImages } from './types.ts';

type Kind = 'backdrop' | 'poster' | 'logo';

const SIZES: Record<Exclude<Kind, 'logo'>, [number, number][]> = {
  backdrop: [
    [1280, 720],
    [1920, 1080],
    [3840, 2160],
  ],
  poster: [
    [500, 750],
    [1000, 1500],
    [2000, 3000],
  ],
};

/** Backdrops are mostly language-neutral, posters and logos mostly carry text. */
function imageLanguage(rng: Random, kind: Kind, originalLanguage: string): string | null {
  const roll = rng.float();
  if (kind === 'backdrop') return roll < 0.75 ? null : roll < 0.9 ? 'en' : originalLanguage;
  if (roll < 0.5) return 'en';
  if (roll < 0.7) return originalLanguage;
  if (roll < 0.8 && kind === 'poster') return null;
  return rng.pick(LANGUAGES).iso_639_1;
}

function image(rng: Random, kind: Kind, originalLanguage: string, filePath?: string, iso?: string | null): Image {
  let width: number;
  let height: number;
  if (kind === 'logo') {
    width = rng.int(300, 2000);
    height = Math.round(width / rng.decimal(1.5, 8, 2));
  } else {
    [width, height] = rng.pick(SIZES[kind]);
  }
  const voteCount = rng.chance(0.4) ? 0 : rng.int(1, 20);
  return {
    aspect_ratio: Math.round((width / height) * 1000) / 1000,
    height,
    iso_639_1: iso !== undefined ? iso : imageLanguage(rng, kind, originalLanguage),
    file_path: filePath ?? rng.imagePath(kind === 'logo' ? '.png' : '.jpg'),
    vote_average: voteCount === 0 ? 0 : rng.decimal(5.1, 5.8, 3),
    vote_count: voteCount,
    width,
  };
}

function images(rng: Random, kind: Kind, count: number, originalLanguage: string): Image[] {
  return Array.from({ length: count }, () => image(rng, kind, originalLanguage));
}

/** The movie's own poster_path and backdrop_path come first, so details and images agree. */
export function generateMovieImages(movies: MovieDetails[]): Map<number, MovieImages> {
  const rng = new Random('movie-images');
  const byMovie = new Map<number, MovieImages>();
  for (const movie of movies) {
    const lang = movie.original_language;
    const backdrops = images(rng, 'backdrop', rng.int(0, 10), lang);
    const posters = images(rng, 'poster', rng.int(0, 12), lang);
    if (movie.backdrop_path) backdrops.unshift(image(rng, 'backdrop', lang, movie.backdrop_path, null));
    if (movie.poster_path) posters.unshift(image(rng, 'poster', lang, movie.poster_path, 'en'));
    byMovie.set(movie.id, { backdrops, logos: images(rng, 'logo', rng.int(0, 4), lang), posters });
  }
  return byMovie;
}

/** Keyed by season id. */
export function generateSeasonImages(seasons: SeasonDetails[], originalLanguage: (season: SeasonDetails) => string): Map<number, Image[]> {
  const rng = new Random('season-images');
  const bySeason = new Map<number, Image[]>();
  for (const season of seasons) {
    const lang = originalLanguage(season);
    const posters = images(rng, 'poster', rng.int(0, 6), lang);
    if (season.poster_path) posters.unshift(image(rng, 'poster', lang, season.poster_path, 'en'));
    bySeason.set(season.id, posters);
  }
  return bySeason;
}

/** Alternative titles of movies: other countries' titles, romanizations, working titles. */
import { COUNTRIES } from './countries.ts';
import { Random } from './random.ts';
import { titleIn } from './text.ts';
import type { AlternativeTitle, MovieDetails } from './types.ts';

function titleType(rng: Random, countryCode: string): string {
  if (countryCode === 'MX' && rng.chance(0.5)) return 'Hispanoamérica';
  const roll = rng.float();
  if (roll < 0.7) return '';
  return rng.pick(['romanization', 'working title', 'short title', 'DVD title']);
}

export function generateAlternativeTitles(movies: MovieDetails[]): Map<number, AlternativeTitle[]> {
  const rng = new Random('alternative-titles');
  const byMovie = new Map<number, AlternativeTitle[]>();
  for (const movie of movies) {
    const countries = rng.pickSome(COUNTRIES, rng.pick([0, 1, 2, 3, 5, 8]));
    byMovie.set(
      movie.id,
      countries.map((row) => {
        const type = titleType(rng, row.iso_3166_1);
        const [beforeColon = movie.title] = movie.title.split(':');
        const title =
          type === 'working title' || type === 'short title'
            ? beforeColon
            : row.language === 'en'
              ? movie.title
              : titleIn(rng, row.language);
        return { iso_3166_1: row.iso_3166_1, title, type };
      }),
    );
  }
  return byMovie;
}

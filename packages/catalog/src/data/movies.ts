/** Movies (full detail records) and the collections some of them belong to. */
import { companySummary } from './companies.ts';
import { COUNTRIES, country, pickOriginCountry, productionCountry, spokenLanguage } from './countries.ts';
import { addDays } from './dates.ts';
import { MOVIE_GENRES } from './genres.ts';
import { Random } from './random.ts';
import { englishTitle, movieOverview, slug, titleIn } from './text.ts';
import type { CollectionSummary, CompanyDetails, MovieDetails } from './types.ts';
import { ADJECTIVES, NOUNS, TAGLINES } from './words.ts';

export const MOVIE_COUNT = 1000;
/** Upcoming = released within this many days from today (the upcoming endpoint's window). */
export const UPCOMING_WINDOW_DAYS = 30;

interface Release {
  release_date: string;
  status: string;
  released: boolean;
}

/** Mostly past releases (more recent ones more likely), ~9% in the upcoming window, a few unknown. */
function release(rng: Random, today: string): Release {
  const roll = rng.float();
  if (roll < 0.012) return { release_date: '', status: 'Rumored', released: false };
  if (roll < 0.1) {
    return { release_date: addDays(today, rng.int(0, UPCOMING_WINDOW_DAYS)), status: 'Post Production', released: false };
  }
  if (roll < 0.13) {
    const status = rng.pick(['In Production', 'Planned', 'Post Production']);
    return { release_date: addDays(today, rng.int(UPCOMING_WINDOW_DAYS + 1, 500)), status, released: false };
  }
  const daysAgo = 1 + Math.floor(rng.float() ** 2 * 60 * 365);
  return { release_date: addDays(today, -daysAgo), status: 'Released', released: true };
}

function generateCollections(rng: Random): { collection: CollectionSummary; base: string }[] {
  const ids = rng.sparseIds(25, 0, 20_000);
  return ids.map((id) => {
    const base = englishTitle(rng).replace(/:.*/, '');
    return {
      base,
      collection: { id, name: `${base} Collection`, poster_path: rng.imagePath(), backdrop_path: rng.imagePath() },
    };
  });
}

function sequelTitle(rng: Random, base: string, part: number): string {
  if (part === 1) return base;
  return rng.chance(0.5) ? `${base} ${part}` : `${base}: ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
}

export function generateMovies(companies: CompanyDetails[], today: string): MovieDetails[] {
  const rng = new Random('movies');
  const collections = generateCollections(rng);
  const partsSoFar = new Map<number, number>();
  const ids = rng.sparseIds(MOVIE_COUNT, 10, 700);

  return ids.map((id) => {
    const origin = pickOriginCountry(rng);
    const originalLanguage = country(origin).language;
    const inCollection = rng.chance(0.1) ? rng.pick(collections) : undefined;
    let title = englishTitle(rng);
    if (inCollection) {
      const part = (partsSoFar.get(inCollection.collection.id) ?? 0) + 1;
      partsSoFar.set(inCollection.collection.id, part);
      title = sequelTitle(rng, inCollection.base, part);
    }
    const { release_date, status, released } = release(rng, today);
    const otherCountries = rng.pickSome(COUNTRIES, rng.pick([0, 0, 0, 1, 2])).map((row) => row.iso_3166_1);
    const countries = [...new Set([origin, ...otherCountries])];
    const spoken = [...new Set([originalLanguage, ...(rng.chance(0.3) ? ['en', 'fr', 'es'].slice(0, rng.int(1, 3)) : [])])];
    const budget = rng.chance(0.3) ? 0 : rng.int(1, 250) * 1_000_000;
    const revenue = !released || rng.chance(0.25) ? 0 : Math.round(budget * rng.decimal(0.2, 6, 2) + rng.int(0, 999_999));
    const voteCount = released ? Math.floor(rng.float() ** 3 * 25_000) : 0;

    return {
      adult: false,
      backdrop_path: rng.chance(0.9) ? rng.imagePath() : null,
      belongs_to_collection: inCollection ? inCollection.collection : null,
      budget,
      genres: rng.pickSome(MOVIE_GENRES, rng.int(1, 3)),
      homepage: rng.chance(0.5) ? `https://www.${slug(title)}.movie` : '',
      id,
      imdb_id: rng.chance(0.9) ? `tt${rng.int(100_000, 29_999_999).toString().padStart(7, '0')}` : null,
      origin_country: [origin],
      original_language: originalLanguage,
      original_title: originalLanguage === 'en' ? title : titleIn(rng, originalLanguage),
      overview: movieOverview(rng),
      popularity: rng.decimal(0.6, rng.chance(0.1) ? 900 : 90, 4),
      poster_path: rng.chance(0.95) ? rng.imagePath() : null,
      production_companies: rng.pickSome(companies, rng.int(1, 3)).map(companySummary),
      production_countries: countries.map(productionCountry),
      release_date,
      revenue,
      runtime: status === 'Rumored' ? 0 : rng.int(78, 185),
      spoken_languages: spoken.map(spokenLanguage),
      status,
      tagline: rng.chance(0.7) ? rng.pick(TAGLINES) : '',
      title,
      video: false,
      vote_average: voteCount === 0 ? 0 : rng.decimal(3.5, 9, 3),
      vote_count: voteCount,
    };
  });
}

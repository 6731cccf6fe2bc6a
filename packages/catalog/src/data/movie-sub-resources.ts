/**
 * Per-movie extras: videos, release dates (with certifications from certifications.ts),
 * translations, external ids (imdb_id is the movie's own) and watch providers (from the
 * provider list), plus the trending order of movies. All from one seeded stream.
 */
import { MOVIE_CERTIFICATIONS } from './certifications.ts';
import { COUNTRIES, countryOfLanguage, LANGUAGES, language as languageRow } from './countries.ts';
import { addDays, dayToMs, DAY_MS, isoTimestamp } from './dates.ts';
import { pick, Random } from './random.ts';
import { movieOverview, slug, titleIn } from './text.ts';
import type { MovieDetails, Video, WatchProvider } from './types.ts';
import { byDisplayPriority, providersShownIn, type ShownProvider } from './watch-providers.ts';
import { TAGLINES } from './words.ts';

export type MovieVideo = Video;

/** Release types of the real service: 1 Premiere, 2 Theatrical (limited), 3 Theatrical, 4 Digital, 5 Physical, 6 TV. */
export interface ReleaseDate {
  certification: string;
  descriptors: string[];
  iso_639_1: string;
  /** Absent from some unrated theatrical releases without a note, as in the real movie-release-dates example. */
  note?: string;
  /** "YYYY-MM-DDT00:00:00.000Z". */
  release_date: string;
  type: number;
}

export interface CountryReleases {
  iso_3166_1: string;
  release_dates: ReleaseDate[];
}

export interface MovieTranslation {
  iso_3166_1: string;
  iso_639_1: string;
  name: string;
  english_name: string;
  data: { homepage: string; overview: string; runtime: number; tagline: string; title: string };
}

export interface MovieExternalIds {
  id: number;
  imdb_id: string | null;
  wikidata_id: string | null;
  facebook_id: string | null;
  instagram_id: string | null;
  twitter_id: string | null;
}

export interface ProviderOffer {
  logo_path: string;
  provider_id: number;
  provider_name: string;
  display_priority: number;
}

export interface CountryOffers {
  link: string;
  flatrate?: ProviderOffer[];
  rent?: ProviderOffer[];
  buy?: ProviderOffer[];
}

export interface MovieExtras {
  videos: MovieVideo[];
  /** Sorted by country code. */
  releaseDates: CountryReleases[];
  translations: MovieTranslation[];
  externalIds: MovieExternalIds;
  /** Keyed by ISO 3166-1 country, in code order. */
  watchProviders: Record<string, CountryOffers>;
}

const VIDEO_TYPES = ['Trailer', 'Trailer', 'Teaser', 'Clip', 'Featurette', 'Behind the Scenes'];

function videosOf(rng: Random, movie: MovieDetails, today: string): MovieVideo[] {
  if (movie.status === 'Rumored' || rng.chance(0.15)) return [];
  const anchor = movie.release_date && movie.release_date < today ? movie.release_date : today;
  return Array.from({ length: rng.int(1, 4) }, (_, index) => {
    const type = index === 0 ? 'Trailer' : rng.pick(VIDEO_TYPES);
    const publishedMs = dayToMs(anchor) - rng.int(1, 200) * DAY_MS + rng.int(0, 86_399) * 1000;
    const youtube = rng.chance(0.9);
    return {
      iso_639_1: 'en',
      iso_3166_1: 'US',
      name: index === 0 ? `${movie.title} | Official Trailer` : `${movie.title} - ${type} ${index}`,
      key: youtube ? rng.alphanumeric(11) : String(rng.int(100_000_000, 999_999_999)),
      site: youtube ? 'YouTube' : 'Vimeo',
      size: rng.pick([480, 720, 1080, 1080, 2160]),
      type,
      official: rng.chance(0.8),
      published_at: isoTimestamp(publishedMs),
      id: rng.objectId(publishedMs),
    };
  });
}

/** One certification per country at the same relative severity, so a movie's ratings agree across countries. */
function certificationFor(country: string, severity: number): string {
  const table = MOVIE_CERTIFICATIONS[country];
  if (!table) return '';
  return pick(table, Math.min(table.length - 1, Math.floor(severity * table.length))).certification;
}

function releaseDatesOf(rng: Random, movie: MovieDetails, today: string): CountryReleases[] {
  if (!movie.release_date) return [];
  const severity = rng.float();
  const origin = pick(movie.origin_country, 0);
  const others = new Set(movie.production_countries.map((c) => c.iso_3166_1));
  for (const row of rng.pickSome(COUNTRIES, rng.int(0, 3))) others.add(row.iso_3166_1);
  others.delete(origin);
  const at = (day: string) => `${day}T00:00:00.000Z`;
  const entry = (country: string, day: string, type: number, note = ''): ReleaseDate => ({
    certification: certificationFor(country, severity),
    descriptors: [],
    iso_639_1: '',
    note,
    release_date: at(day),
    type,
  });

  const originDates: ReleaseDate[] = [];
  if (rng.chance(0.4)) originDates.push(entry(origin, addDays(movie.release_date, -rng.int(3, 20)), 1, 'Premiere'));
  originDates.push(entry(origin, movie.release_date, 3));
  const digital = addDays(movie.release_date, rng.int(45, 120));
  if (digital <= today) originDates.push(entry(origin, digital, 4));
  const results: CountryReleases[] = [{ iso_3166_1: origin, release_dates: originDates }];
  for (const country of others) {
    results.push({ iso_3166_1: country, release_dates: [entry(country, addDays(movie.release_date, rng.int(0, 60)), 3)] });
  }
  return withoutSomeNotes(movie, results).sort((a, b) => (a.iso_3166_1 < b.iso_3166_1 ? -1 : 1));
}

/**
 * The real example leaves `note` out of 10 of its 16 unrated theatrical releases that have none.
 * Which ones is drawn from a stream of its own, so every other value stays as it was.
 */
function withoutSomeNotes(movie: MovieDetails, results: CountryReleases[]): CountryReleases[] {
  const legacy = new Random(`movie-release-notes:${movie.id}`);
  return results.map(({ iso_3166_1, release_dates }) => ({
    iso_3166_1,
    release_dates: release_dates.map((release) => {
      if (release.type !== 3 || release.note !== '' || release.certification !== '' || !legacy.chance(0.6)) return release;
      const { note: _note, ...rest } = release;
      return rest;
    }),
  }));
}

function translationsOf(rng: Random, movie: MovieDetails): MovieTranslation[] {
  const codes = new Set(['en', movie.original_language]);
  for (const row of rng.pickSome(LANGUAGES, rng.int(0, 3))) codes.add(row.iso_639_1);
  return [...codes].sort().map((code) => {
    const row = languageRow(code);
    const data =
      code === 'en'
        ? { homepage: movie.homepage, overview: movie.overview, runtime: movie.runtime, tagline: movie.tagline, title: movie.title }
        : {
            homepage: '',
            overview: rng.chance(0.8) ? movieOverview(rng) : '',
            runtime: movie.runtime,
            tagline: rng.chance(0.4) ? rng.pick(TAGLINES) : '',
            title: code === movie.original_language ? movie.original_title : titleIn(rng, code),
          };
    return { iso_3166_1: countryOfLanguage(code), iso_639_1: code, name: row.name, english_name: row.english_name, data };
  });
}

function externalIdsOf(rng: Random, movie: MovieDetails): MovieExternalIds {
  const handle = slug(movie.title).replace(/-/g, '');
  return {
    id: movie.id,
    imdb_id: movie.imdb_id,
    wikidata_id: rng.chance(0.7) ? `Q${rng.int(1_000, 130_000_000)}` : null,
    facebook_id: rng.chance(0.4) ? `${handle}movie` : null,
    instagram_id: rng.chance(0.4) ? `${handle}film` : null,
    twitter_id: rng.chance(0.3) ? `${handle}${rng.int(1, 99)}` : null,
  };
}

function watchProvidersOf(rng: Random, movie: MovieDetails, providers: WatchProvider[], today: string): Record<string, CountryOffers> {
  if (!movie.release_date || movie.release_date > today || rng.chance(0.2)) return {};
  const countries = new Set(movie.production_countries.map((c) => c.iso_3166_1));
  for (const row of rng.pickSome(COUNTRIES, rng.int(0, 5))) countries.add(row.iso_3166_1);
  const result: Record<string, CountryOffers> = {};
  for (const country of [...countries].sort()) {
    const available = providersShownIn(providers, country);
    if (available.length === 0) continue;
    const offer = ({ provider, priority }: ShownProvider): ProviderOffer => ({
      logo_path: provider.logo_path,
      provider_id: provider.provider_id,
      provider_name: provider.provider_name,
      display_priority: priority,
    });
    const someOffers = () =>
      rng
        .pickSome(available, rng.int(1, Math.min(3, available.length)))
        .sort(byDisplayPriority)
        .map(offer);
    const offers: CountryOffers = { link: `https://www.themoviedb.org/movie/${movie.id}-${slug(movie.title)}/watch?locale=${country}` };
    if (rng.chance(0.6)) offers.flatrate = someOffers();
    if (rng.chance(0.5)) offers.rent = someOffers();
    if (rng.chance(0.5) || (!offers.flatrate && !offers.rent)) offers.buy = someOffers();
    result[country] = offers;
  }
  return result;
}

export function generateMovieExtras(movies: MovieDetails[], providers: WatchProvider[], today: string): Map<number, MovieExtras> {
  const rng = new Random('movie-extras');
  return new Map(
    movies.map((movie) => [
      movie.id,
      {
        videos: videosOf(rng, movie, today),
        releaseDates: releaseDatesOf(rng, movie, today),
        translations: translationsOf(rng, movie),
        externalIds: externalIdsOf(rng, movie),
        watchProviders: watchProvidersOf(rng, movie, providers, today),
      },
    ]),
  );
}

/** Movie ids in trending order (released movies only). Day favours recent buzz, week leans on popularity. */
export function generateTrendingMovies(movies: MovieDetails[], today: string): { day: number[]; week: number[] } {
  const rng = new Random('trending-movies');
  const released = movies.filter((movie) => movie.release_date && movie.release_date <= today);
  const recency = (movie: MovieDetails) => Math.max(0, 1 - (dayToMs(today) - dayToMs(movie.release_date)) / (365 * DAY_MS));
  const order = (weight: number) => {
    const scores = new Map(
      released.map((movie) => [movie.id, Math.log1p(movie.popularity) * weight + recency(movie) * 4 + rng.float() * 3]),
    );
    return released.map((movie) => movie.id).sort((a, b) => scores.get(b)! - scores.get(a)! || a - b);
  };
  return { day: order(0.4), week: order(1.5) };
}

/**
 * Per-series extras: alternative titles, content ratings (from the TV certification table),
 * external ids, images (the series' own poster and backdrop first), translations, videos,
 * watch providers (from the provider list), changes, and the recommendation and similar
 * orders (series that share genres). All from one seeded stream, relative to the catalog's today.
 */
import { TV_CERTIFICATIONS } from './certifications.ts';
import { COUNTRIES, countryOfLanguage, LANGUAGES, language as languageRow } from './countries.ts';
import { DAY_MS, dayToMs, isoTimestamp, utcTimestamp } from './dates.ts';
import { pick, Random } from './random.ts';
import { seriesOverview, slug, titleIn } from './text.ts';
import type { TvSeriesDetails } from './tv-types.ts';
import type { AlternativeTitle, ChangeItem, Image, MovieChange, Video, WatchProvider } from './types.ts';
import { byDisplayPriority, providersShownIn, type ShownProvider } from './watch-providers.ts';
import { TAGLINES } from './words.ts';

export interface TvContentRating {
  descriptors: string[];
  iso_3166_1: string;
  rating: string;
}

export interface TvExternalIds {
  id: number;
  imdb_id: string | null;
  freebase_mid: string | null;
  freebase_id: string | null;
  tvdb_id: number | null;
  tvrage_id: number | null;
  wikidata_id: string | null;
  facebook_id: string | null;
  instagram_id: string | null;
  twitter_id: string | null;
}

export interface TvImages {
  backdrops: Image[];
  logos: Image[];
  posters: Image[];
}

export interface TvTranslation {
  iso_3166_1: string;
  iso_639_1: string;
  name: string;
  english_name: string;
  data: { name: string; overview: string; homepage: string; tagline: string };
}

export type TvVideo = Video;

export interface TvProviderOffer {
  logo_path: string;
  provider_id: number;
  provider_name: string;
  display_priority: number;
}

export interface TvCountryOffers {
  link: string;
  flatrate?: TvProviderOffer[];
  free?: TvProviderOffer[];
  ads?: TvProviderOffer[];
  rent?: TvProviderOffer[];
  buy?: TvProviderOffer[];
}

export interface TvSeriesExtras {
  alternativeTitles: AlternativeTitle[];
  /** Sorted by country code. */
  contentRatings: TvContentRating[];
  externalIds: TvExternalIds;
  images: TvImages;
  translations: TvTranslation[];
  videos: TvVideo[];
  /** Keyed by ISO 3166-1 country, in code order. */
  watchProviders: Record<string, TvCountryOffers>;
  /** In time order, over the 30 days before today. */
  changes: MovieChange[];
  /** Series ids: recommendations (shared genre, most popular first). */
  recommendations: number[];
  /** Series ids: similar (most shared genres first, then most votes). */
  similar: number[];
}

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
const VIDEO_TYPES = ['Trailer', 'Teaser', 'Clip', 'Featurette', 'Behind the Scenes', 'Opening Credits'];

function image(rng: Random, kind: 'backdrop' | 'poster' | 'logo', lang: string, filePath?: string, iso?: string | null): Image {
  let width: number;
  let height: number;
  if (kind === 'logo') {
    width = rng.int(300, 2000);
    height = Math.round(width / rng.decimal(1.5, 8, 2));
  } else {
    [width, height] = rng.pick(
      kind === 'backdrop'
        ? [
            [1280, 720],
            [1920, 1080],
            [3840, 2160],
          ]
        : [
            [500, 750],
            [1000, 1500],
            [2000, 3000],
          ],
    );
  }
  const voteCount = rng.chance(0.4) ? 0 : rng.int(1, 20);
  const language = iso !== undefined ? iso : kind === 'backdrop' ? (rng.chance(0.75) ? null : 'en') : rng.chance(0.6) ? 'en' : lang;
  return {
    aspect_ratio: Math.round((width / height) * 1000) / 1000,
    height,
    iso_639_1: language,
    file_path: filePath ?? rng.imagePath(kind === 'logo' ? '.png' : '.jpg'),
    vote_average: voteCount === 0 ? 0 : rng.decimal(5.1, 5.8, 3),
    vote_count: voteCount,
    width,
  };
}

function imagesOf(rng: Random, series: TvSeriesDetails): TvImages {
  const lang = series.original_language;
  const many = (kind: 'backdrop' | 'poster' | 'logo', count: number) => Array.from({ length: count }, () => image(rng, kind, lang));
  const backdrops = many('backdrop', rng.int(0, 8));
  const posters = many('poster', rng.int(0, 10));
  if (series.backdrop_path) backdrops.unshift(image(rng, 'backdrop', lang, series.backdrop_path, null));
  if (series.poster_path) posters.unshift(image(rng, 'poster', lang, series.poster_path, 'en'));
  return { backdrops, logos: many('logo', rng.int(0, 3)), posters };
}

function alternativeTitlesOf(rng: Random, series: TvSeriesDetails): AlternativeTitle[] {
  return rng.pickSome(COUNTRIES, rng.pick([0, 1, 2, 3, 5])).map((row) => {
    const type = rng.chance(0.75) ? '' : rng.pick(['romanization', 'working title', 'short title']);
    const title = type === 'working title' || row.language === 'en' ? series.name : titleIn(rng, row.language);
    return { iso_3166_1: row.iso_3166_1, title, type };
  });
}

/** The same relative severity in every country, so a series' ratings agree. */
function contentRatingsOf(rng: Random, series: TvSeriesDetails): TvContentRating[] {
  const severity = rng.float();
  // Countries only (not "CA-QC"): the same list, and so the same draws, as before the province was listed.
  const codes = Object.keys(TV_CERTIFICATIONS).filter((code) => code.length === 2);
  const countries = new Set([pick(series.origin_country, 0), ...rng.pickSome(codes, rng.int(0, 4))]);
  return [...countries].sort().flatMap((code) => {
    const table = TV_CERTIFICATIONS[code];
    if (!table) return [];
    const rating = pick(table, Math.min(table.length - 1, Math.floor(severity * table.length))).certification;
    return [{ descriptors: [], iso_3166_1: code, rating }];
  });
}

function externalIdsOf(rng: Random, series: TvSeriesDetails): TvExternalIds {
  const handle = slug(series.name).replace(/-/g, '');
  const freebase = rng.chance(0.5) ? `/m/0${Array.from({ length: 5 }, () => rng.pick([...BASE36])).join('')}` : null;
  return {
    id: series.id,
    imdb_id: rng.chance(0.85) ? `tt${rng.int(100_000, 29_999_999).toString().padStart(7, '0')}` : null,
    freebase_mid: freebase,
    freebase_id: freebase && rng.chance(0.6) ? `/en/${slug(series.name).replace(/-/g, '_')}` : null,
    tvdb_id: rng.chance(0.9) ? rng.int(70_000, 450_000) : null,
    tvrage_id: series.first_air_date < '2014-01-01' && rng.chance(0.7) ? rng.int(1_000, 50_000) : null,
    wikidata_id: rng.chance(0.7) ? `Q${rng.int(1_000, 130_000_000)}` : null,
    facebook_id: rng.chance(0.4) ? `${handle}tv` : null,
    instagram_id: rng.chance(0.4) ? `${handle}` : null,
    twitter_id: rng.chance(0.3) ? `${handle}${rng.int(1, 99)}` : null,
  };
}

function translationsOf(rng: Random, series: TvSeriesDetails): TvTranslation[] {
  const codes = new Set(['en', series.original_language]);
  for (const row of rng.pickSome(LANGUAGES, rng.int(0, 3))) codes.add(row.iso_639_1);
  return [...codes].sort().map((code) => {
    const row = languageRow(code);
    const data =
      code === 'en'
        ? { name: series.name, overview: series.overview, homepage: series.homepage, tagline: series.tagline }
        : {
            name: code === series.original_language ? series.original_name : titleIn(rng, code),
            overview: rng.chance(0.8) ? seriesOverview(rng) : '',
            homepage: '',
            tagline: rng.chance(0.3) ? rng.pick(TAGLINES) : '',
          };
    return { iso_3166_1: countryOfLanguage(code), iso_639_1: code, name: row.name, english_name: row.english_name, data };
  });
}

function videosOf(rng: Random, series: TvSeriesDetails, today: string): TvVideo[] {
  if (rng.chance(0.2)) return [];
  const anchor = series.first_air_date < today ? series.first_air_date : today;
  return Array.from({ length: rng.int(1, 4) }, (_, index) => {
    const type = index === 0 ? 'Trailer' : rng.pick(VIDEO_TYPES);
    const publishedMs = dayToMs(anchor) - rng.int(1, 120) * DAY_MS + rng.int(0, 86_399) * 1000;
    const youtube = rng.chance(0.9);
    return {
      iso_639_1: 'en',
      iso_3166_1: 'US',
      name: index === 0 ? `${series.name} | Official Trailer` : `${series.name} - ${type} ${index}`,
      key: youtube ? rng.alphanumeric(11) : String(rng.int(100_000_000, 999_999_999)),
      site: youtube ? 'YouTube' : 'Vimeo',
      size: rng.pick([720, 1080, 1080, 2160]),
      type,
      official: rng.chance(0.8),
      published_at: isoTimestamp(publishedMs),
      id: rng.objectId(publishedMs),
    };
  });
}

function watchProvidersOf(rng: Random, series: TvSeriesDetails, providers: WatchProvider[]): Record<string, TvCountryOffers> {
  if (rng.chance(0.15)) return {};
  const countries = new Set(series.origin_country);
  for (const row of rng.pickSome(COUNTRIES, rng.int(0, 5))) countries.add(row.iso_3166_1);
  const result: Record<string, TvCountryOffers> = {};
  // Rentals are rare for series (2 of 88 countries in the real example) and come from a stream of
  // their own, so every other offer stays as it was.
  const rentals = new Random(`tv-rent-offers:${series.id}`);
  for (const country of [...countries].sort()) {
    const available = providersShownIn(providers, country);
    if (available.length === 0) continue;
    const offer = ({ provider, priority }: ShownProvider): TvProviderOffer => ({
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
    const offers: TvCountryOffers = { link: `https://www.themoviedb.org/tv/${series.id}-${slug(series.name)}/watch?locale=${country}` };
    if (rng.chance(0.7)) offers.flatrate = someOffers();
    if (rng.chance(0.15)) offers.ads = someOffers();
    if (rng.chance(0.3)) offers.buy = someOffers();
    if (!offers.flatrate && !offers.ads && !offers.buy) offers.free = someOffers();
    if (rentals.chance(0.05)) offers.rent = rentals.pickSome(available, 1).map(offer);
    result[country] = offers;
  }
  return result;
}

function changesOf(rng: Random, series: TvSeriesDetails, today: string): MovieChange[] {
  const end = dayToMs(today);
  const times: number[] = [];
  if (rng.chance(0.4)) for (let i = rng.int(1, 8); i > 0; i--) times.push(end - rng.int(1, (30 * DAY_MS) / 1000) * 1000);
  if (rng.chance(0.12)) times.push(end - rng.int(1, DAY_MS / 1000) * 1000);
  return times
    .sort((a, b) => a - b)
    .map((ms) => {
      const item = (action: string, value: unknown, localized: boolean): ChangeItem => ({
        id: rng.objectId(ms),
        action,
        time: utcTimestamp(ms),
        iso_639_1: localized ? 'en' : '',
        iso_3166_1: '',
        value,
      });
      const roll = rng.float();
      if (roll < 0.5) {
        const kind = rng.chance(0.6) ? 'poster' : 'backdrop';
        return { key: 'images', item: item('added', { [kind]: { file_path: rng.imagePath(), iso_639_1: 'en' } }, false) };
      }
      if (roll < 0.8) {
        // The replaced overview comes from a stream of its own, so the main stream's draws stay as they were.
        const earlier = new Random(`series-change-original:${series.id}:${ms}`);
        let original = seriesOverview(earlier);
        while (original === series.overview) original = seriesOverview(earlier);
        return { key: 'overview', item: { ...item('updated', series.overview, true), original_value: original } };
      }
      const season = rng.pick(series.seasons);
      return { key: 'season', item: item('added', { season_id: season.id, season_number: season.season_number }, false) };
    });
}

/** Other series sharing at least one genre: recommendations by popularity, similar by overlap then votes. */
function relatedOf(series: TvSeriesDetails, all: TvSeriesDetails[]): { recommendations: number[]; similar: number[] } {
  const mine = new Set(series.genres.map((g) => g.id));
  const sharing = all
    .filter((other) => other.id !== series.id)
    .map((other) => ({ other, shared: other.genres.filter((g) => mine.has(g.id)).length }))
    .filter((entry) => entry.shared > 0);
  const recommendations = [...sharing]
    .sort((a, b) => b.other.popularity - a.other.popularity || a.other.id - b.other.id)
    .slice(0, 40)
    .map((entry) => entry.other.id);
  const similar = [...sharing]
    .sort((a, b) => b.shared - a.shared || b.other.vote_count - a.other.vote_count || a.other.id - b.other.id)
    .slice(0, 60)
    .map((entry) => entry.other.id);
  return { recommendations, similar };
}

export function generateTvSeriesExtras(
  tvSeries: TvSeriesDetails[],
  providers: WatchProvider[],
  today: string,
): Map<number, TvSeriesExtras> {
  const rng = new Random('tv-series-extras');
  return new Map(
    tvSeries.map((series) => [
      series.id,
      {
        alternativeTitles: alternativeTitlesOf(rng, series),
        contentRatings: contentRatingsOf(rng, series),
        externalIds: externalIdsOf(rng, series),
        images: imagesOf(rng, series),
        translations: translationsOf(rng, series),
        videos: videosOf(rng, series, today),
        watchProviders: watchProvidersOf(rng, series, providers),
        changes: changesOf(rng, series, today),
        ...relatedOf(series, tvSeries),
      },
    ]),
  );
}

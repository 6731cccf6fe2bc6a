/**
 * Season and episode extras: translations, videos, change history; for episodes also external
 * ids and stills. Plus the change history behind /person/changes. One seeded stream.
 *
 * Consistency: the English translation is the season's or episode's own name and overview; an
 * episode's first still is its own still_path; seasons and episodes that have not aired get no
 * videos of their own beyond a trailer, no stills and no external ids beyond the catalog's.
 * Change times lie in the 30 days before today, like movie changes (data/changes.ts).
 */
import { countryOfLanguage, LANGUAGES, language as languageRow } from './countries.ts';
import { CHANGE_HISTORY_DAYS } from './changes.ts';
import { dayToMs, DAY_MS, isoTimestamp, utcTimestamp } from './dates.ts';
import { pick, Random } from './random.ts';
import { episodeOverview, slug, titleIn } from './text.ts';
import type { SeasonDetails, SeasonEpisode, TvSeriesDetails } from './tv-types.ts';
import type { ChangeItem, Image, MovieChange, Video } from './types.ts';

export interface ExtrasTranslation {
  iso_3166_1: string;
  iso_639_1: string;
  name: string;
  english_name: string;
  data: { name: string; overview: string };
}

export type ExtrasVideo = Video;

/** GET /tv/{id}/season/{n}/episode/{m}/external_ids, in the real key order. */
export interface EpisodeExternalIds {
  id: number;
  imdb_id: string | null;
  freebase_mid: string | null;
  freebase_id: string | null;
  tvdb_id: number | null;
  tvrage_id: number | null;
  wikidata_id: string | null;
}

export interface SeasonExtras {
  seriesId: number;
  seasonNumber: number;
  translations: ExtrasTranslation[];
  videos: ExtrasVideo[];
  /** In time order. */
  changes: MovieChange[];
}

export interface EpisodeExtras {
  seriesId: number;
  seasonNumber: number;
  episodeNumber: number;
  translations: ExtrasTranslation[];
  videos: ExtrasVideo[];
  externalIds: EpisodeExternalIds;
  stills: Image[];
  /** In time order. */
  changes: MovieChange[];
}

export interface SeasonEpisodeExtras {
  /** Keyed by season id. */
  seasonExtras: Map<number, SeasonExtras>;
  /** Keyed by episode id. */
  episodeExtras: Map<number, EpisodeExtras>;
  /** Keyed by person id: the change times ("YYYY-MM-DD HH:MM:SS UTC") of people edited lately, in time order. */
  personChangeTimes: Map<number, string[]>;
}

function translations(rng: Random, own: { name: string; overview: string }, originalLanguage: string, nameOf: (code: string) => string) {
  const codes = new Set(['en']);
  if (LANGUAGES.some((row) => row.iso_639_1 === originalLanguage)) codes.add(originalLanguage);
  for (const row of rng.pickSome(LANGUAGES, rng.int(0, 3))) codes.add(row.iso_639_1);
  return [...codes].sort().map((code): ExtrasTranslation => {
    const row = languageRow(code);
    const data =
      code === 'en'
        ? { name: own.name, overview: own.overview }
        : { name: rng.chance(0.7) ? nameOf(code) : '', overview: rng.chance(0.6) ? episodeOverview(rng) : '' };
    return { iso_3166_1: countryOfLanguage(code), iso_639_1: code, name: row.name, english_name: row.english_name, data };
  });
}

function videos(rng: Random, title: string, airDate: string, today: string, count: number, types: readonly string[]): ExtrasVideo[] {
  const anchor = airDate && airDate < today ? airDate : today;
  return Array.from({ length: count }, (_, index) => {
    const type = index === 0 ? pick(types, 0) : rng.pick(types);
    const publishedMs = dayToMs(anchor) - rng.int(1, 60) * DAY_MS + rng.int(0, 86_399) * 1000;
    return {
      iso_639_1: 'en',
      iso_3166_1: 'US',
      name: `${title} | ${type === 'Trailer' ? 'Official Trailer' : type}`,
      key: rng.alphanumeric(11),
      site: 'YouTube',
      size: rng.pick([720, 1080, 1080, 2160]),
      type,
      official: rng.chance(0.85),
      published_at: isoTimestamp(publishedMs),
      id: rng.objectId(publishedMs),
    };
  });
}

function still(rng: Random, filePath: string): Image {
  const voteCount = rng.chance(0.5) ? 0 : rng.int(1, 8);
  return {
    aspect_ratio: 1.778,
    height: 1080,
    iso_639_1: null,
    file_path: filePath,
    vote_average: voteCount === 0 ? 0 : rng.decimal(5.1, 5.5, 3),
    vote_count: voteCount,
    width: 1920,
  };
}

/** Change times: most objects none, some a few in the last 30 days, some one in the last day. */
function changeTimes(rng: Random, end: number, often: number, recent: number): number[] {
  const times: number[] = [];
  if (rng.chance(often)) for (let i = rng.int(1, 4); i > 0; i--) times.push(end - rng.int(1, (CHANGE_HISTORY_DAYS * DAY_MS) / 1000) * 1000);
  if (rng.chance(recent)) times.push(end - rng.int(1, DAY_MS / 1000) * 1000);
  return times.sort((a, b) => a - b);
}

/**
 * A season or episode change item as the real examples show them: no iso_3166_1, and iso_639_1 only
 * for a text in some language. An update carries the value it replaced as original_value.
 */
function item(rng: Random, ms: number, action: string, value: unknown, language = '', original?: unknown): ChangeItem {
  const base = { id: rng.objectId(ms), action, time: utcTimestamp(ms), ...(language ? { iso_639_1: language } : {}), value };
  return original === undefined ? base : { ...base, original_value: original };
}

/**
 * The replaced values of updates, from a stream of their own per change (so the main stream's
 * draws, and every other generated value, stay as they were).
 */
function replaced(kind: string, id: number, ms: number): Random {
  return new Random(`${kind}-change-original:${id}:${ms}`);
}

/** An earlier overview: some text, and not the current one. */
function earlierOverview(rng: Random, current: string): string {
  let text = episodeOverview(rng);
  while (text === '' || text === current) text = episodeOverview(rng);
  return text;
}

function seasonChange(rng: Random, season: SeasonDetails, ms: number): MovieChange {
  const roll = rng.float();
  if (roll < 0.45 && season.episodes.length > 0) {
    const episode = rng.pick(season.episodes);
    return {
      key: 'episode',
      item: item(rng, ms, rng.chance(0.8) ? 'updated' : 'added', { episode_id: episode.id, episode_number: episode.episode_number }),
    };
  }
  if (roll < 0.7) return { key: 'images', item: item(rng, ms, 'added', { poster: { file_path: rng.imagePath(), iso_639_1: 'en' } }) };
  if (roll < 0.9) {
    const original = earlierOverview(replaced('season', season.id, ms), season.overview);
    return { key: 'overview', item: item(rng, ms, 'updated', season.overview, 'en', original) };
  }
  const original = season.season_number === 0 ? 'Special Episodes' : `Series ${season.season_number}`;
  return { key: 'name', item: item(rng, ms, 'updated', season.name, 'en', original) };
}

function episodeChange(rng: Random, episode: SeasonEpisode, ms: number): MovieChange {
  const roll = rng.float();
  if (roll < 0.3) {
    const original = earlierOverview(replaced('episode', episode.id, ms), episode.overview);
    return { key: 'overview', item: item(rng, ms, 'updated', episode.overview, 'en', original) };
  }
  if (roll < 0.5) return { key: 'name', item: item(rng, ms, 'updated', episode.name, 'en', `Episode ${episode.episode_number}`) };
  if (roll < 0.7) return { key: 'images', item: item(rng, ms, 'added', { still: { file_path: rng.imagePath() } }) };
  if (roll < 0.85)
    return { key: 'production_code', item: item(rng, ms, 'added', episode.production_code || String(episode.episode_number)) };
  const original = episode.runtime + replaced('episode', episode.id, ms).pick([-5, -3, -2, 2, 3, 5]);
  return { key: 'runtime', item: item(rng, ms, 'updated', episode.runtime, '', original) };
}

function externalIds(rng: Random, episode: SeasonEpisode, aired: boolean): EpisodeExternalIds {
  const known = aired && rng.chance(0.85);
  return {
    id: episode.id,
    imdb_id: known ? `tt${rng.int(1_000_000, 39_999_999)}` : null,
    freebase_mid: known && rng.chance(0.3) ? `/m/0${rng.alphanumeric(5).toLowerCase()}` : null,
    freebase_id: known && rng.chance(0.25) ? `/en/${slug(episode.name).replace(/-/g, '_')}` : null,
    tvdb_id: known || rng.chance(0.5) ? rng.int(100_000, 10_999_999) : null,
    tvrage_id: known && rng.chance(0.3) ? rng.int(10_000, 1_999_999) : null,
    wikidata_id: known && rng.chance(0.4) ? `Q${rng.int(1_000, 130_000_000)}` : null,
  };
}

const SEASON_VIDEO_TYPES = ['Trailer', 'Teaser', 'Recap', 'Featurette', 'Clip', 'Behind the Scenes'] as const;
const EPISODE_VIDEO_TYPES = ['Clip', 'Teaser', 'Featurette', 'Behind the Scenes'] as const;

export function generateSeasonEpisodeExtras(
  tvSeries: TvSeriesDetails[],
  seasons: Map<number, SeasonDetails[]>,
  personIds: readonly number[],
  today: string,
): SeasonEpisodeExtras {
  const rng = new Random('season-episode-extras');
  const end = dayToMs(today);
  const seasonExtras = new Map<number, SeasonExtras>();
  const episodeExtras = new Map<number, EpisodeExtras>();
  for (const series of tvSeries) {
    const language = series.original_language;
    for (const season of seasons.get(series.id) ?? []) {
      const aired = season.air_date !== '' && season.air_date <= today;
      const videoCount = aired ? (rng.chance(0.5) ? rng.int(1, 4) : 0) : rng.chance(0.4) ? 1 : 0;
      seasonExtras.set(season.id, {
        seriesId: series.id,
        seasonNumber: season.season_number,
        translations: translations(rng, season, language, (code) =>
          season.season_number === 0 ? titleIn(rng, code) : `${titleIn(rng, code).split(' ')[0]} ${season.season_number}`,
        ),
        videos: videos(rng, `${series.name} ${season.name}`, season.air_date, today, videoCount, SEASON_VIDEO_TYPES),
        changes: changeTimes(rng, end, 0.3, 0.08).map((ms) => seasonChange(rng, season, ms)),
      });
      for (const episode of season.episodes) {
        const episodeAired = episode.air_date !== '' && episode.air_date <= today;
        const extraStills = episodeAired ? rng.int(0, 4) : 0;
        const stills = [
          ...(episode.still_path ? [still(rng, episode.still_path)] : []),
          ...Array.from({ length: extraStills }, () => still(rng, rng.imagePath())),
        ];
        episodeExtras.set(episode.id, {
          seriesId: series.id,
          seasonNumber: season.season_number,
          episodeNumber: episode.episode_number,
          translations: translations(rng, episode, language, (code) => titleIn(rng, code)),
          videos: videos(
            rng,
            episode.name,
            episode.air_date,
            today,
            episodeAired && rng.chance(0.2) ? rng.int(1, 2) : 0,
            EPISODE_VIDEO_TYPES,
          ),
          externalIds: externalIds(rng, episode, episodeAired),
          stills,
          changes: changeTimes(rng, end, 0.12, 0.04).map((ms) => episodeChange(rng, episode, ms)),
        });
      }
    }
  }
  const personChangeTimes = new Map<number, string[]>();
  for (const id of personIds) {
    const times = changeTimes(rng, end, 0.35, 0.12);
    if (times.length > 0) personChangeTimes.set(id, times.map(utcTimestamp));
  }
  return { seasonExtras, episodeExtras, personChangeTimes };
}

/**
 * What the season, episode and change-list tests share: one gateway over one catalog per test
 * file (vitest loads this module afresh for each file, so no file sees another's calls or
 * ratings), a user and a guest session, the season and episode they look at, and the shapes.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { addDays } from '@media-catalog/catalog/data/dates';
import * as expected from '../expected.ts';
import { createUserSession, startHarness, type Harness } from '../helpers.ts';

// Live bindings: set in beforeAll, read by the tests after it.
export let h: Harness;
export let sessionId: string;
export let guestSessionId: string;
/** A series and season with videos, several translations and providers, and an episode with stills. */
export let seriesId: number;
export let seasonNumber: number;
export let seasonId: number;
export let episodeNumber: number;
export let episodeId: number;
/** A season and an episode with edits in the last 14 days, and that window. */
export let changed: {
  seriesId: number;
  seasonNumber: number;
  seasonId: number;
  episodeSeason: number;
  episodeNumber: number;
  episodeId: number;
};
export let start: string;
export let end: string;

export const user = () => ({ 'x-session-id': sessionId });
export const guest = () => ({ 'x-guest-session-id': guestSessionId });

export const VIDEO = 'id: databaseId key name site size type official publishedAt languageCode countryCode';
export const TRANSLATION = 'countryCode languageCode name englishName data { title name overview tagline homepage biography runtime }';
export const IMAGE = 'filePath width height aspectRatio languageCode voteAverage voteCount';
export const OFFER = 'providerId providerName logoPath displayPriority';
export const CHANGES = 'key items { id: databaseId action time countryCode languageCode value originalValue }';

export { video } from '../expected.ts';
export const translation = (t: any) => ({
  countryCode: t.iso_3166_1,
  languageCode: t.iso_639_1,
  name: t.name,
  englishName: t.english_name,
  data: {
    title: t.data.title ?? null,
    name: t.data.name ?? null,
    overview: t.data.overview ?? null,
    tagline: t.data.tagline ?? null,
    homepage: t.data.homepage ?? null,
    biography: t.data.biography ?? null,
    runtime: t.data.runtime ?? null,
  },
});
export const image = (i: any) => ({
  filePath: i.file_path,
  width: i.width,
  height: i.height,
  aspectRatio: i.aspect_ratio,
  languageCode: i.iso_639_1,
  voteAverage: i.vote_average,
  voteCount: i.vote_count,
});
const offer = expected.offer;
export const countryOffers = (results: Record<string, any>) =>
  Object.keys(results)
    .sort()
    .map((code) => ({
      countryCode: code,
      link: results[code].link,
      flatrate: (results[code].flatrate ?? []).map(offer),
      rent: (results[code].rent ?? []).map(offer),
      buy: (results[code].buy ?? []).map(offer),
      free: (results[code].free ?? []).map(offer),
      ads: (results[code].ads ?? []).map(offer),
    }));
const isoTime = (time: string) => new Date(time.replace(/^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) UTC$/, '$1T$2Z')).toISOString();
export const changeGroups = (body: any) =>
  body.changes.map((group: any) => ({
    key: group.key,
    items: group.items.map((item: any) => ({
      id: item.id,
      action: expected.enumName(item.action),
      time: isoTime(item.time),
      countryCode: item.iso_3166_1 || null,
      languageCode: item.iso_639_1 || null,
      value: item.value ?? null,
      originalValue: item.original_value ?? null,
    })),
  }));

/** Starts the harness and picks the records for the calling test file; each test starts with an empty call log. */
export function useSeasonFixture(): void {
  beforeAll(async () => {
    h = await startHarness();
    sessionId = await createUserSession(h);
    guestSessionId = (await h.rest('/authentication/guest_session/new')).guest_session_id;
    const { data } = h.catalog;
    end = data.today;
    start = addDays(end, -14);
    const inWindow = (changes: Array<{ item: { time: string } }>) =>
      changes.some(({ item }) => item.time.slice(0, 10) >= start && item.time.slice(0, 10) <= end);
    outer: for (const series of data.tvSeries) {
      const providers = data.tvSeriesExtras.get(series.id)?.watchProviders ?? {};
      if (Object.keys(providers).length === 0) continue;
      for (const season of data.seasons.get(series.id) ?? []) {
        const extras = data.seasonExtras.get(season.id)!;
        if (season.air_date === '' || season.air_date > data.today || extras.videos.length === 0 || extras.translations.length < 3)
          continue;
        const episode = season.episodes.find((ep) => {
          const e = data.episodeExtras.get(ep.id)!;
          return e.stills.length > 1 && e.videos.length > 0 && e.externalIds.imdb_id !== null;
        });
        if (!episode) continue;
        [seriesId, seasonNumber, seasonId, episodeNumber, episodeId] = [
          series.id,
          season.season_number,
          season.id,
          episode.episode_number,
          episode.id,
        ];
        break outer;
      }
    }
    if (!seriesId) throw new Error('no season with videos, translations and providers and an episode with stills and videos');
    const seasonWithChanges = [...data.seasonExtras].find(([, extras]) => inWindow(extras.changes));
    const episodeWithChanges = [...data.episodeExtras].find(([, extras]) => inWindow(extras.changes));
    if (!seasonWithChanges || !episodeWithChanges) throw new Error('no season or episode with recent changes');
    const [changedSeasonId, seasonExtras] = seasonWithChanges;
    const [changedEpisodeId, episodeExtras] = episodeWithChanges;
    changed = {
      seriesId: seasonExtras.seriesId,
      seasonNumber: seasonExtras.seasonNumber,
      seasonId: changedSeasonId,
      episodeSeason: episodeExtras.seasonNumber,
      episodeNumber: episodeExtras.episodeNumber,
      episodeId: changedEpisodeId,
    };
    // The episode's series, for the episode changes query (episodes.test.ts).
    (changed as any).episodeSeriesId = episodeExtras.seriesId;
  });
  afterAll(() => h.close());
  beforeEach(() => h.catalog.resetCalls());
}

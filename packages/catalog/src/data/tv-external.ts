/** Per-series and per-season extras: external ids, theatrical screenings, trending order. */
import { Random } from './random.ts';
import type { ScreenedTheatricallyEntry, SeasonDetails, SeasonExternalIds, TvSeriesDetails } from './tv-types.ts';

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Keyed by season id. Newer seasons never had a TVRage id, so tvrage_id is often null. */
export function generateSeasonExternalIds(seasons: SeasonDetails[]): Map<number, SeasonExternalIds> {
  const rng = new Random('season-external-ids');
  const byId = new Map<number, SeasonExternalIds>();
  for (const season of seasons) {
    const freebase = `/m/0${Array.from({ length: 5 }, () => rng.pick([...BASE36])).join('')}`;
    byId.set(season.id, {
      id: season.id,
      freebase_mid: freebase,
      freebase_id: freebase,
      tvdb_id: rng.int(10_000, 999_999),
      tvrage_id: rng.chance(0.6) ? null : rng.int(1_000, 99_999),
      wikidata_id: `Q${rng.int(1_000, 99_999_999)}`,
    });
  }
  return byId;
}

/** Keyed by series id; only some series had episodes in cinemas. */
export function generateScreenedTheatrically(
  tvSeries: TvSeriesDetails[],
  seasons: Map<number, SeasonDetails[]>,
): Map<number, ScreenedTheatricallyEntry[]> {
  const rng = new Random('screened-theatrically');
  const bySeries = new Map<number, ScreenedTheatricallyEntry[]>();
  for (const series of tvSeries) {
    const episodes = (seasons.get(series.id) ?? []).filter((s) => s.season_number > 0).flatMap((s) => s.episodes);
    const picked = rng.chance(0.15) ? rng.pickSome(episodes, rng.int(1, 4)) : [];
    bySeries.set(
      series.id,
      picked.map((ep) => ({ id: ep.id, episode_number: ep.episode_number, season_number: ep.season_number })),
    );
  }
  return bySeries;
}

/** Series ids in trending order. Day favours a short-lived buzz, week leans on popularity. */
export function generateTrendingTv(tvSeries: TvSeriesDetails[]): { day: number[]; week: number[] } {
  const rng = new Random('trending-tv');
  const score = (weight: number) =>
    new Map(tvSeries.map((series) => [series.id, Math.log1p(series.popularity) * weight + rng.float() * 5]));
  const order = (scores: Map<number, number>) =>
    tvSeries.map((series) => series.id).sort((a, b) => scores.get(b)! - scores.get(a)! || a - b);
  return { day: order(score(0.3)), week: order(score(1.5)) };
}

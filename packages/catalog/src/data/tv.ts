/** TV series (full detail records) with their seasons and episodes. */
import { companySummary } from './companies.ts';
import { country, pickOriginCountry, productionCountry, spokenLanguage } from './countries.ts';
import { addDays } from './dates.ts';
import { TV_GENRES } from './genres.ts';
import type { PeoplePool } from './people.ts';
import { lastOf, Random } from './random.ts';
import { IdSequence, generateSeasons, type SeriesPlan } from './seasons.ts';
import { englishTitle, seriesOverview, slug, titleIn } from './text.ts';
import type { EpisodeSummary, SeasonDetails, SeasonEpisode, TvSeriesDetails } from './tv-types.ts';
import type { CompanyDetails, Network } from './types.ts';
import { TAGLINES } from './words.ts';

export const SERIES_COUNT = 200;

export interface TvData {
  tvSeries: TvSeriesDetails[];
  /** Keyed by series id; season 0 ("Specials") first when present. */
  seasons: Map<number, SeasonDetails[]>;
}

export function episodeSummary(ep: SeasonEpisode): EpisodeSummary {
  return {
    id: ep.id,
    name: ep.name,
    overview: ep.overview,
    vote_average: ep.vote_average,
    vote_count: ep.vote_count,
    air_date: ep.air_date,
    episode_number: ep.episode_number,
    production_code: ep.production_code,
    runtime: ep.runtime,
    season_number: ep.season_number,
    show_id: ep.show_id,
    still_path: ep.still_path,
  };
}

function seriesType(genreIds: number[], seasons: number, rng: Random): string {
  if (genreIds.includes(10764)) return 'Reality';
  if (genreIds.includes(99)) return 'Documentary';
  if (genreIds.includes(10767)) return 'Talk Show';
  if (genreIds.includes(10763)) return 'News';
  return seasons === 1 && rng.chance(0.5) ? 'Miniseries' : 'Scripted';
}

/** Status follows the schedule: future episodes mean the series is still running. */
function runState(rng: Random, lastAired: string, hasFuture: boolean, today: string): { status: string; in_production: boolean } {
  if (hasFuture) return { status: 'Returning Series', in_production: true };
  if (lastAired > addDays(today, -365) && rng.chance(0.6)) return { status: 'Returning Series', in_production: true };
  return { status: rng.chance(0.8) ? 'Ended' : 'Canceled', in_production: false };
}

export function generateTvSeries(people: PeoplePool, networks: Network[], companies: CompanyDetails[], today: string): TvData {
  const rng = new Random('tv-series');
  const seasonIds = new IdSequence(rng, 3_000, 40);
  const episodeIds = new IdSequence(rng, 60_000, 90);
  const seasons = new Map<number, SeasonDetails[]>();
  const ctx = { rng, people, seasonIds, episodeIds, today };

  const tvSeries = rng.sparseIds(SERIES_COUNT, 1_000, 900).map((id): TvSeriesDetails => {
    const origin = pickOriginCountry(rng);
    const originalLanguage = country(origin).language;
    const name = englishTitle(rng);
    const plan: SeriesPlan = {
      id,
      firstAirDate: addDays(today, -(7 + Math.floor(rng.float() ** 1.5 * 30 * 365))),
      networks: rng.pickSome(networks, rng.pick([1, 1, 1, 2])),
      runtime: rng.pick([22, 25, 30, 43, 45, 50, 55, 60]),
      regularSeasons: rng.pick([1, 1, 2, 2, 3, 3, 4, 5, 6]),
      hasSpecials: rng.chance(0.25),
    };
    const seriesSeasons = generateSeasons(ctx, plan);
    seasons.set(id, seriesSeasons);
    const regularEpisodes = seriesSeasons.filter((s) => s.season_number > 0).flatMap((s) => s.episodes);
    const aired = regularEpisodes.filter((ep) => ep.air_date <= today);
    const upcoming = regularEpisodes.filter((ep) => ep.air_date > today);
    const last = lastOf(aired);
    const [nextEpisode] = upcoming;
    const genres = rng.pickSome(TV_GENRES, rng.int(1, 3));
    const voteCount = Math.floor(rng.float() ** 3 * 20_000);
    const state = runState(rng, last.air_date, upcoming.length > 0, today);

    return {
      adult: false,
      backdrop_path: rng.chance(0.9) ? rng.imagePath() : null,
      created_by: rng.pickSome(people.crew, rng.pick([0, 1, 1, 2])).map((person) => ({
        id: person.id,
        credit_id: rng.hex(24),
        name: person.name,
        gender: person.gender,
        profile_path: person.profile_path,
      })),
      episode_run_time: rng.chance(0.8) ? [plan.runtime] : [],
      first_air_date: plan.firstAirDate,
      genres,
      homepage: rng.chance(0.5) ? `https://www.${slug(name)}.tv` : '',
      id,
      in_production: state.in_production,
      languages: [originalLanguage],
      last_air_date: last.air_date,
      last_episode_to_air: episodeSummary(last),
      name,
      next_episode_to_air: nextEpisode ? episodeSummary(nextEpisode) : null,
      networks: plan.networks,
      number_of_episodes: regularEpisodes.length,
      number_of_seasons: plan.regularSeasons,
      origin_country: [origin],
      original_language: originalLanguage,
      original_name: originalLanguage === 'en' ? name : titleIn(rng, originalLanguage),
      overview: seriesOverview(rng),
      popularity: rng.decimal(0.8, rng.chance(0.1) ? 600 : 120, 3),
      poster_path: rng.chance(0.95) ? rng.imagePath() : null,
      production_companies: rng.pickSome(companies, rng.int(0, 3)).map(companySummary),
      production_countries: [productionCountry(origin)],
      seasons: seriesSeasons.map((s) => ({
        air_date: s.air_date,
        episode_count: s.episodes.length,
        id: s.id,
        name: s.name,
        overview: s.overview,
        poster_path: s.poster_path,
        season_number: s.season_number,
        vote_average: s.vote_average,
      })),
      spoken_languages: [spokenLanguage(originalLanguage)],
      status: state.status,
      tagline: rng.chance(0.4) ? rng.pick(TAGLINES) : '',
      type: seriesType(
        genres.map((g) => g.id),
        plan.regularSeasons,
        rng,
      ),
      vote_average: voteCount === 0 ? 0 : rng.decimal(4, 9.2, 3),
      vote_count: voteCount,
    };
  });
  return { tvSeries, seasons };
}

/** Seasons and their episodes (with crew and guest-star credits) for one series. */
import { addDays, dayToMs, daysBetween } from './dates.ts';
import { CREW_JOBS, type PeoplePool } from './people.ts';
import { lastOf, pick, type Random } from './random.ts';
import { englishTitle, episodeOverview } from './text.ts';
import type { CrewCredit, GuestStarCredit, SeasonDetails, SeasonEpisode } from './tv-types.ts';
import type { Network } from './types.ts';
import { FIRST_NAMES } from './words.ts';

/** Hands out unique, increasing ids with gaps, shared by all series. */
export class IdSequence {
  private last: number;
  private readonly rng: Random;
  private readonly maxGap: number;
  constructor(rng: Random, start: number, maxGap: number) {
    this.rng = rng;
    this.maxGap = maxGap;
    this.last = start;
  }
  next(): number {
    this.last += this.rng.int(1, this.maxGap);
    return this.last;
  }
}

export interface SeriesPlan {
  id: number;
  firstAirDate: string;
  networks: Network[];
  runtime: number;
  regularSeasons: number;
  hasSpecials: boolean;
}

interface Context {
  rng: Random;
  people: PeoplePool;
  seasonIds: IdSequence;
  episodeIds: IdSequence;
  today: string;
}

function crew(rng: Random, people: PeoplePool): CrewCredit[] {
  const jobs = rng.pickSome(CREW_JOBS.slice(1), rng.int(0, 2));
  return [CREW_JOBS[0], ...jobs].map(({ department, job }) => {
    return { department, job, credit_id: rng.hex(24), ...rng.pick(people.crewByDepartment.get(department)!) };
  });
}

function guestStars(rng: Random, people: PeoplePool): GuestStarCredit[] {
  return rng.pickSome(people.actors, rng.int(0, 5)).map((person, index) => ({
    character: `${rng.pick(FIRST_NAMES)}${rng.chance(0.3) ? ' (voice)' : ''}`,
    credit_id: rng.hex(24),
    order: 500 + index,
    ...person,
  }));
}

function episode(ctx: Context, plan: SeriesPlan, season: number, number: number, airDate: string, type: string): SeasonEpisode {
  const { rng } = ctx;
  const aired = airDate <= ctx.today;
  const voteCount = aired ? rng.int(0, 400) : 0;
  return {
    air_date: airDate,
    episode_number: number,
    episode_type: type,
    id: ctx.episodeIds.next(),
    name: season === 1 && number === 1 ? 'Pilot' : englishTitle(rng),
    overview: episodeOverview(rng),
    production_code: rng.chance(0.7) ? `${season}${String(number).padStart(2, '0')}` : '',
    runtime: plan.runtime + rng.int(-4, 6),
    season_number: season,
    show_id: plan.id,
    still_path: aired || rng.chance(0.3) ? rng.imagePath() : null,
    vote_average: voteCount === 0 ? 0 : rng.decimal(5, 9.6, 3),
    vote_count: voteCount,
    crew: crew(rng, ctx.people),
    guest_stars: guestStars(rng, ctx.people),
  };
}

function season(ctx: Context, plan: SeriesPlan, number: number, episodes: SeasonEpisode[]): SeasonDetails {
  const { rng } = ctx;
  const rated = episodes.filter((ep) => ep.vote_count > 0);
  const average = rated.length ? rated.reduce((sum, ep) => sum + ep.vote_average, 0) / rated.length : 0;
  const airDate = pick(episodes, 0).air_date;
  return {
    _id: rng.objectId(dayToMs(airDate)),
    air_date: airDate,
    episodes,
    name: number === 0 ? 'Specials' : `Season ${number}`,
    networks: plan.networks,
    overview: number === 0 || rng.chance(0.4) ? '' : `Season ${number} raises the stakes for everyone.`,
    id: ctx.seasonIds.next(),
    poster_path: rng.chance(0.9) ? rng.imagePath() : null,
    season_number: number,
    vote_average: Math.round(average * 10) / 10,
  };
}

/** Regular seasons air weekly, months apart; specials fall between. Season 0 comes first, like the real list. */
export function generateSeasons(ctx: Context, plan: SeriesPlan): SeasonDetails[] {
  const { rng } = ctx;
  const regular: SeasonDetails[] = [];
  let start = plan.firstAirDate;
  for (let number = 1; number <= plan.regularSeasons; number++) {
    const count = rng.int(3, 12);
    const midSeason = count >= 8 && rng.chance(0.3) ? Math.floor(count / 2) : -1;
    const episodes = Array.from({ length: count }, (_, index) => {
      const type = index === count - 1 ? 'finale' : index === midSeason ? 'mid_season' : 'standard';
      return episode(ctx, plan, number, index + 1, addDays(start, index * 7), type);
    });
    regular.push(season(ctx, plan, number, episodes));
    start = addDays(lastOf(episodes).air_date, rng.int(120, 400));
  }
  if (!plan.hasSpecials) return regular;
  const lastRegular = lastOf(lastOf(regular).episodes).air_date;
  const span = Math.max(1, daysBetween(plan.firstAirDate, lastRegular));
  const dates = Array.from({ length: rng.int(1, 4) }, () => addDays(plan.firstAirDate, rng.int(-60, span))).sort();
  const specials = dates.map((date, index) => episode(ctx, plan, 0, index + 1, date, 'standard'));
  return [season(ctx, plan, 0, specials), ...regular];
}

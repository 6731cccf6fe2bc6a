/**
 * Who worked on what: movie cast and crew, TV series regulars, and every credit derived from them
 * and from the episodes' own crew and guest stars (data/seasons.ts). Everything a route serves
 * about credits (a movie's credits, a series' aggregate credits, a person's credits, /credit/{id})
 * is computed here once from the same records, so the views can never disagree.
 */
import type { PeoplePool } from './people.ts';
import { Random } from './random.ts';
import type { CrewCredit, PersonFields, SeasonDetails, SeasonEpisode, TvSeriesDetails } from './tv-types.ts';
import type { MovieDetails } from './types.ts';
import { FIRST_NAMES, LAST_NAMES } from './words.ts';

import type { AggregateCredits, CastCredit, Credits, CreditsData, MovieCastCredit, Regular } from './credit-types.ts';

export type * from './credit-types.ts';

const MOVIE_CREW_JOBS = [
  { department: 'Directing', job: 'Director' },
  { department: 'Writing', job: 'Screenplay' },
  { department: 'Writing', job: 'Writer' },
  { department: 'Camera', job: 'Director of Photography' },
  { department: 'Editing', job: 'Editor' },
  { department: 'Sound', job: 'Original Music Composer' },
] as const;

function personFields(person: PersonFields): PersonFields {
  const { adult, gender, id, known_for_department, name, original_name, popularity, profile_path } = person;
  return { adult, gender, id, known_for_department, name, original_name, popularity, profile_path };
}

function characterName(rng: Random): string {
  const roll = rng.float();
  if (roll < 0.1) return `${rng.pick(['Officer', 'Doctor', 'Nurse', 'Reporter', 'Bartender'])} ${rng.pick(LAST_NAMES)}`;
  if (roll < 0.2) return `${rng.pick(FIRST_NAMES)} (voice)`;
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

function movieCredits(rng: Random, people: PeoplePool): Credits<MovieCastCredit> {
  const actors = rng.pickSome(people.actors, rng.int(3, 12));
  const cast = actors.map((person, order) => ({
    ...personFields(person),
    cast_id: order + 1 + rng.int(0, 3) * order,
    character: characterName(rng),
    credit_id: rng.hex(24),
    order,
  }));
  const jobs = [MOVIE_CREW_JOBS[0], ...rng.pickSome(MOVIE_CREW_JOBS.slice(1), rng.int(1, 4))];
  const crew: CrewCredit[] = [];
  const seen = new Set<string>();
  for (const { department, job } of jobs) {
    const person = rng.pick(people.crewByDepartment.get(department)!);
    if (seen.has(`${person.id}:${job}`)) continue;
    seen.add(`${person.id}:${job}`);
    crew.push({ ...personFields(person), credit_id: rng.hex(24), department, job });
  }
  return { cast, crew };
}

function regularsOf(rng: Random, people: PeoplePool, regularSeasons: number): Regular[] {
  if (regularSeasons === 0) return [];
  return rng.pickSome(people.actors, rng.int(2, 7)).map((person, order) => {
    const firstSeason = order < 2 ? 1 : rng.int(1, regularSeasons);
    const lastSeason = rng.chance(0.7) ? regularSeasons : rng.int(firstSeason, regularSeasons);
    return { person, character: characterName(rng), credit_id: rng.hex(24), order, firstSeason, lastSeason };
  });
}

function regularCast(regulars: Regular[], seasonNumber: number): CastCredit[] {
  return regulars
    .filter((r) => seasonNumber >= r.firstSeason && seasonNumber <= r.lastSeason)
    .map((r) => ({ ...personFields(r.person), character: r.character, credit_id: r.credit_id, order: r.order }));
}

/** Distinct (person, job) pairs of some episodes' crews, in order of first appearance. */
function distinctCrew(episodes: SeasonEpisode[]): CrewCredit[] {
  const seen = new Map<string, CrewCredit>();
  for (const ep of episodes) {
    for (const member of ep.crew) {
      const key = `${member.id}:${member.job}`;
      if (!seen.has(key)) seen.set(key, member);
    }
  }
  return [...seen.values()];
}

/** Roles and jobs summed over episodes: regulars count every episode of their seasons. */
function aggregate(episodes: SeasonEpisode[], regulars: Regular[]): AggregateCredits {
  const cast = new Map<
    number,
    {
      person: PersonFields;
      roles: Map<string, { credit_id: string; character: string; episode_count: number }>;
      episodes: Set<number>;
      rank: number;
    }
  >();
  const crew = new Map<
    string,
    {
      person: PersonFields;
      department: string;
      jobs: Map<string, { credit_id: string; job: string; episode_count: number }>;
      episodes: Set<number>;
    }
  >();
  const addCast = (person: PersonFields, character: string, creditId: string, episodeId: number, rank: number) => {
    let entry = cast.get(person.id);
    if (!entry) cast.set(person.id, (entry = { person, roles: new Map(), episodes: new Set(), rank }));
    entry.rank = Math.min(entry.rank, rank);
    let role = entry.roles.get(character);
    if (!role) entry.roles.set(character, (role = { credit_id: creditId, character, episode_count: 0 }));
    role.episode_count++;
    entry.episodes.add(episodeId);
  };
  for (const ep of episodes) {
    for (const r of regularCast(regulars, ep.season_number)) addCast(r, r.character, r.credit_id, ep.id, r.order);
    for (const g of ep.guest_stars) addCast(g, g.character, g.credit_id, ep.id, 1000);
    for (const member of ep.crew) {
      const key = `${member.id}:${member.department}`;
      let entry = crew.get(key);
      if (!entry) crew.set(key, (entry = { person: member, department: member.department, jobs: new Map(), episodes: new Set() }));
      let job = entry.jobs.get(member.job);
      if (!job) entry.jobs.set(member.job, (job = { credit_id: member.credit_id, job: member.job, episode_count: 0 }));
      job.episode_count++;
      entry.episodes.add(ep.id);
    }
  }
  const castList = [...cast.values()]
    .sort((a, b) => a.rank - b.rank || b.episodes.size - a.episodes.size || a.person.id - b.person.id)
    .map((entry, order) => ({
      ...personFields(entry.person),
      roles: [...entry.roles.values()],
      total_episode_count: entry.episodes.size,
      order,
    }));
  const crewList = [...crew.values()]
    .sort((a, b) => b.episodes.size - a.episodes.size || a.person.id - b.person.id)
    .map((entry) => ({
      ...personFields(entry.person),
      jobs: [...entry.jobs.values()],
      department: entry.department,
      total_episode_count: entry.episodes.size,
    }));
  return { cast: castList, crew: crewList };
}

export function generateCredits(
  pool: PeoplePool,
  movies: MovieDetails[],
  tvSeries: TvSeriesDetails[],
  seasons: Map<number, SeasonDetails[]>,
): CreditsData {
  const rng = new Random('credits');
  const data: CreditsData = {
    movies: new Map(),
    series: new Map(),
    seriesAggregate: new Map(),
    seasons: new Map(),
    seasonsAggregate: new Map(),
    episodes: new Map(),
    people: new Map(),
    byId: new Map(),
  };
  const everyone = [...pool.actors, ...pool.crew];
  for (const person of everyone) data.people.set(person.id, { movieCast: [], movieCrew: [], tvCast: [], tvCrew: [] });
  const creditsOf = (id: number) => data.people.get(id)!;

  for (const movie of movies) {
    const credits = movieCredits(rng, pool);
    data.movies.set(movie.id, credits);
    for (const c of credits.cast) {
      creditsOf(c.id).movieCast.push({ movieId: movie.id, character: c.character, credit_id: c.credit_id, order: c.order });
      data.byId.set(c.credit_id, {
        id: c.credit_id,
        credit_type: 'cast',
        department: 'Actors',
        job: 'Actor',
        media_type: 'movie',
        mediaId: movie.id,
        personId: c.id,
        character: c.character,
        episodes: [],
        seasons: [],
      });
    }
    for (const c of credits.crew) {
      creditsOf(c.id).movieCrew.push({ movieId: movie.id, credit_id: c.credit_id, department: c.department, job: c.job });
      data.byId.set(c.credit_id, {
        id: c.credit_id,
        credit_type: 'crew',
        department: c.department,
        job: c.job,
        media_type: 'movie',
        mediaId: movie.id,
        personId: c.id,
        episodes: [],
        seasons: [],
      });
    }
  }

  for (const series of tvSeries) {
    const seriesSeasons = seasons.get(series.id) ?? [];
    const regularNumbers = seriesSeasons.filter((s) => s.season_number > 0).map((s) => s.season_number);
    const latest = Math.max(0, ...regularNumbers);
    const regulars = regularsOf(rng, pool, latest);
    const allEpisodes = seriesSeasons.flatMap((s) => s.episodes);

    for (const season of seriesSeasons) {
      data.seasons.set(season.id, { cast: regularCast(regulars, season.season_number), crew: distinctCrew(season.episodes) });
      data.seasonsAggregate.set(season.id, aggregate(season.episodes, regulars));
      for (const ep of season.episodes) {
        data.episodes.set(ep.id, { cast: regularCast(regulars, ep.season_number), crew: ep.crew, guest_stars: ep.guest_stars });
        const at = { season_number: ep.season_number, episode_number: ep.episode_number };
        for (const g of ep.guest_stars) {
          data.byId.set(g.credit_id, {
            id: g.credit_id,
            credit_type: 'cast',
            department: 'Actors',
            job: 'Actor',
            media_type: 'tv',
            mediaId: series.id,
            personId: g.id,
            character: g.character,
            episodes: [at],
            seasons: [ep.season_number],
          });
        }
        for (const c of ep.crew) {
          data.byId.set(c.credit_id, {
            id: c.credit_id,
            credit_type: 'crew',
            department: c.department,
            job: c.job,
            media_type: 'tv',
            mediaId: series.id,
            personId: c.id,
            episodes: [at],
            seasons: [ep.season_number],
          });
        }
      }
    }
    for (const r of regulars) {
      const spanned = regularNumbers.filter((n) => n >= r.firstSeason && n <= r.lastSeason);
      data.byId.set(r.credit_id, {
        id: r.credit_id,
        credit_type: 'cast',
        department: 'Actors',
        job: 'Actor',
        media_type: 'tv',
        mediaId: series.id,
        personId: r.person.id,
        character: r.character,
        episodes: [],
        seasons: spanned,
      });
    }
    // The real service files creators under department "Creator" (person-tv-credits example).
    const creators: CrewCredit[] = series.created_by.map((creator) => {
      const person = everyone.find((p) => p.id === creator.id)!;
      return { ...personFields(person), credit_id: creator.credit_id, department: 'Creator', job: 'Creator' };
    });
    for (const c of creators) {
      data.byId.set(c.credit_id, {
        id: c.credit_id,
        credit_type: 'crew',
        department: 'Creator',
        job: 'Creator',
        media_type: 'tv',
        mediaId: series.id,
        personId: c.id,
        episodes: [],
        seasons: regularNumbers,
      });
      creditsOf(c.id).tvCrew.push({ seriesId: series.id, credit_id: c.credit_id, department: 'Creator', job: 'Creator' });
    }
    const latestSeason = seriesSeasons.find((s) => s.season_number === latest);
    data.series.set(series.id, {
      cast: regularCast(regulars, latest),
      crew: [...creators, ...(latestSeason ? distinctCrew(latestSeason.episodes) : [])],
    });
    const total = aggregate(allEpisodes, regulars);
    data.seriesAggregate.set(series.id, total);
    // A person's TV credits are exactly the series' aggregate roles and jobs.
    for (const member of total.cast) {
      for (const role of member.roles) {
        creditsOf(member.id).tvCast.push({
          seriesId: series.id,
          character: role.character,
          credit_id: role.credit_id,
          episode_count: role.episode_count,
        });
      }
    }
    for (const member of total.crew) {
      for (const job of member.jobs) {
        creditsOf(member.id).tvCrew.push({
          seriesId: series.id,
          credit_id: job.credit_id,
          department: member.department,
          job: job.job,
          episode_count: job.episode_count,
        });
      }
    }
  }
  return data;
}

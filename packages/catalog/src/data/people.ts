/** A pool of people, credited as episode crew, guest stars and series creators. */
import { pick, Random } from './random.ts';
import { personName } from './text.ts';
import type { PersonFields } from './tv-types.ts';

export interface PeoplePool {
  actors: PersonFields[];
  crew: PersonFields[];
  crewByDepartment: Map<string, PersonFields[]>;
}

/** Crew jobs with their department, the pairs the real service uses. */
export const CREW_JOBS = [
  { department: 'Directing', job: 'Director' },
  { department: 'Writing', job: 'Writer' },
  { department: 'Writing', job: 'Teleplay' },
  { department: 'Camera', job: 'Director of Photography' },
  { department: 'Editing', job: 'Editor' },
  { department: 'Sound', job: 'Original Music Composer' },
] as const;

function person(rng: Random, id: number, department: string): PersonFields {
  const name = personName(rng);
  return {
    adult: false,
    gender: rng.pick([1, 2, 2, 1, 0]),
    id,
    known_for_department: department,
    name,
    original_name: name,
    popularity: rng.decimal(0.2, 25, 3),
    profile_path: rng.chance(0.8) ? rng.imagePath() : null,
  };
}

export function generatePeople(): PeoplePool {
  const rng = new Random('people');
  const ids = rng.sparseIds(600, 10_000, 900);
  const actors = ids.slice(0, 420).map((id) => person(rng, id, 'Acting'));
  const crew = ids.slice(420).map((id, index) => person(rng, id, pick(CREW_JOBS, index % CREW_JOBS.length).department));
  const crewByDepartment = new Map<string, PersonFields[]>();
  for (const member of crew) {
    const department = crewByDepartment.get(member.known_for_department);
    if (department) department.push(member);
    else crewByDepartment.set(member.known_for_department, [member]);
  }
  return { actors, crew, crewByDepartment };
}

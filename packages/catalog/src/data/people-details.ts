/**
 * People as their own resources: details, profile images, external ids, translations, change
 * history and the trending orders. Built on the pool of data/people.ts, so a person's name,
 * gender, popularity and profile path are the same here as in every credit that names them.
 */
import { language as languageRow } from './countries.ts';
import { addDays } from './dates.ts';
import type { PeoplePool } from './people.ts';
import { Random } from './random.ts';
import { slug } from './text.ts';
import type { PersonFields } from './tv-types.ts';
import type { Image, MovieChange } from './types.ts';
import { CITIES, FIRST_NAMES, LAST_NAMES } from './words.ts';

/** GET /person/{id}. */
export interface PersonDetails {
  adult: boolean;
  also_known_as: string[];
  biography: string;
  birthday: string | null;
  deathday: string | null;
  gender: number;
  homepage: string | null;
  id: number;
  imdb_id: string | null;
  known_for_department: string;
  name: string;
  place_of_birth: string | null;
  popularity: number;
  profile_path: string | null;
}

export interface PersonExternalIds {
  id: number;
  freebase_mid: string | null;
  freebase_id: string | null;
  imdb_id: string | null;
  tvrage_id: number | null;
  wikidata_id: string | null;
  facebook_id: string | null;
  instagram_id: string | null;
  tiktok_id: string | null;
  twitter_id: string | null;
  youtube_id: string | null;
}

export interface PersonTranslation {
  iso_3166_1: string;
  iso_639_1: string;
  name: string;
  english_name: string;
  data: { biography: string; name: string };
}

export interface PeopleData {
  /** Every person of the pool, by increasing id. */
  details: PersonDetails[];
  /** Keyed by person id. */
  profiles: Map<number, Image[]>;
  externalIds: Map<number, PersonExternalIds>;
  translations: Map<number, PersonTranslation[]>;
  /** Person ids in trending order per time window. */
  trending: { day: number[]; week: number[] };
}

const TRANSLATION_LOCALES = [
  ['fr', 'FR'],
  ['de', 'DE'],
  ['es', 'ES'],
  ['it', 'IT'],
  ['ja', 'JP'],
  ['pt', 'BR'],
] as const;

const ROLE_NOUNS: Record<string, string> = {
  Acting: 'actor',
  Directing: 'director',
  Writing: 'screenwriter',
  Camera: 'cinematographer',
  Editing: 'film editor',
  Sound: 'composer',
};

function biography(rng: Random, person: PersonFields, birthday: string | null, place: string | null): string {
  if (rng.chance(0.15)) return '';
  const role = ROLE_NOUNS[person.known_for_department] ?? 'filmmaker';
  const born = birthday ? ` born on ${birthday}${place ? ` in ${place}` : ''}` : '';
  return `${person.name} is ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}${born}. ${rng.pick([
    'Known for quiet, precise work, they moved from theatre to the screen in their twenties.',
    'After studying film, they worked on a string of independent productions before their breakthrough.',
    'Their work has been recognised at festivals around the world.',
  ])}`;
}

function profileImages(rng: Random, person: PersonFields): Image[] {
  const paths = [...(person.profile_path ? [person.profile_path] : []), ...Array.from({ length: rng.int(0, 3) }, () => rng.imagePath())];
  return paths.map((file_path) => {
    const [width, height] = rng.pick([
      [500, 750],
      [1000, 1500],
      [2000, 3000],
    ]);
    const voteCount = rng.chance(0.4) ? 0 : rng.int(1, 20);
    return {
      aspect_ratio: Math.round((width / height) * 1000) / 1000,
      height,
      iso_639_1: null,
      file_path,
      vote_average: voteCount === 0 ? 0 : rng.decimal(5.1, 5.8, 3),
      vote_count: voteCount,
      width,
    };
  });
}

/**
 * A person's change items, one per recorded change time (the times that /person/changes lists,
 * data/season-sub-resources.ts), with values drawn from a stream seeded by the person, so every request
 * sees the same items.
 */
export function personChanges(details: PersonDetails, times: readonly string[]): MovieChange[] {
  const rng = new Random(`person-changes:${details.id}`);
  return times.map((time) => {
    const ms = Date.parse(time.replace(' UTC', 'Z').replace(' ', 'T'));
    const base = { id: rng.objectId(ms), time, iso_639_1: '', iso_3166_1: '' };
    const roll = rng.float();
    if (roll < 0.4) return { key: 'images', item: { ...base, action: 'added', value: { profile: { file_path: rng.imagePath() } } } };
    if (roll < 0.7)
      return { key: 'also_known_as', item: { ...base, action: 'added', value: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}` } };
    if (roll < 0.9) {
      return { key: 'biography', item: { ...base, action: 'updated', iso_639_1: 'en', value: details.biography, original_value: '' } };
    }
    return { key: 'place_of_birth', item: { ...base, action: 'updated', value: details.place_of_birth ?? '' } };
  });
}

export function generatePeopleData(pool: PeoplePool, today: string): PeopleData {
  const rng = new Random('people-details');
  const everyone = [...pool.actors, ...pool.crew].sort((a, b) => a.id - b.id);
  const data: PeopleData = {
    details: [],
    profiles: new Map(),
    externalIds: new Map(),
    translations: new Map(),
    trending: { day: [], week: [] },
  };
  for (const person of everyone) {
    const birthday = rng.chance(0.85) ? addDays(today, -rng.int(18 * 365, 85 * 365)) : null;
    const deathday =
      birthday && birthday < addDays(today, -70 * 365) && rng.chance(0.3) ? addDays(birthday, rng.int(60 * 365, 69 * 365)) : null;
    const [countryCode, cities] = rng.pick(Object.entries(CITIES));
    const place = rng.chance(0.8) ? `${rng.pick(cities)}, ${countryCode}` : null;
    const imdbId = rng.chance(0.9) ? `nm${rng.int(1, 9_999_999).toString().padStart(7, '0')}` : null;
    const details: PersonDetails = {
      adult: person.adult,
      also_known_as: rng.chance(0.4) ? [`${person.name.split(' ')[0]} ${rng.pick(LAST_NAMES)}`] : [],
      biography: '',
      birthday,
      deathday,
      gender: person.gender,
      homepage: rng.chance(0.2) ? `https://www.${slug(person.name)}.com` : null,
      id: person.id,
      imdb_id: imdbId,
      known_for_department: person.known_for_department,
      name: person.name,
      place_of_birth: place,
      popularity: person.popularity,
      profile_path: person.profile_path,
    };
    details.biography = biography(rng, person, birthday, place);
    data.details.push(details);
    data.profiles.set(person.id, profileImages(rng, person));
    const handle = slug(person.name).replace(/-/g, '');
    data.externalIds.set(person.id, {
      id: person.id,
      freebase_mid: rng.chance(0.3) ? `/m/0${rng.alphanumeric(5).toLowerCase()}` : null,
      freebase_id: null,
      imdb_id: imdbId,
      tvrage_id: rng.chance(0.2) ? rng.int(1000, 99_999) : null,
      wikidata_id: rng.chance(0.7) ? `Q${rng.int(1000, 99_999_999)}` : null,
      facebook_id: rng.chance(0.3) ? handle : null,
      instagram_id: rng.chance(0.5) ? handle : null,
      tiktok_id: rng.chance(0.2) ? handle : null,
      twitter_id: rng.chance(0.4) ? handle : null,
      youtube_id: rng.chance(0.1) ? handle : null,
    });
    const english = languageRow('en');
    const translations: PersonTranslation[] = details.biography
      ? [
          {
            iso_3166_1: 'US',
            iso_639_1: 'en',
            name: english.name,
            english_name: english.english_name,
            data: { biography: details.biography, name: '' },
          },
        ]
      : [];
    for (const [lang, countryOf] of rng.pickSome(TRANSLATION_LOCALES, rng.int(0, 3))) {
      const row = languageRow(lang);
      translations.push({
        iso_3166_1: countryOf,
        iso_639_1: lang,
        name: row.name,
        english_name: row.english_name,
        data: {
          biography: details.biography ? `[${lang}] ${details.biography}` : '',
          name: lang === 'ja' ? `${person.name}（${lang}）` : '',
        },
      });
    }
    data.translations.set(person.id, translations);
  }
  const byPopularity = [...data.details].sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  data.trending.week = byPopularity.slice(0, 200).map((p) => p.id);
  data.trending.day = byPopularity
    .slice(0, 300)
    .map((p) => ({ id: p.id, score: p.popularity * rng.decimal(0.3, 1.7, 3) }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, 200)
    .map((p) => p.id);
  return data;
}

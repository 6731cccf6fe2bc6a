/** People: details, every person sub-resource and the people lists. Credits of titles live in credit.ts. */
import type { Changes } from './changes.ts';
import { appendable, resource, type Language, type Paging } from './define.ts';
import type { EpisodeSummary } from './episode.ts';
import type { MovieSummary } from './movie.ts';
import type { SeasonSummary } from './season.ts';
import type { TVSeriesSummary } from './tv.ts';
import { changeWindow, type ChangeWindow, type ExternalIds, type Image, type Page, type Translations } from './wire.ts';

/** The person fields every credit and list item repeats. */
export interface PersonFields {
  adult: boolean;
  gender: number;
  id: number;
  known_for_department: string | null;
  name: string;
  original_name?: string;
  popularity: number;
  profile_path: string | null;
}

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
  known_for_department: string | null;
  name: string;
  place_of_birth: string | null;
  popularity: number;
  profile_path: string | null;
}

/** A work a person is known for, as list items carry it. */
export type KnownFor = (MovieSummary & { media_type: 'movie' }) | (TVSeriesSummary & { media_type: 'tv' });

/** popular, trending, search: a person with up to three works. */
export interface PersonListItem extends PersonFields {
  media_type?: 'person';
  known_for: KnownFor[];
}

export type PersonMovieCast = MovieSummary & { character: string; credit_id: string; order: number };
export type PersonMovieCrew = MovieSummary & { credit_id: string; department: string; job: string };
export type PersonTVCast = Omit<TVSeriesSummary, 'media_type'> & { character: string; credit_id: string; episode_count: number };
export type PersonTVCrew = Omit<TVSeriesSummary, 'media_type'> & {
  credit_id: string;
  department: string;
  job: string;
  /** Left out for creators. */
  episode_count?: number;
};

/** The cast and crew answers of a person: `movie_credits`, `tv_credits`, `combined_credits`. */
export interface CastAndCrew<Cast, Crew> {
  id: number;
  cast: Cast[];
  crew: Crew[];
}

export type PersonMovieCredits = CastAndCrew<PersonMovieCast, PersonMovieCrew>;
export type PersonTVCredits = CastAndCrew<PersonTVCast, PersonTVCrew>;
export type CombinedCast = (PersonMovieCast & { media_type: 'movie' }) | (PersonTVCast & { media_type: 'tv' });
export type CombinedCrew = (PersonMovieCrew & { media_type: 'movie' }) | (PersonTVCrew & { media_type: 'tv' });
export type PersonCombinedCredits = CastAndCrew<CombinedCast, CombinedCrew>;

export interface PersonImages {
  id: number;
  profiles: Image[];
}

export interface TaggedImage extends Image {
  id: string;
  image_type: string;
  /** "movie", "tv", "season" or "episode"; mid-2022 answers carry the kind only here, not inside `media`. */
  media_type: string;
  /** Its own `media_type` is left out of mid-2022 answers: the image's says the kind. */
  media:
    | (MovieSummary & { media_type?: 'movie' })
    | (TVSeriesSummary & { media_type?: 'tv' })
    | (SeasonSummary & { media_type?: 'tv_season'; show_id: number })
    | (EpisodeSummary & { media_type?: 'tv_episode'; show_id: number });
}

export interface TaggedImagePage extends Page<TaggedImage> {
  id: number;
}

export type PersonTranslations = Translations;

type PersonKey = { personId: number };
const sub = (p: PersonKey, key: string) => ['person', p.personId, key];

export const personResources = {
  person: resource<PersonKey & Language, PersonDetails>((p) => ({ path: ['person', p.personId], query: { language: p.language } })),
  personMovieCredits: appendable<PersonKey & Language, PersonMovieCredits>('person', 'movie_credits', (p) => ({
    path: sub(p, 'movie_credits'),
    query: { language: p.language },
  })),
  personTVCredits: appendable<PersonKey & Language, PersonTVCredits>('person', 'tv_credits', (p) => ({
    path: sub(p, 'tv_credits'),
    query: { language: p.language },
  })),
  personCombinedCredits: appendable<PersonKey & Language, PersonCombinedCredits>('person', 'combined_credits', (p) => ({
    path: sub(p, 'combined_credits'),
    query: { language: p.language },
  })),
  personImages: appendable<PersonKey, PersonImages>('person', 'images', (p) => ({ path: sub(p, 'images') })),
  personTaggedImages: appendable<PersonKey & { page?: number }, TaggedImagePage>('person', 'tagged_images', (p) => ({
    path: sub(p, 'tagged_images'),
    query: { page: p.page },
  })),
  personExternalIds: appendable<PersonKey, ExternalIds>('person', 'external_ids', (p) => ({ path: sub(p, 'external_ids') })),
  personTranslations: appendable<PersonKey, PersonTranslations>('person', 'translations', (p) => ({ path: sub(p, 'translations') })),
  personChanges: appendable<PersonKey & ChangeWindow, Changes>('person', 'changes', (p) => ({
    path: sub(p, 'changes'),
    query: changeWindow(p),
  })),
  popularPeople: resource<Paging, Page<PersonListItem>>((p) => ({
    path: ['person', 'popular'],
    query: { language: p.language, page: p.page },
  })),
  latestPerson: resource<Record<string, never>, PersonDetails>(() => ({ path: ['person', 'latest'] })),
};

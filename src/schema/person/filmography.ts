import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { creditIdFields } from '../kit/credit-id.ts';
import { Movie } from '../movie/ref.ts';
import { TVSeries } from '../tv/ref.ts';

/**
 * A person's credits, as the person endpoints give them: movie, TV and combined roles and jobs,
 * each entry carrying the work's summary, so following it to the Movie or TVSeries costs no call.
 */

export const CreditMediaType = builder.enumType('CreditMediaType', {
  description: 'Whether a credit or work is a movie or a TV series.',
  values: {
    MOVIE: { value: 'movie', description: 'A movie.' },
    TV: { value: 'tv', description: 'A TV series.' },
  } as const,
});

export type WorkSource = { media_type: 'movie' | 'tv'; id: number } & Record<string, unknown>;

/** The movie or series side of a mixed item, carrying the summary fields the item came with. */
export const movieOf = (item: WorkSource) => (item.media_type === 'movie' ? (item as never) : null);
export const seriesOf = (item: WorkSource) => (item.media_type === 'tv' ? (item as never) : null);

export const PersonWork = builder.objectRef<WorkSource>('PersonWork').implement({
  description: 'A movie or TV series a person is known for. Exactly one of `movie` and `series` is set.',
  fields: (t) => ({
    mediaType: t.field({ type: CreditMediaType, description: 'Whether the work is a movie or a series.', resolve: (w) => w.media_type }),
    movie: t.field({ type: Movie, nullable: true, description: 'The movie; null for a series.', resolve: movieOf }),
    series: t.field({ type: TVSeries, nullable: true, description: 'The series; null for a movie.', resolve: seriesOf }),
  }),
});

/**
 * A role or a job, whichever kind of work it is for: the fields every role (every job) has, and
 * the work on the concrete type (`... on PersonMovieCastCredit { movie { title } }`).
 */
export const PersonCastCredit = builder.interfaceRef<Up.PersonMovieCast | Up.PersonTVCast>('PersonCastCredit').implement({
  description: 'A role a person played: PersonMovieCastCredit (with its movie) or PersonTVCastCredit (with its series).',
  resolveType: (credit) => ('media_type' in credit && credit.media_type === 'tv' ? 'PersonTVCastCredit' : 'PersonMovieCastCredit'),
  fields: (t) => ({
    ...creditIdFields(t),
    character: t.exposeString('character', { description: 'The character played; may be empty.' }),
  }),
});

export const PersonCrewCredit = builder.interfaceRef<Up.PersonMovieCrew | Up.PersonTVCrew>('PersonCrewCredit').implement({
  description: 'A job a person did: PersonMovieCrewCredit (with its movie) or PersonTVCrewCredit (with its series).',
  resolveType: (credit) => ('media_type' in credit && credit.media_type === 'tv' ? 'PersonTVCrewCredit' : 'PersonMovieCrewCredit'),
  fields: (t) => ({
    ...creditIdFields(t),
    department: t.exposeString('department', { description: 'Department, such as "Directing" or "Writing".' }),
    job: t.exposeString('job', { description: 'Job, such as "Director" or "Screenplay".' }),
  }),
});

const PersonMovieCast = builder.objectRef<Up.PersonMovieCast>('PersonMovieCastCredit').implement({
  description: 'A role the person played in a movie.',
  interfaces: [PersonCastCredit],
  fields: (t) => ({
    order: t.exposeInt('order', {
      nullable: true,
      description: 'Billing position in the movie cast, from 0; null where the service left it out (2014 answers).',
    }),
    movie: t.field({ type: Movie, description: 'The movie, with its summary fields.', resolve: (c) => c }),
  }),
});

const PersonMovieCrew = builder.objectRef<Up.PersonMovieCrew>('PersonMovieCrewCredit').implement({
  description: 'A job the person did on a movie.',
  interfaces: [PersonCrewCredit],
  fields: (t) => ({
    movie: t.field({ type: Movie, description: 'The movie, with its summary fields.', resolve: (c) => c }),
  }),
});

export const PersonMovieCredits = builder.objectRef<Up.PersonMovieCredits>('PersonMovieCredits').implement({
  description: 'The movies a person played in or worked on.',
  fields: (t) => ({
    cast: t.field({ type: [PersonMovieCast], description: 'Acting roles.', resolve: (c) => c.cast }),
    crew: t.field({ type: [PersonMovieCrew], description: 'Jobs behind the camera.', resolve: (c) => c.crew }),
  }),
});

const PersonTVCast = builder.objectRef<Up.PersonTVCast>('PersonTVCastCredit').implement({
  description: 'A role the person played in a TV series (as a regular or a guest star).',
  interfaces: [PersonCastCredit],
  fields: (t) => ({
    episodeCount: t.exposeInt('episode_count', { description: 'In how many episodes the person played this character.' }),
    series: t.field({ type: TVSeries, description: 'The series, with its summary fields.', resolve: (c) => c }),
  }),
});

const PersonTVCrew = builder.objectRef<Up.PersonTVCrew>('PersonTVCrewCredit').implement({
  description: 'A job the person did on a TV series.',
  interfaces: [PersonCrewCredit],
  fields: (t) => ({
    episodeCount: t.int({
      nullable: true,
      description:
        'On how many episodes the person did this job; null when the catalog does not count them (it leaves the count out for creators).',
      resolve: (c) => c.episode_count ?? null,
    }),
    series: t.field({ type: TVSeries, description: 'The series, with its summary fields.', resolve: (c) => c }),
  }),
});

export const PersonTVCredits = builder.objectRef<Up.PersonTVCredits>('PersonTVCredits').implement({
  description: 'The TV series a person played in or worked on.',
  fields: (t) => ({
    cast: t.field({ type: [PersonTVCast], description: 'Acting roles, one per series and character.', resolve: (c) => c.cast }),
    crew: t.field({ type: [PersonTVCrew], description: 'Jobs behind the camera, one per series and job.', resolve: (c) => c.crew }),
  }),
});

export const PersonCredits = builder.objectRef<Up.PersonCombinedCredits>('PersonCredits').implement({
  description:
    'Everything a person played in or worked on, movies and series together. Each item is a movie or a series credit: select the work with `... on PersonMovieCastCredit { movie { ... } }` and `... on PersonTVCastCredit { series { ... } }`.',
  fields: (t) => ({
    cast: t.field({ type: [PersonCastCredit], description: 'Acting roles, in the order asked for.', resolve: (c) => c.cast }),
    crew: t.field({ type: [PersonCrewCredit], description: 'Jobs behind the camera, in the order asked for.', resolve: (c) => c.crew }),
  }),
});

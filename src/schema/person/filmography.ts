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

const PersonMovieCast = builder.objectRef<Up.PersonMovieCast>('PersonMovieCastCredit').implement({
  description: 'A role the person played in a movie.',
  fields: (t) => ({
    ...creditIdFields(t),
    character: t.exposeString('character', { description: 'The character played; may be empty.' }),
    order: t.exposeInt('order', {
      nullable: true,
      description: 'Billing position in the movie cast, from 0; null where the service left it out (2014 answers).',
    }),
    movie: t.field({ type: Movie, description: 'The movie, with its summary fields.', resolve: (c) => c }),
  }),
});

const PersonMovieCrew = builder.objectRef<Up.PersonMovieCrew>('PersonMovieCrewCredit').implement({
  description: 'A job the person did on a movie.',
  fields: (t) => ({
    ...creditIdFields(t),
    department: t.exposeString('department', { description: 'Department, such as "Directing" or "Writing".' }),
    job: t.exposeString('job', { description: 'Job, such as "Director" or "Screenplay".' }),
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
  fields: (t) => ({
    ...creditIdFields(t),
    character: t.exposeString('character', { description: 'The character played; may be empty.' }),
    episodeCount: t.exposeInt('episode_count', { description: 'In how many episodes the person played this character.' }),
    series: t.field({ type: TVSeries, description: 'The series, with its summary fields.', resolve: (c) => c }),
  }),
});

const PersonTVCrew = builder.objectRef<Up.PersonTVCrew>('PersonTVCrewCredit').implement({
  description: 'A job the person did on a TV series.',
  fields: (t) => ({
    ...creditIdFields(t),
    department: t.exposeString('department', { description: 'Department, such as "Directing" or "Writing".' }),
    job: t.exposeString('job', { description: 'Job, such as "Director" or "Creator".' }),
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

const PersonCombinedCast = builder.objectRef<Up.CombinedCast>('PersonCombinedCastCredit').implement({
  description: 'A role the person played in a movie or series. Exactly one of `movie` and `series` is set.',
  fields: (t) => ({
    ...creditIdFields(t),
    mediaType: t.field({ type: CreditMediaType, description: 'Whether the role is in a movie or a series.', resolve: (c) => c.media_type }),
    character: t.exposeString('character', { description: 'The character played; may be empty.' }),
    order: t.int({
      nullable: true,
      description: 'Billing position in a movie cast; null for series.',
      resolve: (c) => ('order' in c ? c.order : null),
    }),
    episodeCount: t.int({
      nullable: true,
      description: 'Episodes with this character, for series; null for movies.',
      resolve: (c) => ('episode_count' in c ? c.episode_count : null),
    }),
    movie: t.field({ type: Movie, nullable: true, description: 'The movie; null for a series.', resolve: (c) => movieOf(c as never) }),
    series: t.field({ type: TVSeries, nullable: true, description: 'The series; null for a movie.', resolve: (c) => seriesOf(c as never) }),
  }),
});

const PersonCombinedCrew = builder.objectRef<Up.CombinedCrew>('PersonCombinedCrewCredit').implement({
  description: 'A job the person did on a movie or series. Exactly one of `movie` and `series` is set.',
  fields: (t) => ({
    ...creditIdFields(t),
    mediaType: t.field({ type: CreditMediaType, description: 'Whether the job is on a movie or a series.', resolve: (c) => c.media_type }),
    department: t.exposeString('department', { description: 'Department, such as "Directing" or "Writing".' }),
    job: t.exposeString('job', { description: 'Job, such as "Director".' }),
    episodeCount: t.int({
      nullable: true,
      description: 'Episodes with this job, for series; null for movies.',
      resolve: (c) => ('episode_count' in c ? c.episode_count : null),
    }),
    movie: t.field({ type: Movie, nullable: true, description: 'The movie; null for a series.', resolve: (c) => movieOf(c as never) }),
    series: t.field({ type: TVSeries, nullable: true, description: 'The series; null for a movie.', resolve: (c) => seriesOf(c as never) }),
  }),
});

export const PersonCombinedCredits = builder.objectRef<Up.PersonCombinedCredits>('PersonCombinedCredits').implement({
  description: 'Everything a person played in or worked on, movies and series together.',
  fields: (t) => ({
    cast: t.field({ type: [PersonCombinedCast], description: 'Acting roles, movies first.', resolve: (c) => c.cast }),
    crew: t.field({ type: [PersonCombinedCrew], description: 'Jobs behind the camera, movies first.', resolve: (c) => c.crew }),
  }),
});

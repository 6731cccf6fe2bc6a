import type { GatewayContext } from '../context.ts';
import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { creditIdFields } from '../kit/credit-id.ts';
import { carried } from '../kit/details.ts';
import { openEnum } from '../kit/open-enum.ts';
import { languageArg } from '../kit/language-args.ts';
import * as valid from '../kit/validate.ts';
import { Movie } from '../movie/ref.ts';
import { CreditMediaType } from '../person/filmography.ts';
import { Person } from '../person/person.ts';
import { Episode, type EpisodeSource, Season, TVSeries } from '../tv/ref.ts';

/** Each credit entry carries the person's summary (name, gender, profile path...), so linking needs no person call. */

const CastCredit = builder.objectRef<Up.MovieCastCredit>('CastCredit').implement({
  description: 'A role in the cast of a movie, series, season or episode.',
  fields: (t) => ({
    ...creditIdFields(t),
    character: t.exposeString('character', { description: 'The character played; may be empty.' }),
    order: t.exposeInt('order', { description: 'Billing position, from 0 (guest stars come after the regular cast).' }),
    castId: t.int({
      nullable: true,
      description: 'Position of the role in the movie cast as first entered; null outside movies.',
      resolve: (c) => c.cast_id ?? null,
    }),
    person: t.field({ type: Person, description: 'The actor, with their summary fields.', resolve: (c) => c }),
  }),
});

const CrewCredit = builder.objectRef<Up.CrewCredit>('CrewCredit').implement({
  description: 'A job in the crew of a movie, series, season or episode.',
  fields: (t) => ({
    ...creditIdFields(t),
    department: t.exposeString('department', { description: 'Department, such as "Directing" or "Writing".' }),
    job: t.exposeString('job', { description: 'Job, such as "Director" or "Editor".' }),
    person: t.field({ type: Person, description: 'The crew member, with their summary fields.', resolve: (c) => c }),
  }),
});

const Credits = builder.objectRef<Up.Credits>('Credits').implement({
  description: 'The cast and crew of a movie, a series (its latest season) or a season.',
  fields: (t) => ({
    cast: t.field({ type: [CastCredit], description: 'The cast: actors and their roles, in billing order.', resolve: (c) => c.cast }),
    crew: t.field({ type: [CrewCredit], description: 'Crew members and their jobs.', resolve: (c) => c.crew }),
  }),
});

const EpisodeCredits = builder.objectRef<Up.EpisodeCredits>('EpisodeCredits').implement({
  description: 'The cast, crew and guest stars of one episode.',
  fields: (t) => ({
    cast: t.field({ type: [CastCredit], description: 'The regular cast of the season.', resolve: (c) => c.cast }),
    crew: t.field({ type: [CrewCredit], description: 'Crew members of this episode.', resolve: (c) => c.crew }),
    guestStars: t.field({ type: [CastCredit], description: 'Actors who appear in this episode only.', resolve: (c) => c.guest_stars }),
  }),
});

const CreditRole = builder.objectRef<Up.AggregateCast['roles'][number]>('CreditRole').implement({
  description: 'One character an actor played, with the number of episodes.',
  fields: (t) => ({
    ...creditIdFields(t),
    character: t.exposeString('character', { description: 'The character played; may be empty.' }),
    episodeCount: t.exposeInt('episode_count', { description: 'In how many episodes.' }),
  }),
});

const CreditJob = builder.objectRef<Up.AggregateCrew['jobs'][number]>('CreditJob').implement({
  description: 'One job a crew member did, with the number of episodes.',
  fields: (t) => ({
    ...creditIdFields(t),
    job: t.exposeString('job', { description: 'Job, such as "Director".' }),
    episodeCount: t.exposeInt('episode_count', { description: 'On how many episodes.' }),
  }),
});

const AggregateCastCredit = builder.objectRef<Up.AggregateCast>('AggregateCastCredit').implement({
  description: 'An actor of a series or season with every character they played, summed over the episodes.',
  fields: (t) => ({
    roles: t.field({ type: [CreditRole], description: 'The characters played.', resolve: (c) => c.roles }),
    totalEpisodeCount: t.exposeInt('total_episode_count', { description: 'In how many episodes the actor appears.' }),
    order: t.exposeInt('order', { description: 'Billing position, from 0.' }),
    person: t.field({ type: Person, description: 'The actor, with their summary fields.', resolve: (c) => c }),
  }),
});

const AggregateCrewCredit = builder.objectRef<Up.AggregateCrew>('AggregateCrewCredit').implement({
  description: 'A crew member of a series or season with every job they did in one department, summed over the episodes.',
  fields: (t) => ({
    department: t.exposeString('department', { description: 'Department, such as "Directing".' }),
    jobs: t.field({ type: [CreditJob], description: 'The jobs done.', resolve: (c) => c.jobs }),
    totalEpisodeCount: t.exposeInt('total_episode_count', { description: 'On how many episodes the person worked.' }),
    person: t.field({ type: Person, description: 'The crew member, with their summary fields.', resolve: (c) => c }),
  }),
});

const AggregateCredits = builder.objectRef<Up.AggregateCredits>('AggregateCredits').implement({
  description: 'Everyone who appeared in or worked on the episodes of a series or season, with episode counts.',
  fields: (t) => ({
    cast: t.field({ type: [AggregateCastCredit], description: 'The cast: actors, regulars first.', resolve: (c) => c.cast }),
    crew: t.field({ type: [AggregateCrewCredit], description: 'Crew members, most episodes first.', resolve: (c) => c.crew }),
  }),
});

const CreditType = openEnum('CreditType', 'Whether a credit is a role or a job.', {
  CAST: { value: 'cast', description: 'A role in the cast.' },
  CREW: { value: 'crew', description: 'A job in the crew.' },
});

const Credit = builder.objectRef<Up.CreditDetails>('Credit').implement({
  description: 'One credit: a person, a role or job, and the movie or series it is for.',
  fields: (t) => ({
    creditId: t.exposeString('id', {
      description: "The catalog's identifier of the credit (`credit(id:)`'s argument); `id` is the global id.",
    }),
    creditType: t.field({
      type: CreditType.ref,
      description: 'CAST for a role, CREW for a job.',
      resolve: (c) => CreditType.always(c.credit_type),
    }),
    department: t.exposeString('department', { description: 'Department ("Actors" for cast).' }),
    job: t.exposeString('job', { description: 'Job ("Actor" for cast).' }),
    character: t.string({
      nullable: true,
      description: 'The character played; null for a crew credit.',
      resolve: (c) => (c.credit_type === 'cast' ? (c.media.character ?? '') : null),
    }),
    mediaType: t.field({
      type: CreditMediaType,
      description: 'Whether the credit is for a movie or a series.',
      resolve: (c) => c.media_type,
    }),
    movie: t.field({
      type: Movie,
      nullable: true,
      description: 'The movie, with its summary fields; null for a series.',
      resolve: (c) => (c.media_type === 'movie' ? (c.media as never) : null),
    }),
    series: t.field({
      type: TVSeries,
      nullable: true,
      description: 'The series, with its summary fields; null for a movie.',
      resolve: (c) => (c.media_type === 'tv' ? (c.media as never) : null),
    }),
    seasons: t.field({
      type: [Season],
      description: 'For a series: the seasons the credit spans; empty for a movie.',
      resolve: (c) => (c.media.seasons ?? []).map((s) => ({ ...s, seriesId: c.media.id })),
    }),
    episodes: t.field({
      type: [Episode],
      description: 'For a series: the episodes of a guest or single-episode credit; empty for regulars and movies.',
      resolve: (c) => (c.media.episodes ?? []).map((e) => ({ ...e, seriesId: c.media.id })),
    }),
    person: t.field({ type: Person, description: 'The person, with their summary fields.', resolve: (c) => c.person }),
  }),
});

const languageArgs = { language: languageArg };

builder.objectFields(Movie, (t) => ({
  credits: t.field({
    type: Credits,
    nullable: true,
    description: 'Cast and crew of the movie; each entry links to its person.',
    args: languageArgs,
    resolve: (m, args, c) => c.loaders.movieCredits.load({ movieId: m.id, language: valid.language('language', args.language) }),
  }),
}));

const SeriesCreator = builder.objectRef<Up.TVSeriesDetails['created_by'][number]>('SeriesCreator').implement({
  description: 'A person credited with creating a TV series.',
  fields: (t) => ({
    ...creditIdFields(t),
    person: t.field({
      type: Person,
      description: 'The creator, with name, original name, gender and profile path carried.',
      resolve: (c) => ({ id: c.id, name: c.name, original_name: c.original_name, gender: c.gender, profile_path: c.profile_path }),
    }),
  }),
});

builder.objectFields(TVSeries, (t) => ({
  createdBy: t.field({
    nullable: true,
    type: [SeriesCreator],
    description: 'The people who created the series (from the series details).',
    resolve: (s, _, c) => carried(s, 'created_by', () => c.loaders.tvSeries.load({ seriesId: s.id })),
  }),
  credits: t.field({
    type: Credits,
    nullable: true,
    description: 'Cast and crew of the latest season, plus the creators of the series.',
    args: languageArgs,
    resolve: (s, args, c) => c.loaders.tvSeriesCredits.load({ seriesId: s.id, language: valid.language('language', args.language) }),
  }),
  aggregateCredits: t.field({
    type: AggregateCredits,
    nullable: true,
    description: 'Everyone who appeared in or worked on any episode, with their roles, jobs and episode counts.',
    args: languageArgs,
    resolve: (s, args, c) =>
      c.loaders.tvSeriesAggregateCredits.load({ seriesId: s.id, language: valid.language('language', args.language) }),
  }),
}));

builder.objectFields(Season, (t) => ({
  credits: t.field({
    type: Credits,
    nullable: true,
    description: 'The regular cast of the season and the crew of its episodes.',
    args: languageArgs,
    resolve: (s, args, c) =>
      c.loaders.seasonCredits.load({
        seriesId: s.seriesId,
        seasonNumber: s.season_number,
        language: valid.language('language', args.language),
      }),
  }),
  aggregateCredits: t.field({
    type: AggregateCredits,
    nullable: true,
    description: "Everyone who appeared in or worked on the season's episodes, with episode counts.",
    args: languageArgs,
    resolve: (s, args, c) =>
      c.loaders.seasonAggregateCredits.load({
        seriesId: s.seriesId,
        seasonNumber: s.season_number,
        language: valid.language('language', args.language),
      }),
  }),
}));

/** Season and episode details carry each episode's crew and guest stars; otherwise the episode's details answer. */
function episodePeople<Key extends 'crew' | 'guest_stars'>(key: Key) {
  return async (e: EpisodeSource, _: unknown, c: GatewayContext) =>
    (await carried(e, key, () =>
      c.loaders.episode.load({ seriesId: e.seriesId, seasonNumber: e.season_number, episodeNumber: e.episode_number }),
    )) ?? [];
}

builder.objectFields(Episode, (t) => ({
  crew: t.field({
    type: [CrewCredit],
    description: 'Crew members of this episode, from the season or episode record (no credits call); empty when none are named.',
    resolve: episodePeople('crew'),
  }),
  guestStars: t.field({
    type: [CastCredit],
    description: 'Actors who appear in this episode only, from the season or episode record (no credits call); empty when none.',
    resolve: episodePeople('guest_stars'),
  }),
  credits: t.field({
    type: EpisodeCredits,
    nullable: true,
    description: 'Cast, crew and guest stars of the episode.',
    args: languageArgs,
    resolve: (e, args, c) =>
      c.loaders.episodeCredits.load({
        seriesId: e.seriesId,
        seasonNumber: e.season_number,
        episodeNumber: e.episode_number,
        language: valid.language('language', args.language),
      }),
  }),
}));

builder.queryFields((t) => ({
  credit: t.field({
    type: Credit,
    nullable: true,
    description: 'One credit by its id (the `creditId` of any cast or crew entry). Null with NOT_FOUND when there is no such credit.',
    args: {
      id: t.arg.id({
        required: true,
        description: "Catalog id of the credit, 24 hexadecimal characters: a credit's `creditId`, not its global `id`.",
      }),
      language: languageArg,
    },
    resolve: (_, args, c) => {
      const id = String(args.id);
      if (!/^[0-9a-f]{24}$/i.test(id)) throw valid.badInput('id', 'must be a 24-character hexadecimal credit id.');
      return c.loaders.credit.load({ creditId: id, language: valid.language('language', args.language) });
    },
  }),
}));

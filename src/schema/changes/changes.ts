import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { Movie } from '../movie/ref.ts';
import { Person } from '../person/person.ts';
import { TVSeries } from '../tv/ref.ts';

/** The change lists: which movies, series and people were edited in a window of days. */

export const ChangedMovie = builder.objectRef<Up.ChangedId>('ChangedMovie').implement({
  description: 'A movie edited in the window.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The catalog's identifier of the movie; `id` is the global id." }),
    adult: t.exposeBoolean('adult', { nullable: true, description: 'Whether the movie is adult content; null when not recorded.' }),
    movie: t.field({
      type: Movie,
      description: 'The movie; select `changes` on it for what changed.',
      resolve: (entry) => ({ id: entry.id }),
    }),
  }),
});

export const ChangedTVSeries = builder.objectRef<Up.ChangedId>('ChangedTVSeries').implement({
  description: 'A TV series edited in the window (itself, one of its seasons or one of its episodes).',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The catalog's identifier of the series; `id` is the global id." }),
    adult: t.exposeBoolean('adult', { nullable: true, description: 'Whether the series is adult content; null when not recorded.' }),
    series: t.field({
      type: TVSeries,
      description: 'The series; select `changes` on it for what changed.',
      resolve: (entry) => ({ id: entry.id }),
    }),
  }),
});

export const ChangedPerson = builder.objectRef<Up.ChangedId>('ChangedPerson').implement({
  description: 'A person edited in the window.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: "The catalog's identifier of the person; `id` is the global id." }),
    adult: t.exposeBoolean('adult', {
      nullable: true,
      description: 'Whether the person appears in adult content; null when not recorded.',
    }),
    person: t.field({
      type: Person,
      description: 'The person; select `changes` on it for what changed.',
      resolve: (entry) => ({ id: entry.id }),
    }),
  }),
});

export const ChangeLists = builder.objectRef<object>('ChangeLists').implement({
  description:
    'What was edited in the catalog lately. Each list takes a window of days: without dates the last 24 hours; a window may span up to 14 days.',
  // Its fields, the three feeds, are in changes/connections.ts.
});

builder.queryFields((t) => ({
  changes: t.field({
    nullable: true,
    type: ChangeLists,
    description: 'Which movies, TV series and people were edited lately.',
    resolve: () => ({}),
  }),
}));

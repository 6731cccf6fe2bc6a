/**
 * Every wire type of the upstream API in one namespace, for the schema layer
 * (`import type * as Up from '../upstream/api/types.ts'`). Each type is defined in its
 * domain's file; a name is defined once across them, which this re-export enforces.
 */
export type * from './account.ts';
export type * from './auth.ts';
export type * from './certification.ts';
export type * from './changes.ts';
export type * from './collection.ts';
export type * from './company.ts';
export type * from './configuration.ts';
export type * from './credit.ts';
export type * from './discover.ts';
export type * from './episode-group.ts';
export type * from './episode.ts';
export type * from './find.ts';
export type * from './genre.ts';
export type * from './guest-session.ts';
export type * from './keyword.ts';
export type * from './list.ts';
export type * from './movie.ts';
export type * from './network.ts';
export type * from './person.ts';
export type * from './review.ts';
export type * from './search.ts';
export type * from './season.ts';
export type * from './trending.ts';
export type * from './tv.ts';
export type * from './watch-provider.ts';
export type * from './wire.ts';

import type { ObjectRef } from '@pothos/core';
import type * as Up from '../upstream/api/types.ts';
import { builder } from './builder.ts';

export type Types = typeof builder.$inferSchemaTypes;

/** A page of results, as every paged list of the catalog returns it. */
export function pageOf<Item>(name: string, what: string, item: ObjectRef<Types, Item>) {
  return builder.objectRef<Up.Page<Item>>(name).implement({
    description: `One page of ${what}. Pages are 1-based and hold up to 20 results.`,
    fields: (t) => ({
      page: t.exposeInt('page', { description: 'The number of this page, starting at 1.' }),
      totalPages: t.exposeInt('total_pages', { description: 'How many pages there are in all.' }),
      totalResults: t.exposeInt('total_results', { description: 'How many results there are across all pages.' }),
      results: t.field({ type: [item], description: `The ${what} on this page.`, resolve: (p) => p.results }),
    }),
  });
}

export const pageArgs = builder.args((t) => ({
  page: t.int({ required: false, description: 'Which page to return, from 1 to 500. Defaults to 1.' }),
  language: t.string({
    required: false,
    description: 'Language of the texts, as ISO 639-1 with an optional region ("en", "en-US"). Defaults to en-US.',
  }),
}));

/**
 * A field an object may already carry from the list it came in; otherwise the value comes
 * from `load()`, which the caller points at the object's detail loader.
 */
export function carried<Source extends object, Detail, Key extends keyof Detail & PropertyKey>(
  source: Source,
  key: Key,
  load: () => Promise<Detail>,
): Detail[Key] | Promise<Detail[Key]> {
  if (key in source) return (source as unknown as Detail)[key];
  return load().then((detail) => detail[key]);
}

/** The catalog sends "" for an unknown date; clients get null. */
export function dateOrNull(value: string | null | undefined): string | null {
  return value ? value : null;
}

/** "2023-04-08 16:35:05 UTC", the catalog's change and token time format, as ISO 8601. */
export function isoTimestamp(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) UTC$/.exec(value);
  return match ? `${match[1]}T${match[2]}Z` : value;
}

export const Image = builder.objectRef<Up.Image>('Image').implement({
  description:
    'Metadata of one image file. Build its address from `Query.configuration.images`: base URL + size + `filePath`.',
  fields: (t) => ({
    filePath: t.exposeString('file_path', { description: 'Path of the image file, beginning with "/".' }),
    width: t.exposeInt('width', { description: 'Width of the original in pixels.' }),
    height: t.exposeInt('height', { description: 'Height of the original in pixels.' }),
    aspectRatio: t.exposeFloat('aspect_ratio', { description: 'Width divided by height.' }),
    languageCode: t.exposeString('iso_639_1', {
      nullable: true,
      description: 'ISO 639-1 language of text in the image; null when the image has no text.',
    }),
    voteAverage: t.exposeFloat('vote_average', { description: 'Average user vote, 0 to 10.' }),
    voteCount: t.exposeInt('vote_count', { description: 'Number of user votes.' }),
  }),
});

export const MediaList = builder.objectRef<Up.UserList>('MediaList').implement({
  description: 'A list made by a catalog user that contains a given movie or TV series.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier of the list.' }),
    name: t.exposeString('name', { description: 'Name of the list.' }),
    description: t.exposeString('description', { description: 'Description written by its author; may be empty.' }),
    favoriteCount: t.exposeInt('favorite_count', { description: 'How many users marked the list as a favourite.' }),
    itemCount: t.exposeInt('item_count', { description: 'How many items the list holds.' }),
    languageCode: t.string({
      nullable: true,
      description: 'ISO 639-1 language of the list; null when not set.',
      resolve: (list) => list.iso_639_1 || null,
    }),
    countryCode: t.string({
      nullable: true,
      description: 'ISO 3166-1 country of the list. Sent for TV series lists only; null for movie lists.',
      resolve: (list) => list.iso_3166_1 ?? null,
    }),
    listType: t.string({
      nullable: true,
      description: 'Kind of items the list holds ("movie"). Sent for movie lists only; null for TV series lists.',
      resolve: (list) => list.list_type ?? null,
    }),
    posterPath: t.exposeString('poster_path', { nullable: true, description: 'Poster image path; null when none.' }),
  }),
});

export const MediaListPage = pageOf('MediaListPage', 'user lists', MediaList);

export const AlternativeTitle = builder.objectRef<Up.AlternativeTitle>('AlternativeTitle').implement({
  description: 'Another title a movie or series is known by in some country.',
  fields: (t) => ({
    countryCode: t.exposeString('iso_3166_1', { description: 'ISO 3166-1 country where this title is used.' }),
    title: t.exposeString('title', { description: 'The title.' }),
    type: t.exposeString('type', { description: 'Kind of title, such as "romanization" or "working title"; often empty.' }),
  }),
});


import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';
import { imageUrlField } from '../kit/image-url.ts';
import { pageOf } from '../kit/page.ts';

export const MediaList = builder.objectRef<Up.UserList>('MediaList').implement({
  description: 'A list made by a catalog user that contains a given movie or TV series.',
  fields: (t) => ({
    id: t.int({
      nullable: true,
      deprecationReason: 'Use `listId`: lists made before 2018 have 24-character hexadecimal ids, which are null here.',
      description: 'Identifier of the list when it is a number; null for the hexadecimal ids of older lists.',
      resolve: (l) => (typeof l.id === 'number' ? l.id : /^\d+$/.test(String(l.id)) ? Number(l.id) : null),
    }),
    listId: t.id({
      description: 'Identifier of the list: a number for lists since 2018, 24 hexadecimal characters for older ones.',
      resolve: (l) => String(l.id),
    }),
    name: t.exposeString('name', { description: 'Name of the list.' }),
    description: t.exposeString('description', { description: 'Description written by its author; may be empty.' }),
    favoriteCount: t.exposeInt('favorite_count', { description: 'How many users marked the list as a favourite.' }),
    itemCount: t.exposeInt('item_count', { description: 'How many items the list holds.' }),
    languageCode: t.string({
      nullable: true,
      description: "ISO 639-1 language of the list; null when not set. The catalog's empty string comes as null.",
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
    posterUrl: imageUrlField(t, 'poster', (source) => source.poster_path, 'poster'),
  }),
});

export const MediaListPage = pageOf('MediaListPage', 'user lists', MediaList);

import type * as Up from '../upstream/api/types.ts';
import { builder } from './builder.ts';

export const Genre = builder.objectRef<Up.Genre>('Genre').implement({
  description: 'A genre of movies or TV series, such as "Drama".',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Identifier of the genre.' }),
    name: t.exposeString('name', { description: 'Name of the genre in the requested language.' }),
  }),
});

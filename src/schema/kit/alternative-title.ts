import type * as Up from '../../upstream/api/types.ts';
import { builder } from '../builder.ts';

export const AlternativeTitle = builder.objectRef<Up.AlternativeTitle>('AlternativeTitle').implement({
  description: 'Another title a movie or series is known by in some country.',
  fields: (t) => ({
    countryCode: t.exposeString('iso_3166_1', { description: 'ISO 3166-1 country where this title is used.' }),
    title: t.exposeString('title', { description: 'The title.' }),
    type: t.exposeString('type', {
      nullable: true,
      description:
        'Kind of title, such as "romanization" or "working title"; often empty; null where the service left it out (2014 answers).',
    }),
  }),
});

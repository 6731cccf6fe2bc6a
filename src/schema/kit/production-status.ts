import { openEnum } from './open-enum.ts';

/**
 * The status of a movie or series: one enum for both, because a mixed list (search, trending)
 * selects `... on Movie { status } ... on TVSeries { status }` in one selection, and GraphQL refuses
 * two fields of one name with different types there. Each value says which kind sends it.
 */
export const ProductionStatus = openEnum('ProductionStatus', 'Production status of a movie or TV series.', {
  RUMORED: { value: 'Rumored', description: '"Rumored" (movies): announced, not confirmed.' },
  PLANNED: { value: 'Planned', description: '"Planned" (movies and series).' },
  IN_PRODUCTION: { value: 'In Production', description: '"In Production" (movies and series).' },
  POST_PRODUCTION: { value: 'Post Production', description: '"Post Production" (movies): filmed, being finished.' },
  RELEASED: { value: 'Released', description: '"Released" (movies).' },
  RETURNING_SERIES: { value: 'Returning Series', description: '"Returning Series" (series): more seasons are coming.' },
  PILOT: { value: 'Pilot', description: '"Pilot" (series).' },
  ENDED: { value: 'Ended', description: '"Ended" (series).' },
  CANCELED: { value: 'Canceled', description: '"Canceled" (movies and series).' },
});

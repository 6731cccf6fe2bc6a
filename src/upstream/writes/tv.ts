import type * as Up from '../types.ts';
import { write } from '../resources/define.ts';

/** Rating a series: the user session or a guest session (the real service accepts both). */
export const tvWrites = {
  rateTVSeries: write<{ seriesId: number; value: number }, Up.StatusResponse>(
    (p, session) => ({ method: 'POST', path: ['tv', p.seriesId, 'rating'], query: { ...session }, body: { value: p.value } }),
    'user-or-guest',
  ),
  deleteTVSeriesRating: write<{ seriesId: number }, Up.StatusResponse>(
    (p, session) => ({ method: 'DELETE', path: ['tv', p.seriesId, 'rating'], query: { ...session } }),
    'user-or-guest',
  ),
};

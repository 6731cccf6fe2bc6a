import type * as Up from '../types.ts';
import { sessionResource } from './define.ts';

export const accountResources = {
  account: sessionResource<{ accountId: number }, Up.AccountDetails>((p, sessionId) => ({
    path: ['account', p.accountId],
    query: { session_id: sessionId },
  })),
  ratedMovies: sessionResource<
    { accountId: number; page?: number; language?: string; sortBy?: string },
    Up.Page<Up.RatedMovie>
  >((p, sessionId) => ({
    path: ['account', p.accountId, 'rated', 'movies'],
    query: { language: p.language, page: p.page, session_id: sessionId, sort_by: p.sortBy },
  })),
};

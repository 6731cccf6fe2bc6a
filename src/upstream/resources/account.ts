import type * as Up from '../types.ts';
import { sessionResource } from './define.ts';

export const accountResources = {
  account: sessionResource<{ accountId: number }, Up.AccountDetails>((p, session) => ({
    path: ['account', p.accountId],
    query: { ...session },
  })),
  ratedMovies: sessionResource<
    { accountId: number; page?: number; language?: string; sortBy?: string },
    Up.Page<Up.RatedMovie>
  >((p, session) => ({
    path: ['account', p.accountId, 'rated', 'movies'],
    query: { language: p.language, page: p.page, ...session, sort_by: p.sortBy },
  })),
};

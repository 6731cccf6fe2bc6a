import type { CatalogData } from '@media-catalog/catalog/data/catalog';
import { accountOperations } from '../coverage/account-operations.ts';
import { collectionsOperations } from '../coverage/collections-operations.ts';
import { moviesOperations } from '../coverage/movies-operations.ts';
import { peopleOperations } from '../coverage/people-operations.ts';
import { seasonsOperations } from '../coverage/seasons-operations.ts';
import { specOperations } from '../coverage/spec-operations.ts';
import { tvOperations } from '../coverage/tv-operations.ts';
import type { CoverageContext, CoveredOperation, GraphQLCall } from '../coverage/types.ts';
import { GUEST_SESSION_ID, SESSION_ID, TOKEN } from './example-server.ts';
import { example } from './examples.ts';

/**
 * The GraphQL operation reaching each upstream operation: the coverage entries, run against a
 * context whose "catalog data" holds the ids of the examples (the example server answers any
 * id, so these only make the queries read like the examples).
 */
export const covered: CoveredOperation[] = [
  ...specOperations,
  ...accountOperations,
  ...collectionsOperations,
  ...moviesOperations,
  ...peopleOperations,
  ...seasonsOperations,
  ...tvOperations,
].filter((e): e is CoveredOperation => 'graphql' in e);

/** Entries whose coverage query is adjusted for the contract, each with its reason. */
export const OVERRIDES: Record<string, { call: (c: CoverageContext) => GraphQLCall; reason: string }> = {
  'list-create': {
    reason: 'pass every field of the request example (name, description, language), so the whole body is checked',
    call: () => ({
      query:
        'mutation { createList(input: { name: "This is my awesome test list.", description: "Just an awesome list.", language: "en" }) { list { id: databaseId } } }',
      session: 'user',
    }),
  },
};

export function contractContext(baseUrl: string): CoverageContext {
  const movieId: number = example('movie-details').id;
  const seriesId: number = example('tv-series-details').id;
  const season = example('tv-season-details');
  const accountId: number = example('account-details').id;
  const listId = Number(example('list-details').id);
  const movie = { id: movieId, imdb_id: example('movie-details').imdb_id };
  const data = {
    movies: Array.from({ length: 8 }, () => movie),
    tvSeries: Array.from({ length: 8 }, () => ({ id: seriesId })),
    account: { id: accountId, username: example('account-details').username },
    userLists: { ownedBy: () => [{ id: example('list-create').list_id }] },
    movieLists: [{ id: listId }],
    reviews: [{ id: example('review-details').id }],
    companies: [{ id: example('company-details').id }],
    collections: [{ id: example('collection-details').id }],
    keywords: [{ id: example('keyword-details').id }],
    networks: [{ id: example('network-details').id }],
    episodeGroupsOfSeries: new Map([[seriesId, [example('tv-episode-group-details').id]]]),
    credits: { movies: new Map([[movieId, { cast: [{ id: example('person-details').id, credit_id: example('credit-details').id }] }]]) },
    seasons: new Map([
      [seriesId, [{ id: season.id, season_number: 1, air_date: season.air_date, episodes: [{ id: season.episodes[0].id }] }]],
    ]),
    today: '2999-12-31',
  };
  return {
    data: data as unknown as CatalogData,
    sessionId: SESSION_ID,
    guestSessionId: GUEST_SESSION_ID,
    async rest(path) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      return response.json();
    },
    approveRequestToken: () => {},
    newUserSession: async () => SESSION_ID,
  };
}

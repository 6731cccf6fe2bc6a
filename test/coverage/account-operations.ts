import { DEMO_V4_USER_TOKEN } from '@media-catalog/catalog/sessions';
import type { CoverageContext, CoverageEntry } from './types.ts';

const account = (c: CoverageContext) => c.data.account.id;
/** One of the account's own lists (generated), so list writes are allowed. */
const ownList = (c: CoverageContext) => c.data.userLists.ownedBy(c.data.account.id)[0].id;
const accountField = (field: string) => (c: CoverageContext) => ({
  query: `query($id: Int!) { account(id: $id) { ${field} } }`,
  variables: { id: account(c) },
  session: 'user' as const,
});
const guestField = (field: string) => () => ({ query: `{ guestSession { ${field} { totalCount } } }`, session: 'guest' as const });

/** Account lists, authentication flow, guest sessions and user lists. */
export const accountOperations: CoverageEntry[] = [
  {
    operationId: 'account-add-favorite',
    graphql: (c) => ({
      query: 'mutation($a: Int!, $m: Int!) { setMovieFavorite(input: { accountId: $a, movieId: $m, favorite: true }) { movie { id } } }',
      variables: { a: account(c), m: c.data.movies[7].id },
      session: 'user',
    }),
    upstream: { method: 'POST', path: /^\/account\/\d+\/favorite$/ },
  },
  {
    operationId: 'account-add-to-watchlist',
    graphql: (c) => ({
      query:
        'mutation($a: Int!, $s: Int!) { setTVSeriesWatchlist(input: { accountId: $a, seriesId: $s, watchlist: true }) { tvSeries { id } } }',
      variables: { a: account(c), s: c.data.tvSeries[7].id },
      session: 'user',
    }),
    upstream: { method: 'POST', path: /^\/account\/\d+\/watchlist$/ },
  },
  {
    operationId: 'account-get-favorites',
    graphql: accountField('favoriteMovies { totalCount }'),
    upstream: { method: 'GET', path: /^\/account\/\d+\/favorite\/movies$/ },
  },
  {
    operationId: 'account-favorite-tv',
    graphql: accountField('favoriteTVSeries { totalCount }'),
    upstream: { method: 'GET', path: /^\/account\/\d+\/favorite\/tv$/ },
  },
  {
    operationId: 'account-watchlist-movies',
    graphql: accountField('watchlistMovies { totalCount }'),
    upstream: { method: 'GET', path: /^\/account\/\d+\/watchlist\/movies$/ },
  },
  {
    operationId: 'account-watchlist-tv',
    graphql: accountField('watchlistTVSeries { totalCount }'),
    upstream: { method: 'GET', path: /^\/account\/\d+\/watchlist\/tv$/ },
  },
  {
    operationId: 'account-rated-tv',
    graphql: accountField('ratedTVSeries { totalCount }'),
    upstream: { method: 'GET', path: /^\/account\/\d+\/rated\/tv$/ },
  },
  {
    operationId: 'account-rated-tv-episodes',
    graphql: accountField('ratedEpisodes { totalCount }'),
    upstream: { method: 'GET', path: /^\/account\/\d+\/rated\/tv\/episodes$/ },
  },
  {
    operationId: 'account-lists',
    graphql: accountField('lists { totalCount }'),
    upstream: { method: 'GET', path: /^\/account\/\d+\/lists$/ },
  },
  {
    operationId: 'authentication-create-request-token',
    graphql: () => ({ query: 'mutation { createRequestToken { requestToken { requestToken expiresAt approvalUrl } } }' }),
    upstream: { method: 'GET', path: /^\/authentication\/token\/new$/ },
  },
  {
    operationId: 'authentication-create-guest-session',
    graphql: () => ({ query: 'mutation { createGuestSession { guestSession { guestSessionId expiresAt } } }' }),
    upstream: { method: 'GET', path: /^\/authentication\/guest_session\/new$/ },
  },
  {
    operationId: 'authentication-create-session-from-login',
    graphql: async (c) => {
      const { request_token } = await c.rest('/authentication/token/new');
      return {
        query:
          'mutation($u: String!, $p: String!, $t: String!) { createSessionWithLogin(input: { username: $u, password: $p, requestToken: $t }) { session { success } } }',
        variables: { u: c.data.account.username, p: 'popcorn-and-subtitles', t: request_token },
      };
    },
    upstream: { method: 'POST', path: /^\/authentication\/token\/validate_with_login$/ },
  },
  {
    operationId: 'authentication-create-session-from-v4-token',
    graphql: () => ({
      query: 'mutation($t: String!) { createSessionFromV4Token(input: { accessToken: $t }) { session { success } } }',
      variables: { t: DEMO_V4_USER_TOKEN },
    }),
    upstream: { method: 'POST', path: /^\/authentication\/session\/convert\/4$/ },
  },
  {
    operationId: 'authentication-delete-session',
    // A session of its own, so the shared one stays valid for the other entries.
    graphql: async (c) => ({ query: 'mutation { endSession { ended } }', headers: { 'x-session-id': await c.newUserSession() } }),
    upstream: { method: 'DELETE', path: /^\/authentication\/session$/ },
  },
  {
    operationId: 'guest-session-rated-movies',
    graphql: guestField('ratedMovies'),
    upstream: { method: 'GET', path: /^\/guest_session\/[^/]+\/rated\/movies$/ },
  },
  {
    operationId: 'guest-session-rated-tv',
    graphql: guestField('ratedTVSeries'),
    upstream: { method: 'GET', path: /^\/guest_session\/[^/]+\/rated\/tv$/ },
  },
  {
    operationId: 'guest-session-rated-tv-episodes',
    graphql: guestField('ratedEpisodes'),
    upstream: { method: 'GET', path: /^\/guest_session\/[^/]+\/rated\/tv\/episodes$/ },
  },
  {
    operationId: 'list-details',
    graphql: (c) => ({ query: `{ list(listId: ${c.data.movieLists[0].id}) { name items { totalCount } } }` }),
    upstream: { method: 'GET', path: /^\/list\/\d+$/ },
  },
  {
    operationId: 'list-check-item-status',
    graphql: (c) => ({ query: `{ list(listId: ${c.data.movieLists[0].id}) { itemStatus(movieId: ${c.data.movies[0].id}) } }` }),
    upstream: { method: 'GET', path: /^\/list\/\d+\/item_status$/ },
  },
  {
    operationId: 'list-create',
    graphql: () => ({
      query: 'mutation { createList(input: { name: "Coverage", description: "made by the coverage test" }) { list { id } } }',
      session: 'user',
    }),
    upstream: { method: 'POST', path: /^\/list$/ },
  },
  {
    operationId: 'list-add-movie',
    graphql: (c) => ({
      query: `mutation { addMovieToList(input: { userListId: ${ownList(c)}, movieId: ${c.data.movies[1].id} }) { list { id: databaseId } } }`,
      session: 'user',
    }),
    upstream: { method: 'POST', path: /^\/list\/\d+\/add_item$/ },
  },
  {
    operationId: 'list-remove-movie',
    graphql: (c) => ({
      query: `mutation { removeMovieFromList(input: { userListId: ${ownList(c)}, movieId: ${c.data.movies[1].id} }) { list { id: databaseId } } }`,
      session: 'user',
    }),
    upstream: { method: 'POST', path: /^\/list\/\d+\/remove_item$/ },
  },
  {
    operationId: 'list-clear',
    graphql: (c) => ({
      query: `mutation { clearList(input: { userListId: ${ownList(c)} }) { list { id: databaseId } } }`,
      session: 'user',
    }),
    upstream: { method: 'POST', path: /^\/list\/\d+\/clear$/ },
  },
  {
    operationId: 'list-delete',
    graphql: (c) => ({
      query: `mutation { deleteUserList(input: { userListId: ${c.data.userLists.ownedBy(c.data.account.id).at(-1)!.id} }) { userListId } }`,
      session: 'user',
    }),
    upstream: { method: 'DELETE', path: /^\/list\/\d+$/ },
  },
];

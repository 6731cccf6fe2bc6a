import type { CoverageEntry } from './types.ts';

const firstMovie = (c: { data: { movies: Array<{ id: number }> } }) => c.data.movies[0].id;
const firstSeries = (c: { data: { tvSeries: Array<{ id: number }> } }) => c.data.tvSeries[0].id;

/** The operations of media-catalog-spec.md plus the detail endpoints they link through. */
export const specOperations: CoverageEntry[] = [
  {
    operationId: 'configuration-details',
    graphql: () => ({ query: '{ configuration { changeKeys } }' }),
    upstream: { method: 'GET', path: /^\/configuration$/ },
  },
  {
    operationId: 'authentication-validate-key',
    graphql: () => ({ query: '{ authentication { success } }' }),
    upstream: { method: 'GET', path: /^\/authentication$/ },
  },
  {
    operationId: 'watch-providers-available-regions',
    graphql: () => ({ query: '{ watchProviderRegions { countryCode } }' }),
    upstream: { method: 'GET', path: /^\/watch\/providers\/regions$/ },
  },
  {
    operationId: 'watch-provider-tv-list',
    graphql: () => ({ query: '{ tvWatchProviders { providerId } }' }),
    upstream: { method: 'GET', path: /^\/watch\/providers\/tv$/ },
  },
  {
    operationId: 'authentication-create-session',
    graphql: async (c) => {
      const { request_token } = await c.rest('/authentication/token/new');
      c.approveRequestToken(request_token);
      return {
        query: 'mutation($t: String!) { createSession(input: { requestToken: $t }) { session { success } } }',
        variables: { t: request_token },
      };
    },
    upstream: { method: 'POST', path: /^\/authentication\/session\/new$/ },
  },
  {
    operationId: 'movie-upcoming-list',
    graphql: () => ({ query: '{ upcomingMovies { totalCount } }' }),
    upstream: { method: 'GET', path: /^\/movie\/upcoming$/ },
  },
  {
    operationId: 'movie-details',
    graphql: (c) => ({ query: `{ movie(id: ${firstMovie(c)}) { runtime } }` }),
    upstream: { method: 'GET', path: /^\/movie\/\d+$/ },
  },
  {
    operationId: 'movie-lists',
    graphql: (c) => ({ query: `{ movie(id: ${firstMovie(c)}) { lists { totalCount } } }` }),
    upstream: { method: 'GET', path: /^\/movie\/\d+\/lists$/ },
  },
  {
    operationId: 'movie-alternative-titles',
    graphql: (c) => ({ query: `{ movie(id: ${firstMovie(c)}) { alternativeTitles { title } } }` }),
    upstream: { method: 'GET', path: /^\/movie\/\d+\/alternative_titles$/ },
  },
  {
    operationId: 'movie-changes',
    graphql: (c) => ({ query: `{ movie(id: ${firstMovie(c)}) { changes { key } } }` }),
    upstream: { method: 'GET', path: /^\/movie\/\d+\/changes$/ },
  },
  {
    operationId: 'movie-reviews',
    graphql: (c) => ({ query: `{ movie(id: ${firstMovie(c)}) { reviews { totalCount } } }` }),
    upstream: { method: 'GET', path: /^\/movie\/\d+\/reviews$/ },
  },
  {
    operationId: 'movie-images',
    graphql: (c) => ({ query: `{ movie(id: ${firstMovie(c)}) { images { posters { filePath } } } }` }),
    upstream: { method: 'GET', path: /^\/movie\/\d+\/images$/ },
  },
  {
    operationId: 'account-details',
    graphql: (c) => ({ query: `{ account(id: ${c.data.account.id}) { username } }`, session: 'user' }),
    upstream: { method: 'GET', path: /^\/account\/\d+$/ },
  },
  {
    operationId: 'account-rated-movies',
    graphql: (c) => ({ query: `{ account(id: ${c.data.account.id}) { ratedMovies { totalCount } } }`, session: 'user' }),
    upstream: { method: 'GET', path: /^\/account\/\d+\/rated\/movies$/ },
  },
  {
    operationId: 'tv-series-details',
    graphql: (c) => ({ query: `{ tvSeries(id: ${firstSeries(c)}) { status } }` }),
    upstream: { method: 'GET', path: /^\/tv\/\d+$/ },
  },
  {
    operationId: 'lists-copy',
    graphql: (c) => ({ query: `{ tvSeries(id: ${firstSeries(c)}) { lists { totalCount } } }` }),
    upstream: { method: 'GET', path: /^\/tv\/\d+\/lists$/ },
  },
  {
    operationId: 'tv-series-screened-theatrically',
    graphql: (c) => ({ query: `{ tvSeries(id: ${firstSeries(c)}) { screenedTheatrically { id: databaseId } } }` }),
    upstream: { method: 'GET', path: /^\/tv\/\d+\/screened_theatrically$/ },
  },
  {
    operationId: 'tv-season-details',
    graphql: (c) => ({ query: `{ tvSeries(id: ${firstSeries(c)}) { season(number: 1) { name } } }` }),
    upstream: { method: 'GET', path: /^\/tv\/\d+\/season\/1$/ },
  },
  {
    operationId: 'tv-season-images',
    graphql: (c) => ({ query: `{ tvSeries(id: ${firstSeries(c)}) { season(number: 1) { images { posters { filePath } } } } }` }),
    upstream: { method: 'GET', path: /^\/tv\/\d+\/season\/1\/images$/ },
  },
  {
    operationId: 'tv-season-external-ids',
    graphql: (c) => ({ query: `{ tvSeries(id: ${firstSeries(c)}) { season(number: 1) { externalIds { tvdbId } } } }` }),
    upstream: { method: 'GET', path: /^\/tv\/\d+\/season\/1\/external_ids$/ },
  },
  {
    operationId: 'tv-episode-details',
    graphql: (c) => ({ query: `{ tvSeries(id: ${firstSeries(c)}) { season(number: 1) { episode(number: 1) { name } } } }` }),
    upstream: { method: 'GET', path: /^\/tv\/\d+\/season\/1\/episode\/1$/ },
  },
  {
    operationId: 'tv-episode-account-states',
    graphql: (c) => ({
      query: `{ tvSeries(id: ${firstSeries(c)}) { season(number: 1) { episode(number: 1) { accountStates { rating } } } } }`,
      session: 'user',
    }),
    upstream: { method: 'GET', path: /^\/tv\/\d+\/season\/1\/episode\/1\/account_states$/ },
  },
  {
    operationId: 'trending-tv',
    graphql: () => ({ query: '{ trending { tvSeries(timeWindow: WEEK) { totalCount } } }' }),
    upstream: { method: 'GET', path: /^\/trending\/tv\/week$/ },
  },
  {
    operationId: 'company-details',
    graphql: (c) => ({ query: `{ company(id: ${c.data.companies[0].id}) { headquarters } }` }),
    upstream: { method: 'GET', path: /^\/company\/\d+$/ },
  },
  {
    operationId: 'company-alternative-names',
    graphql: (c) => ({ query: `{ company(id: ${c.data.companies[0].id}) { alternativeNames { name } } }` }),
    upstream: { method: 'GET', path: /^\/company\/\d+\/alternative_names$/ },
  },
  {
    operationId: 'search-company',
    graphql: () => ({ query: '{ search { companies(query: "a") { totalCount } } }' }),
    upstream: { method: 'GET', path: /^\/search\/company$/ },
  },
  {
    operationId: 'review-details',
    graphql: (c) => ({ query: `{ review(id: "${c.data.reviews[0].id}") { content } }` }),
    upstream: { method: 'GET', path: /^\/review\/[0-9a-f]+$/ },
  },
];

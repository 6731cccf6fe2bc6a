import type { CoverageEntry } from './types.ts';

const series = (c: { data: { tvSeries: Array<{ id: number }> } }) => c.data.tvSeries[0].id;
const on = (field: string) => (c: { data: { tvSeries: Array<{ id: number }> } }) => ({
  query: `{ tvSeries(id: ${series(c)}) { ${field} } }`,
});
const sub = (name: string) => ({ method: 'GET' as const, path: new RegExp(`^/tv/\\d+/${name}$`) });

/** TV series sub-resources, series lists, series rating, search tv and discover. */
export const tvOperations: CoverageEntry[] = [
  {
    operationId: 'tv-series-account-states',
    graphql: (c) => ({ ...on('accountStates { rating }')(c), session: 'user' }),
    upstream: sub('account_states'),
  },
  { operationId: 'tv-series-alternative-titles', graphql: on('alternativeTitles { title }'), upstream: sub('alternative_titles') },
  { operationId: 'tv-series-changes', graphql: on('changes { key }'), upstream: sub('changes') },
  { operationId: 'tv-series-content-ratings', graphql: on('contentRatings { rating }'), upstream: sub('content_ratings') },
  { operationId: 'tv-series-external-ids', graphql: on('externalIds { imdbId }'), upstream: sub('external_ids') },
  { operationId: 'tv-series-images', graphql: on('images { posters { filePath } }'), upstream: sub('images') },
  {
    operationId: 'tv-series-latest-id',
    graphql: () => ({ query: '{ latestTVSeries { id: databaseId name } }' }),
    upstream: { method: 'GET', path: /^\/tv\/latest$/ },
  },
  { operationId: 'tv-series-recommendations', graphql: on('recommendations { totalCount }'), upstream: sub('recommendations') },
  { operationId: 'tv-series-reviews', graphql: on('reviews { totalCount }'), upstream: sub('reviews') },
  { operationId: 'tv-series-similar', graphql: on('similar { totalCount }'), upstream: sub('similar') },
  { operationId: 'tv-series-translations', graphql: on('translations { languageCode }'), upstream: sub('translations') },
  { operationId: 'tv-series-videos', graphql: on('videos { key }'), upstream: sub('videos') },
  { operationId: 'tv-series-watch-providers', graphql: on('watchProvidersByCountry { countryCode }'), upstream: sub('watch/providers') },
  {
    operationId: 'tv-series-add-rating',
    graphql: (c) => ({
      query: `mutation { rateTVSeries(input: { seriesId: ${series(c)}, value: 7.5 }) { tvSeries { id: databaseId } } }`,
      session: 'user',
    }),
    upstream: { method: 'POST', path: /^\/tv\/\d+\/rating$/ },
  },
  {
    operationId: 'tv-series-delete-rating',
    graphql: (c) => ({
      query: `mutation { deleteTVSeriesRating(input: { seriesId: ${series(c)} }) { tvSeries { id: databaseId } } }`,
      session: 'user',
    }),
    upstream: { method: 'DELETE', path: /^\/tv\/\d+\/rating$/ },
  },
  {
    operationId: 'tv-series-airing-today-list',
    graphql: () => ({ query: '{ airingTodayTVSeries { totalCount } }' }),
    upstream: { method: 'GET', path: /^\/tv\/airing_today$/ },
  },
  {
    operationId: 'tv-series-on-the-air-list',
    graphql: () => ({ query: '{ onTheAirTVSeries { totalCount } }' }),
    upstream: { method: 'GET', path: /^\/tv\/on_the_air$/ },
  },
  {
    operationId: 'tv-series-popular-list',
    graphql: () => ({ query: '{ popularTVSeries { totalCount } }' }),
    upstream: { method: 'GET', path: /^\/tv\/popular$/ },
  },
  {
    operationId: 'tv-series-top-rated-list',
    graphql: () => ({ query: '{ topRatedTVSeries { totalCount } }' }),
    upstream: { method: 'GET', path: /^\/tv\/top_rated$/ },
  },
  {
    operationId: 'search-tv',
    graphql: () => ({ query: '{ search { tvSeries(query: "the") { totalCount } } }' }),
    upstream: { method: 'GET', path: /^\/search\/tv$/ },
  },
  {
    operationId: 'discover-movie',
    graphql: () => ({
      query: '{ discover { movies(filter: { withGenres: { ids: [18] } }, sortBy: VOTE_AVERAGE_DESC) { totalCount } } }',
    }),
    upstream: { method: 'GET', path: /^\/discover\/movie$/ },
  },
  {
    operationId: 'discover-tv',
    graphql: () => ({ query: '{ discover { tvSeries(filter: { withGenres: { ids: [18] } }, sortBy: NAME_ASC) { totalCount } } }' }),
    upstream: { method: 'GET', path: /^\/discover\/tv$/ },
  },
];

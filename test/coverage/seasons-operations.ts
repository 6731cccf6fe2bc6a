import type { CoverageContext, CoverageEntry } from './types.ts';

/** A series with an aired season 1 of at least one episode, and that season's id and first episode's id. */
function aired(c: CoverageContext) {
  for (const series of c.data.tvSeries) {
    const season = c.data.seasons
      .get(series.id)
      ?.find((s) => s.season_number === 1 && s.episodes.length > 0 && s.air_date !== '' && s.air_date <= c.data.today);
    if (season) return { seriesId: series.id, seasonId: season.id, episodeId: season.episodes[0].id };
  }
  throw new Error('no series with an aired season 1');
}

const season = (c: CoverageContext, fields: string) => `{ tvSeries(id: ${aired(c).seriesId}) { season(number: 1) { ${fields} } } }`;
const episode = (c: CoverageContext, fields: string) => season(c, `episode(number: 1) { ${fields} }`);
const SEASON = String.raw`^\/tv\/\d+\/season\/1`;
const EPISODE = String.raw`^\/tv\/\d+\/season\/1\/episode\/1`;

/** Seasons and episodes beyond details, the change lists and the configuration reference lists. */
export const seasonsOperations: CoverageEntry[] = [
  {
    operationId: 'tv-season-account-states',
    graphql: (c) => ({ query: season(c, 'accountStates { rating }'), session: 'user' }),
    upstream: { method: 'GET', path: new RegExp(`${SEASON}/account_states$`) },
  },
  {
    operationId: 'tv-season-changes-by-id',
    graphql: (c) => ({ query: `{ tvSeries(id: ${aired(c).seriesId}) { seasons { changes { key } } } }` }),
    upstream: { method: 'GET', path: /^\/tv\/season\/\d+\/changes$/ },
  },
  {
    operationId: 'tv-season-translations',
    graphql: (c) => ({ query: season(c, 'translations { languageCode }') }),
    upstream: { method: 'GET', path: new RegExp(`${SEASON}/translations$`) },
  },
  {
    operationId: 'tv-season-videos',
    graphql: (c) => ({ query: season(c, 'videos { key }') }),
    upstream: { method: 'GET', path: new RegExp(`${SEASON}/videos$`) },
  },
  {
    operationId: 'tv-season-watch-providers',
    graphql: (c) => ({ query: season(c, 'watchProvidersByCountry { countryCode }') }),
    upstream: { method: 'GET', path: new RegExp(`${SEASON}/watch/providers$`) },
  },
  {
    operationId: 'tv-episode-changes-by-id',
    graphql: (c) => ({ query: season(c, 'episodes { changes { key } }') }),
    upstream: { method: 'GET', path: /^\/tv\/episode\/\d+\/changes$/ },
  },
  {
    operationId: 'tv-episode-external-ids',
    graphql: (c) => ({ query: episode(c, 'externalIds { imdbId }') }),
    upstream: { method: 'GET', path: new RegExp(`${EPISODE}/external_ids$`) },
  },
  {
    operationId: 'tv-episode-images',
    graphql: (c) => ({ query: episode(c, 'images { stills { filePath } }') }),
    upstream: { method: 'GET', path: new RegExp(`${EPISODE}/images$`) },
  },
  {
    operationId: 'tv-episode-translations',
    graphql: (c) => ({ query: episode(c, 'translations { languageCode }') }),
    upstream: { method: 'GET', path: new RegExp(`${EPISODE}/translations$`) },
  },
  {
    operationId: 'tv-episode-videos',
    graphql: (c) => ({ query: episode(c, 'videos { key }') }),
    upstream: { method: 'GET', path: new RegExp(`${EPISODE}/videos$`) },
  },
  {
    operationId: 'tv-episode-add-rating',
    graphql: (c) => ({
      query: `mutation { rateEpisode(input: { seriesId: ${aired(c).seriesId}, seasonNumber: 1, episodeNumber: 1, value: 8.5 }) { episode { accountStates { rating } } } }`,
      session: 'user',
    }),
    upstream: { method: 'POST', path: new RegExp(`${EPISODE}/rating$`) },
  },
  {
    operationId: 'tv-episode-delete-rating',
    graphql: (c) => ({
      query: `mutation { deleteEpisodeRating(input: { seriesId: ${aired(c).seriesId}, seasonNumber: 1, episodeNumber: 1 }) { episode { accountStates { rating } } } }`,
      session: 'guest',
    }),
    upstream: { method: 'DELETE', path: new RegExp(`${EPISODE}/rating$`) },
  },
  {
    operationId: 'changes-movie-list',
    graphql: () => ({ query: '{ changes { movies { edges { node { id: databaseId movie { id: databaseId } } } } } }' }),
    upstream: { method: 'GET', path: /^\/movie\/changes$/ },
  },
  {
    operationId: 'changes-tv-list',
    graphql: () => ({ query: '{ changes { tvSeries { edges { node { id: databaseId series { id: databaseId } } } } } }' }),
    upstream: { method: 'GET', path: /^\/tv\/changes$/ },
  },
  {
    operationId: 'changes-people-list',
    graphql: () => ({ query: '{ changes { people { edges { node { id: databaseId } } } } }' }),
    upstream: { method: 'GET', path: /^\/person\/changes$/ },
  },
  {
    operationId: 'configuration-countries',
    graphql: () => ({ query: '{ countries(language: "en-US") { countryCode } }' }),
    upstream: { method: 'GET', path: /^\/configuration\/countries$/ },
  },
  {
    operationId: 'configuration-jobs',
    graphql: () => ({ query: '{ jobs { name jobs } }' }),
    upstream: { method: 'GET', path: /^\/configuration\/jobs$/ },
  },
  {
    operationId: 'configuration-languages',
    graphql: () => ({ query: '{ languages { languageCode } }' }),
    upstream: { method: 'GET', path: /^\/configuration\/languages$/ },
  },
  {
    operationId: 'configuration-primary-translations',
    graphql: () => ({ query: '{ primaryTranslations }' }),
    upstream: { method: 'GET', path: /^\/configuration\/primary_translations$/ },
  },
  {
    operationId: 'configuration-timezones',
    graphql: () => ({ query: '{ timezones { countryCode zones } }' }),
    upstream: { method: 'GET', path: /^\/configuration\/timezones$/ },
  },
];

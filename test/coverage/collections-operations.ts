import type { CoverageContext, CoverageEntry } from './types.ts';

const collectionId = (c: CoverageContext) => c.data.collections[0].id;
const keywordId = (c: CoverageContext) => c.data.keywords[0].id;
const networkId = (c: CoverageContext) => c.data.networks[0].id;
const seriesWithGroups = (c: CoverageContext) => [...c.data.episodeGroupsOfSeries.keys()][0];
const groupId = (c: CoverageContext) => c.data.episodeGroupsOfSeries.get(seriesWithGroups(c))![0];

/** Collections, keywords, networks, company logos and episode groups. */
export const collectionsOperations: CoverageEntry[] = [
  {
    operationId: 'collection-details',
    graphql: (c) => ({ query: `{ collection(id: ${collectionId(c)}) { overview parts { id: databaseId title } } }` }),
    upstream: { method: 'GET', path: /^\/collection\/\d+$/ },
  },
  {
    operationId: 'collection-images',
    graphql: (c) => ({ query: `{ collection(id: ${collectionId(c)}) { images { posters { filePath } } } }` }),
    upstream: { method: 'GET', path: /^\/collection\/\d+\/images$/ },
  },
  {
    operationId: 'collection-translations',
    graphql: (c) => ({ query: `{ collection(id: ${collectionId(c)}) { translations { languageCode } } }` }),
    upstream: { method: 'GET', path: /^\/collection\/\d+\/translations$/ },
  },
  {
    operationId: 'keyword-details',
    graphql: (c) => ({ query: `{ keyword(id: ${keywordId(c)}) { name } }` }),
    upstream: { method: 'GET', path: /^\/keyword\/\d+$/ },
  },
  {
    operationId: 'keyword-movies',
    graphql: (c) => ({ query: `{ keyword(id: ${keywordId(c)}) { movies { totalCount edges { node { id: databaseId title } } } } }` }),
    upstream: { method: 'GET', path: /^\/keyword\/\d+\/movies$/ },
  },
  {
    operationId: 'movie-keywords',
    graphql: (c) => ({ query: `{ movie(id: ${c.data.movies[0].id}) { keywords { id: databaseId name } } }` }),
    upstream: { method: 'GET', path: /^\/movie\/\d+\/keywords$/ },
  },
  {
    operationId: 'tv-series-keywords',
    graphql: (c) => ({ query: `{ tvSeries(id: ${c.data.tvSeries[0].id}) { keywords { id: databaseId name } } }` }),
    upstream: { method: 'GET', path: /^\/tv\/\d+\/keywords$/ },
  },
  {
    operationId: 'search-collection',
    graphql: () => ({ query: '{ search { collections(query: "the") { totalCount edges { node { id: databaseId name } } } } }' }),
    upstream: { method: 'GET', path: /^\/search\/collection$/ },
  },
  {
    operationId: 'search-keyword',
    graphql: () => ({ query: '{ search { keywords(query: "lost") { totalCount edges { node { id: databaseId name } } } } }' }),
    upstream: { method: 'GET', path: /^\/search\/keyword$/ },
  },
  {
    operationId: 'network-details',
    graphql: (c) => ({ query: `{ network(id: ${networkId(c)}) { headquarters homepage } }` }),
    upstream: { method: 'GET', path: /^\/network\/\d+$/ },
  },
  {
    operationId: 'details-copy',
    graphql: (c) => ({ query: `{ network(id: ${networkId(c)}) { alternativeNames { name } } }` }),
    upstream: { method: 'GET', path: /^\/network\/\d+\/alternative_names$/ },
  },
  {
    operationId: 'alternative-names-copy',
    graphql: (c) => ({ query: `{ network(id: ${networkId(c)}) { logos { filePath } } }` }),
    upstream: { method: 'GET', path: /^\/network\/\d+\/images$/ },
  },
  {
    operationId: 'company-images',
    graphql: (c) => ({ query: `{ company(id: ${c.data.companies[0].id}) { logos { filePath } } }` }),
    upstream: { method: 'GET', path: /^\/company\/\d+\/images$/ },
  },
  {
    operationId: 'tv-series-episode-groups',
    graphql: (c) => ({ query: `{ tvSeries(id: ${seriesWithGroups(c)}) { episodeGroups { id: databaseId name type } } }` }),
    upstream: { method: 'GET', path: /^\/tv\/\d+\/episode_groups$/ },
  },
  {
    operationId: 'tv-episode-group-details',
    graphql: (c) => ({ query: `{ episodeGroup(id: "${groupId(c)}") { groups { name episodes { id: databaseId name } } } }` }),
    upstream: { method: 'GET', path: /^\/tv\/episode_group\/[0-9a-f]+$/ },
  },
];

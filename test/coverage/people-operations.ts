import type { CoverageContext, CoverageEntry } from './types.ts';

/** A person with movie credits (the first cast member of the first movie). */
const person = (c: CoverageContext) => c.data.credits.movies.get(c.data.movies[0].id)!.cast[0].id;
const movie = (c: CoverageContext) => c.data.movies[0].id;
const series = (c: CoverageContext) => c.data.tvSeries[0].id;
const onPerson = (fields: string) => (c: CoverageContext) => ({ query: `{ person(id: ${person(c)}) { ${fields} } }` });
const personPath = (sub: string) => new RegExp(`^/person/\\d+${sub}$`);

/** People and credits. */
export const peopleOperations: CoverageEntry[] = [
  { operationId: 'person-details', graphql: onPerson('biography'), upstream: { method: 'GET', path: personPath('') } },
  {
    operationId: 'person-movie-credits',
    graphql: onPerson('movieCredits { cast { movie { title } } }'),
    upstream: { method: 'GET', path: personPath('/movie_credits') },
  },
  {
    operationId: 'person-tv-credits',
    graphql: onPerson('tvCredits { cast { series { name } } }'),
    upstream: { method: 'GET', path: personPath('/tv_credits') },
  },
  {
    operationId: 'person-combined-credits',
    graphql: onPerson('credits { cast { __typename } }'),
    upstream: { method: 'GET', path: personPath('/combined_credits') },
  },
  { operationId: 'person-images', graphql: onPerson('images { filePath }'), upstream: { method: 'GET', path: personPath('/images') } },
  {
    operationId: 'person-tagged-images',
    graphql: onPerson('taggedImages { totalCount }'),
    upstream: { method: 'GET', path: personPath('/tagged_images') },
  },
  {
    operationId: 'person-external-ids',
    graphql: onPerson('externalIds { imdbId }'),
    upstream: { method: 'GET', path: personPath('/external_ids') },
  },
  {
    operationId: 'translations',
    graphql: onPerson('translations { languageCode }'),
    upstream: { method: 'GET', path: personPath('/translations') },
  },
  { operationId: 'person-changes', graphql: onPerson('changes { key }'), upstream: { method: 'GET', path: personPath('/changes') } },
  {
    operationId: 'person-popular-list',
    graphql: () => ({ query: '{ popularPeople { totalCount } }' }),
    upstream: { method: 'GET', path: /^\/person\/popular$/ },
  },
  {
    operationId: 'person-latest-id',
    graphql: () => ({ query: '{ latestPerson { id: databaseId name } }' }),
    upstream: { method: 'GET', path: /^\/person\/latest$/ },
  },
  {
    operationId: 'trending-people',
    graphql: () => ({ query: '{ trending { people(timeWindow: DAY) { totalCount } } }' }),
    upstream: { method: 'GET', path: /^\/trending\/person\/day$/ },
  },
  {
    operationId: 'search-person',
    graphql: () => ({ query: '{ search { people(query: "a") { totalCount } } }' }),
    upstream: { method: 'GET', path: /^\/search\/person$/ },
  },
  {
    operationId: 'credit-details',
    graphql: (c) => ({ query: `{ credit(id: "${c.data.credits.movies.get(movie(c))!.cast[0].credit_id}") { job person { name } } }` }),
    upstream: { method: 'GET', path: /^\/credit\/[0-9a-f]{24}$/ },
  },
  {
    operationId: 'movie-credits',
    graphql: (c) => ({ query: `{ movie(id: ${movie(c)}) { credits { cast { character } } } }` }),
    upstream: { method: 'GET', path: /^\/movie\/\d+\/credits$/ },
  },
  {
    operationId: 'tv-series-credits',
    graphql: (c) => ({ query: `{ tvSeries(id: ${series(c)}) { credits { cast { character } } } }` }),
    upstream: { method: 'GET', path: /^\/tv\/\d+\/credits$/ },
  },
  {
    operationId: 'tv-series-aggregate-credits',
    graphql: (c) => ({ query: `{ tvSeries(id: ${series(c)}) { aggregateCredits { cast { totalEpisodeCount } } } }` }),
    upstream: { method: 'GET', path: /^\/tv\/\d+\/aggregate_credits$/ },
  },
  {
    operationId: 'tv-season-credits',
    graphql: (c) => ({ query: `{ tvSeries(id: ${series(c)}) { season(number: 1) { credits { crew { job } } } } }` }),
    upstream: { method: 'GET', path: /^\/tv\/\d+\/season\/1\/credits$/ },
  },
  {
    operationId: 'tv-season-aggregate-credits',
    graphql: (c) => ({ query: `{ tvSeries(id: ${series(c)}) { season(number: 1) { aggregateCredits { crew { totalEpisodeCount } } } } }` }),
    upstream: { method: 'GET', path: /^\/tv\/\d+\/season\/1\/aggregate_credits$/ },
  },
  {
    operationId: 'tv-episode-credits',
    graphql: (c) => ({
      query: `{ tvSeries(id: ${series(c)}) { season(number: 1) { episode(number: 1) { credits { guestStars { character } } } } } }`,
    }),
    upstream: { method: 'GET', path: /^\/tv\/\d+\/season\/1\/episode\/1\/credits$/ },
  },
];

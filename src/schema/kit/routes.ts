import { type GraphQLSchema, isObjectType } from 'graphql';

/**
 * The REST route each root field and each field of an entity reads, named in its description, so
 * that a team porting REST code finds its field by the route it called (`GET
 * /movie/{movie_id}/credits` → `Movie.credits`). An entity type names its details route, which
 * its fields without a route of their own read. Paths as the catalog's OpenAPI file writes them,
 * without the version segment. One table, appended to the built schema like the per-item notes
 * (kit/list-costs.ts); test/coverage.test.ts checks that the route of each REST operation is named
 * where the GraphQL query that reaches it goes, and test/schema/routes.test.ts that every root
 * field names one and every named route is an operation of the file.
 */
const movie = '/movie/{movie_id}';
const series = '/tv/{series_id}';
const season = `${series}/season/{season_number}`;
const episode = `${season}/episode/{episode_number}`;
const person = '/person/{person_id}';
const account = '/account/{account_id}';
const list = '/list/{list_id}';
const guest = '/guest_session/{guest_session_id}';

/** GET of each path. */
const get = (...paths: string[]) => paths.map((path) => `GET ${path}`);

/** The sub-resources every kind of work shares, as `Type.field` → path suffix. */
function subResources(type: string, base: string, fields: Record<string, string>): Record<string, readonly string[]> {
  return Object.fromEntries(Object.entries(fields).map(([field, suffix]) => [`${type}.${field}`, get(`${base}${suffix}`)]));
}

const DETAILS: Record<string, readonly string[]> = {
  Movie: get(movie),
  TVSeries: get(series),
  Season: get(season),
  Episode: get(episode),
  Person: get(person),
  Company: get('/company/{company_id}'),
  Network: get('/network/{network_id}'),
  Collection: get('/collection/{collection_id}'),
  Keyword: get('/keyword/{keyword_id}'),
  UserList: get(list),
  Review: get('/review/{review_id}'),
  Account: get(account),
  EpisodeGroup: get('/tv/episode_group/{tv_episode_group_id}'),
  Credit: get('/credit/{credit_id}'),
  Configuration: get('/configuration'),
};

/** The Relay `Node` kinds' details routes (`node(id:)` answers any of them). */
const NODE_DETAILS = [
  'Movie',
  'TVSeries',
  'Season',
  'Episode',
  'Person',
  'Company',
  'Network',
  'Collection',
  'Keyword',
  'UserList',
  'Review',
  'Account',
  'EpisodeGroup',
].flatMap((kind) => DETAILS[kind] ?? []);

const ROOTS: Record<string, readonly string[]> = {
  'Query.movie': get(movie),
  'Query.tvSeries': get(series),
  'Query.person': get(person),
  'Query.company': get('/company/{company_id}'),
  'Query.network': get('/network/{network_id}'),
  'Query.collection': get('/collection/{collection_id}'),
  'Query.keyword': get('/keyword/{keyword_id}'),
  'Query.list': get(list),
  'Query.review': get('/review/{review_id}'),
  'Query.credit': get('/credit/{credit_id}'),
  'Query.episodeGroup': get('/tv/episode_group/{tv_episode_group_id}'),
  'Query.account': get(account),
  'Query.viewer': get(account),
  'Query.movies': get(movie),
  'Query.tvSeriesList': get(series),
  'Query.people': get(person),
  'Query.companies': get('/company/{company_id}'),
  'Query.networks': get('/network/{network_id}'),
  'Query.collections': get('/collection/{collection_id}'),
  'Query.keywords': get('/keyword/{keyword_id}'),
  'Query.lists': get(list),
  'Query.reviews': get('/review/{review_id}'),
  'Query.seasons': get(season),
  'Query.episodes': get(episode),
  // The details route of the object's kind, as its type names it.
  'Query.node': NODE_DETAILS,
  'Query.nodes': NODE_DETAILS,
  'Query.latestMovie': get('/movie/latest'),
  'Query.latestTVSeries': get('/tv/latest'),
  'Query.latestPerson': get('/person/latest'),
  'Query.popularMovies': get('/movie/popular'),
  'Query.topRatedMovies': get('/movie/top_rated'),
  'Query.upcomingMovies': get('/movie/upcoming'),
  'Query.nowPlayingMovies': get('/movie/now_playing'),
  'Query.popularTVSeries': get('/tv/popular'),
  'Query.topRatedTVSeries': get('/tv/top_rated'),
  'Query.airingTodayTVSeries': get('/tv/airing_today'),
  'Query.onTheAirTVSeries': get('/tv/on_the_air'),
  'Query.popularPeople': get('/person/popular'),
  'Query.find': get('/find/{external_id}'),
  'Query.configuration': get('/configuration'),
  'Query.authentication': get('/authentication'),
  'Query.countries': get('/configuration/countries'),
  'Query.jobs': get('/configuration/jobs'),
  'Query.languages': get('/configuration/languages'),
  'Query.primaryTranslations': get('/configuration/primary_translations'),
  'Query.timezones': get('/configuration/timezones'),
  'Query.movieGenres': get('/genre/movie/list'),
  'Query.tvGenres': get('/genre/tv/list'),
  'Query.movieCertifications': get('/certification/movie/list'),
  'Query.tvCertifications': get('/certification/tv/list'),
  'Query.movieWatchProviders': get('/watch/providers/movie'),
  'Query.tvWatchProviders': get('/watch/providers/tv'),
  'Query.watchProviderRegions': get('/watch/providers/regions'),
  // A namespace: the routes of its fields.
  'Query.search': get(...['movie', 'tv', 'person', 'multi', 'collection', 'company', 'keyword'].map((kind) => `/search/${kind}`)),
  'Query.trending': get(...['all', 'movie', 'tv', 'person'].map((kind) => `/trending/${kind}/{time_window}`)),
  'Query.discover': get('/discover/movie', '/discover/tv'),
  'Query.changes': get('/movie/changes', '/tv/changes', '/person/changes'),
  'Query.guestSession': get(`${guest}/rated/movies`, `${guest}/rated/tv`, `${guest}/rated/tv/episodes`),
  'Mutation.createRequestToken': get('/authentication/token/new'),
  'Mutation.createSession': ['POST /authentication/session/new'],
  'Mutation.createSessionWithLogin': ['POST /authentication/token/validate_with_login', 'POST /authentication/session/new'],
  'Mutation.createSessionFromV4Token': ['POST /authentication/session/convert/4'],
  'Mutation.createGuestSession': get('/authentication/guest_session/new'),
  'Mutation.endSession': ['DELETE /authentication/session'],
  'Mutation.setMovieFavorite': [`POST ${account}/favorite`],
  'Mutation.setTVSeriesFavorite': [`POST ${account}/favorite`],
  'Mutation.setMovieWatchlist': [`POST ${account}/watchlist`],
  'Mutation.setTVSeriesWatchlist': [`POST ${account}/watchlist`],
  'Mutation.rateMovie': [`POST ${movie}/rating`],
  'Mutation.deleteMovieRating': [`DELETE ${movie}/rating`],
  'Mutation.rateTVSeries': [`POST ${series}/rating`],
  'Mutation.deleteTVSeriesRating': [`DELETE ${series}/rating`],
  'Mutation.rateEpisode': [`POST ${episode}/rating`],
  'Mutation.deleteEpisodeRating': [`DELETE ${episode}/rating`],
  'Mutation.createList': ['POST /list'],
  'Mutation.addMovieToList': [`POST ${list}/add_item`],
  'Mutation.removeMovieFromList': [`POST ${list}/remove_item`],
  'Mutation.clearList': [`POST ${list}/clear`],
  'Mutation.deleteUserList': [`DELETE ${list}`],
};

const FIELDS: Record<string, readonly string[]> = {
  ...subResources('Movie', movie, {
    accountStates: '/account_states',
    alternativeTitles: '/alternative_titles',
    certification: '/release_dates',
    changes: '/changes',
    credits: '/credits',
    externalIds: '/external_ids',
    images: '/images',
    keywords: '/keywords',
    lists: '/lists',
    recommendations: '/recommendations',
    releaseDates: '/release_dates',
    reviews: '/reviews',
    similar: '/similar',
    translations: '/translations',
    videos: '/videos',
    watchProviders: '/watch/providers',
    watchProvidersByCountry: '/watch/providers',
  }),
  ...subResources('TVSeries', series, {
    accountStates: '/account_states',
    aggregateCredits: '/aggregate_credits',
    alternativeTitles: '/alternative_titles',
    certification: '/content_ratings',
    changes: '/changes',
    contentRatings: '/content_ratings',
    credits: '/credits',
    episodeGroups: '/episode_groups',
    externalIds: '/external_ids',
    images: '/images',
    keywords: '/keywords',
    lists: '/lists',
    recommendations: '/recommendations',
    reviews: '/reviews',
    screenedTheatrically: '/screened_theatrically',
    season: '/season/{season_number}',
    similar: '/similar',
    translations: '/translations',
    videos: '/videos',
    watchProviders: '/watch/providers',
    watchProvidersByCountry: '/watch/providers',
  }),
  ...subResources('Season', season, {
    accountStates: '/account_states',
    aggregateCredits: '/aggregate_credits',
    credits: '/credits',
    episode: '/episode/{episode_number}',
    externalIds: '/external_ids',
    images: '/images',
    translations: '/translations',
    videos: '/videos',
    watchProviders: '/watch/providers',
    watchProvidersByCountry: '/watch/providers',
  }),
  'Season.changes': get('/tv/season/{season_id}/changes'),
  ...subResources('Episode', episode, {
    accountStates: '/account_states',
    credits: '/credits',
    externalIds: '/external_ids',
    images: '/images',
    translations: '/translations',
    videos: '/videos',
  }),
  'Episode.changes': get('/tv/episode/{episode_id}/changes'),
  ...subResources('Person', person, {
    changes: '/changes',
    credits: '/combined_credits',
    externalIds: '/external_ids',
    images: '/images',
    movieCredits: '/movie_credits',
    taggedImages: '/tagged_images',
    translations: '/translations',
    tvCredits: '/tv_credits',
  }),
  ...subResources('Company', '/company/{company_id}', { alternativeNames: '/alternative_names', logos: '/images' }),
  ...subResources('Network', '/network/{network_id}', { alternativeNames: '/alternative_names', logos: '/images' }),
  ...subResources('Collection', '/collection/{collection_id}', { images: '/images', translations: '/translations' }),
  'Keyword.movies': get('/keyword/{keyword_id}/movies'),
  'UserList.items': get(list),
  'UserList.itemStatus': get(`${list}/item_status`),
  ...subResources('Account', account, {
    favoriteMovies: '/favorite/movies',
    favoriteTVSeries: '/favorite/tv',
    watchlistMovies: '/watchlist/movies',
    watchlistTVSeries: '/watchlist/tv',
    ratedMovies: '/rated/movies',
    ratedTVSeries: '/rated/tv',
    ratedEpisodes: '/rated/tv/episodes',
    lists: '/lists',
  }),
  ...subResources('GuestSessionData', guest, {
    ratedMovies: '/rated/movies',
    ratedTVSeries: '/rated/tv',
    ratedEpisodes: '/rated/tv/episodes',
  }),
  'Search.movies': get('/search/movie'),
  'Search.tvSeries': get('/search/tv'),
  'Search.people': get('/search/person'),
  'Search.multi': get('/search/multi'),
  'Search.collections': get('/search/collection'),
  'Search.companies': get('/search/company'),
  'Search.keywords': get('/search/keyword'),
  'Trending.all': get('/trending/all/{time_window}'),
  'Trending.movies': get('/trending/movie/{time_window}'),
  'Trending.tvSeries': get('/trending/tv/{time_window}'),
  'Trending.people': get('/trending/person/{time_window}'),
  'Discover.movies': get('/discover/movie'),
  'Discover.tvSeries': get('/discover/tv'),
  'ChangeLists.movies': get('/movie/changes'),
  'ChangeLists.tvSeries': get('/tv/changes'),
  'ChangeLists.people': get('/person/changes'),
};

export const ROUTES: Readonly<Record<string, readonly string[]>> = { ...DETAILS, ...ROOTS, ...FIELDS };

const note = (routes: readonly string[]) => `REST: ${routes.map((route) => `\`${route}\``).join(', ')}.`;

/**
 * Appends each entry's routes to the description of its type or field of a built schema, in
 * place and once, before it serves or prints anything (as withPerItemNotes does). A name the
 * schema lacks is an error at start, so the table cannot drift from the graph.
 */
export function withRouteNotes(schema: GraphQLSchema): GraphQLSchema {
  for (const [coordinate, routes] of Object.entries(ROUTES)) {
    const [typeName, fieldName] = coordinate.split('.') as [string, string | undefined];
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`ROUTES names ${typeName}, which is not an object type of the schema`);
    const target = fieldName === undefined ? type : type.getFields()[fieldName];
    if (!target) throw new Error(`ROUTES names ${coordinate}, which the schema does not have`);
    const text = fieldName === undefined ? `${note(routes)} Its fields without a route of their own read it.` : note(routes);
    if (!target.description?.includes(text)) target.description = `${target.description ?? ''} ${text}`.trim();
  }
  return schema;
}

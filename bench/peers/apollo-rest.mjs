/**
 * The hand-written peer: Apollo Server with a RESTDataSource, written the way Apollo documents
 * it, serving the bench's three documents from the same catalog. Plain JavaScript so that it
 * runs on bare Node (no tsx in its memory), as a team shipping it would run it.
 *
 * Caching, when PEER_CACHES=on: the RESTDataSource HTTP cache (it honours the catalog's
 * Cache-Control) keyed per credential through cacheKeyFor, and the response-cache plugin keyed per
 * credential through extraCacheKeyData. With PEER_CACHES=off neither caches (skipCache, no plugin);
 * the per-request GET deduplication of RESTDataSource stays, as it is not a cache across requests.
 *
 * Env: CATALOG_BASE_URL (with /3), PORT (0 = free). Prints "apollo ready at <url>".
 */
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import { startStandaloneServer } from '@apollo/server/standalone';
import { RESTDataSource } from '@apollo/datasource-rest';
import responseCachePlugin from '@apollo/server-plugin-response-cache';

const caches = process.env.PEER_CACHES !== 'off';

class CatalogAPI extends RESTDataSource {
  baseURL = `${process.env.CATALOG_BASE_URL}/`;

  constructor(authorization, options) {
    super(options);
    this.authorization = authorization;
  }

  willSendRequest(_path, request) {
    if (this.authorization) request.headers.authorization = this.authorization;
    if (!caches) request.skipCache = true;
  }

  /** One credential never reads another's cached answers. */
  cacheKeyFor(url, request) {
    return `${this.authorization ?? ''} ${super.cacheKeyFor(url, request)}`;
  }

  configuration() {
    return this.get('configuration');
  }
  movie(id) {
    return this.get(`movie/${encodeURIComponent(id)}`);
  }
  movieSub(id, sub, page) {
    return this.get(`movie/${encodeURIComponent(id)}/${sub}`, page === undefined ? {} : { params: { page: String(page) } });
  }
  upcoming(page) {
    return this.get('movie/upcoming', page === undefined ? {} : { params: { page: String(page) } });
  }
}

// The gateway's 1.0 shapes: a page of the service becomes a connection (edges { node }, totalCount).
const typeDefs = `#graphql
  type Query {
    configuration: Configuration
    movie(id: Int!): Movie
    upcomingMovies(first: Int): DatedMovieConnection
  }
  type Configuration { changeKeys: [String!]! images: ImageConfiguration! }
  type ImageConfiguration { secureBaseUrl: String! posterSizes: [String!]! }
  type DatedMovieConnection { edges: [MovieEdge!]! }
  type MovieEdge { node: Movie! }
  type Movie {
    title: String!
    overview: String
    posterPath: String
    alternativeTitles: [AlternativeTitle!]
    images: MovieImages
    credits: Credits
    reviews(first: Int): ReviewConnection
  }
  type AlternativeTitle { countryCode: String! title: String! type: String }
  type MovieImages { posters: [Image!]! }
  type Image { filePath: String! width: Int! height: Int! }
  type Credits { cast: [CastCredit!]! }
  type CastCredit { character: String! person: Person! }
  type Person { name: String! }
  type ReviewConnection { totalCount: Int! edges: [ReviewEdge!]! }
  type ReviewEdge { node: Review! }
  type Review { author: String! content: String! }
`;

/** A page of the service as a connection; `first` up to 20 is its first page. */
const connection = (page) => ({ totalCount: page.total_results, edges: page.results.map((node) => ({ node })) });

const resolvers = {
  Query: {
    configuration: (_, __, { dataSources }) => dataSources.catalog.configuration(),
    movie: (_, { id }, { dataSources }) => dataSources.catalog.movie(id),
    upcomingMovies: async (_, __, { dataSources }) => connection(await dataSources.catalog.upcoming(1)),
  },
  Configuration: { changeKeys: (c) => c.change_keys },
  ImageConfiguration: { secureBaseUrl: (i) => i.secure_base_url, posterSizes: (i) => i.poster_sizes },
  Movie: {
    posterPath: (m) => m.poster_path,
    alternativeTitles: async (m, _, { dataSources }) => (await dataSources.catalog.movieSub(m.id, 'alternative_titles')).titles,
    images: (m, _, { dataSources }) => dataSources.catalog.movieSub(m.id, 'images'),
    credits: (m, _, { dataSources }) => dataSources.catalog.movieSub(m.id, 'credits'),
    reviews: async (m, _, { dataSources }) => connection(await dataSources.catalog.movieSub(m.id, 'reviews', 1)),
  },
  CastCredit: { person: (c) => c },
  AlternativeTitle: { countryCode: (t) => t.iso_3166_1 },
  Image: { filePath: (i) => i.file_path },
};

const server = new ApolloServer({
  typeDefs,
  resolvers,
  plugins: caches
    ? [
        // Every answer may be kept a minute; the plugin keys it by the caller's credential.
        ApolloServerPluginCacheControl({ defaultMaxAge: 60 }),
        responseCachePlugin({ extraCacheKeyData: ({ request }) => request.http?.headers.get('authorization') ?? '' }),
      ]
    : [],
});

const { url } = await startStandaloneServer(server, {
  listen: { port: Number(process.env.PORT ?? 0), host: '127.0.0.1' },
  context: async ({ req }) => {
    const { cache } = server;
    return { dataSources: { catalog: new CatalogAPI(req.headers.authorization, { cache }) } };
  },
});
console.log(`apollo ready at ${url.replace('localhost', '127.0.0.1')}`);
process.once('SIGTERM', () => {
  void server.stop().then(() => process.exit(0));
});

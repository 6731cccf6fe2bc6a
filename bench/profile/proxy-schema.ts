/**
 * The schema and resolvers of the proxy floors (bench/profile/yoga-proxy.ts on graphql-yoga,
 * bench/floor-server.ts FLOOR=graphql-js-upstream on bare `node:http` + graphql-js): resolvers
 * that make the upstream calls the gateway makes (undici, a keep-alive pool), JSON.parse each body
 * and read the fields straight from it. No DataLoader, no merger, no limits. For (c), the same 21
 * calls as the gateway: the upcoming page, then one call per movie carrying its alternative titles
 * and reviews (`append_to_response`, the gateway's merged call), made once per movie; a call in
 * flight shared by the requests that ask for it meanwhile, as the gateway shares it.
 */
import { Agent, request } from 'undici';

const base = process.env.CATALOG_BASE_URL!;
const token = process.env.CATALOG_ACCESS_TOKEN!;
const pool = new Agent({ keepAliveTimeout: 30_000, connections: 20, pipelining: 1 });

async function fetched(path: string): Promise<any> {
  const answer = await request(`${base}${path}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    dispatcher: pool,
  });
  return JSON.parse(await answer.body.text());
}

/**
 * One call per path while it is in flight, shared by every request that asks for it then, its
 * parsed body too: the gateway coalesces so (src/upstream/shared-call.ts, caches off as well), and
 * under 16 connections of one document it makes about 1.4 calls per (c) answer instead of 21. A
 * floor that made every call would parse 15 times the bytes and be no floor. Nothing is kept once
 * the call has settled.
 */
const inFlight = new Map<string, Promise<any>>();
function upstream(path: string): Promise<any> {
  let call = inFlight.get(path);
  if (!call) {
    call = fetched(path).finally(() => inFlight.delete(path));
    inFlight.set(path, call);
  }
  return call;
}

/** A resolver per camelCase field, reading its snake_case twin: the gateway's own naming. */
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const fields = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, (source: Record<string, unknown>) => source[snake(name)]]));

type Movie = { id: number; alternative_titles?: { titles: unknown[] }; reviews?: unknown };

/** A listed movie's one call for what its summary lacks, shared by the fields that need it. */
const appended = new WeakMap<Movie, Promise<Movie>>();
function appendedOf(movie: Movie): Promise<Movie> {
  let call = appended.get(movie);
  if (!call) {
    call = upstream(`/movie/${movie.id}?append_to_response=alternative_titles%2Creviews`);
    appended.set(movie, call);
  }
  return call;
}

export const typeDefs = `type Query { configuration: Configuration! movie(id: Int!): Movie upcomingMovies(first: Int): MovieConnection! }
  type Configuration { changeKeys: [String!]! images: ImagesConfiguration! }
  type ImagesConfiguration { secureBaseUrl: String! posterSizes: [String!]! }
  type MovieConnection { edges: [MovieEdge!]! }
  type MovieEdge { node: Movie! }
  type Movie { title: String! overview: String runtime: Int posterPath: String credits: Credits! reviews(first: Int): ReviewConnection!
    videos: [Video!]! images: Images! alternativeTitles: [AlternativeTitle!]! }
  type AlternativeTitle { title: String! type: String }
  type Credits { cast: [Cast!]! }
  type Cast { character: String order: Int }
  type ReviewConnection { totalCount: Int! edges: [ReviewEdge!]! }
  type ReviewEdge { node: Review! }
  type Review { author: String! content: String! }
  type Video { key: String! name: String! site: String! }
  type Images { posters: [Image!]! }
  type Image { filePath: String! width: Int! height: Int! }`;

export const resolvers = {
  Query: {
    configuration: () => upstream('/configuration'),
    movie: (_: unknown, { id }: { id: number }) => upstream(`/movie/${id}?append_to_response=credits%2Cimages%2Creviews%2Cvideos`),
    upcomingMovies: async (_: unknown, { first }: { first?: number }) => {
      const page = (await upstream('/movie/upcoming?page=1')) as { results: Movie[] };
      return { edges: page.results.slice(0, first ?? 20).map((node) => ({ node })) };
    },
  },
  Configuration: fields('changeKeys'),
  ImagesConfiguration: fields('secureBaseUrl', 'posterSizes'),
  Movie: {
    ...fields('posterPath'),
    videos: (movie: { videos: { results: unknown[] } }) => movie.videos.results,
    alternativeTitles: async (movie: Movie) => (movie.alternative_titles ?? (await appendedOf(movie)).alternative_titles!).titles,
    reviews: async (movie: Movie) => movie.reviews ?? (await appendedOf(movie)).reviews,
  },
  // The gateway's connection over the service's page: totalCount from total_results, an edge per result.
  ReviewConnection: {
    totalCount: (page: { total_results: number }) => page.total_results,
    edges: (page: { results: unknown[] }) => page.results.map((node) => ({ node })),
  },
  Image: fields('filePath'),
};

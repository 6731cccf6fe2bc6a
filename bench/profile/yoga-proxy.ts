/**
 * The floor of any gateway built on graphql-yoga: bare Yoga (default settings, no plugin, no
 * cache) whose resolvers make the one upstream call the gateway would make (undici, a keep-alive
 * pool) and read the fields straight from its JSON. No front, no DataLoader, no merger, no limits:
 * what it costs over proxy-floor.ts is Yoga itself. The cold-overhead figure of the gateway cannot
 * go below this one's.
 */
import { createSchema, createYoga } from 'graphql-yoga';
import { Agent, request } from 'undici';
import { serveAsChild } from '../child-server.ts';

const base = process.env.CATALOG_BASE_URL!;
const token = process.env.CATALOG_ACCESS_TOKEN!;
const pool = new Agent({ keepAliveTimeout: 30_000, connections: 20, pipelining: 1 });

async function upstream(path: string): Promise<any> {
  const answer = await request(`${base}${path}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    dispatcher: pool,
  });
  return JSON.parse(await answer.body.text());
}

/** A resolver per camelCase field, reading its snake_case twin: the gateway's own naming. */
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const fields = (...names: string[]) =>
  Object.fromEntries(names.map((name) => [name, (source: Record<string, unknown>) => source[snake(name)]]));

const yoga = createYoga({
  schema: createSchema({
    typeDefs: `type Query { configuration: Configuration! movie(id: Int!): Movie }
      type Configuration { changeKeys: [String!]! images: ImagesConfiguration! }
      type ImagesConfiguration { secureBaseUrl: String! posterSizes: [String!]! }
      type Movie { title: String! overview: String runtime: Int credits: Credits! reviews(first: Int): ReviewConnection!
        videos: [Video!]! images: Images! }
      type Credits { cast: [Cast!]! }
      type Cast { character: String order: Int }
      type ReviewConnection { totalCount: Int! edges: [ReviewEdge!]! }
      type ReviewEdge { node: Review! }
      type Review { author: String! content: String! }
      type Video { key: String! name: String! site: String! }
      type Images { posters: [Image!]! }
      type Image { filePath: String! width: Int! height: Int! }`,
    resolvers: {
      Query: {
        configuration: () => upstream('/configuration'),
        movie: (_: unknown, { id }: { id: number }) => upstream(`/movie/${id}?append_to_response=credits%2Cimages%2Creviews%2Cvideos`),
      },
      Configuration: fields('changeKeys'),
      ImagesConfiguration: fields('secureBaseUrl', 'posterSizes'),
      Movie: { videos: (movie: { videos: { results: unknown[] } }) => movie.videos.results },
      // The gateway's connection over the service's page: totalCount from total_results, an edge per result.
      ReviewConnection: {
        totalCount: (page: { total_results: number }) => page.total_results,
        edges: (page: { results: unknown[] }) => page.results.map((node) => ({ node })),
      },
      Image: fields('filePath'),
    },
  }),
  logging: false,
  landingPage: false,
  graphiql: false,
});

serveAsChild(yoga, 'yoga proxy');

/**
 * The floors below Yoga for query (a) (BENCH_ONLY=cpu): `node:http` and graphql-js `execute`
 * (FLOOR=graphql-js), or the same with the query compiled by graphql-jit (FLOOR=graphql-jit).
 * FLOOR=graphql-jit-upstream is the last one whose resolver makes the call the gateway makes for
 * (a): GET /configuration of CATALOG_BASE_URL with the request's bearer token, through an undici
 * keep-alive pool, its JSON parsed and renamed; the floor of any Node gateway that makes that call.
 * FLOOR=graphql-js-upstream answers (c) instead, with graphql-js `execute` over the resolvers of
 * bench/profile/proxy-schema.ts (the gateway's 21 upstream calls, each body JSON.parsed): the floor
 * of a Node gateway for a large answer, its GC and its peak memory.
 * The one document is parsed and validated once, at start; a request whose body differs is
 * refused, so the floor never skips work the gateway would have to do for it.
 */
import type { IncomingMessage } from 'node:http';
import { buildSchema, execute, type GraphQLObjectType, type GraphQLSchema, parse, validate } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { Agent, request as upstream } from 'undici';
import { serveAsChild } from './child-server.ts';
import { CONFIGURATION, UPCOMING_PAGE } from './profile/lib.ts';

const pool = new Agent({ keepAliveTimeout: 30_000, connections: 64 });

/** The configuration as the catalog sends it, in the gateway's names. */
async function fetchedConfiguration(authorization: string) {
  const answer = await upstream(`${process.env.CATALOG_BASE_URL}/configuration`, {
    headers: { accept: 'application/json', authorization },
    dispatcher: pool,
  });
  const raw = (await answer.body.json()) as { change_keys: string[]; images: { secure_base_url: string; poster_sizes: string[] } };
  return { changeKeys: raw.change_keys, images: { secureBaseUrl: raw.images.secure_base_url, posterSizes: raw.images.poster_sizes } };
}

const withUpstream = process.env.FLOOR === 'graphql-jit-upstream';
const upcoming = process.env.FLOOR === 'graphql-js-upstream';
/** (c)'s floor never loads graphql-yoga (static-configuration.ts builds its schema with it). */
const schema = upcoming ? await proxySchema() : (await import('./static-configuration.ts')).staticConfigurationSchema;
const DOCUMENT = upcoming ? UPCOMING_PAGE : CONFIGURATION;

/** bench/profile/proxy-schema.ts's SDL with its resolvers set on the fields, as graphql-tools would. */
async function proxySchema(): Promise<GraphQLSchema> {
  const { typeDefs, resolvers } = await import('./profile/proxy-schema.ts');
  const built = buildSchema(typeDefs);
  for (const [type, fields] of Object.entries(resolvers)) {
    const defined = (built.getType(type) as GraphQLObjectType).getFields();
    for (const [field, resolve] of Object.entries(fields)) defined[field]!.resolve = resolve as never;
  }
  return built;
}

if (withUpstream) {
  schema.getQueryType()!.getFields().configuration!.resolve = (_source, _args, context: { authorization: string }) =>
    fetchedConfiguration(context.authorization);
}

const document = parse(DOCUMENT);
const problems = validate(schema, document);
if (problems.length > 0) throw new Error(problems.join('\n'));

const compiled = compileQuery(schema, document);
if (!isCompiledQuery(compiled)) throw new Error(JSON.stringify(compiled.errors));
const run =
  process.env.FLOOR === 'graphql-js' || upcoming
    ? (_authorization: string) => execute({ schema, document, contextValue: {} })
    : (authorization: string) => compiled.query(undefined, { authorization }, {});

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

serveAsChild(async (request, response) => {
  const body = await readBody(request);
  if (request.method !== 'POST' || JSON.parse(body).query !== DOCUMENT) {
    response.writeHead(400, { 'content-type': 'text/plain' }).end('this floor answers one document only');
    return;
  }
  const result = await run(request.headers.authorization ?? '');
  const json = JSON.stringify(result);
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) }).end(json);
}, `floor ${process.env.FLOOR}`);

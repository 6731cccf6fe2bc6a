/**
 * The floors below Yoga for query (a) (BENCH_ONLY=cpu): `node:http` and graphql-js `execute`
 * (FLOOR=graphql-js), or the same with the query compiled by graphql-jit (FLOOR=graphql-jit).
 * The one document is parsed and validated once, at start; a request whose body differs is
 * refused, so the floor never skips work the gateway would have to do for it.
 */
import type { IncomingMessage } from 'node:http';
import { execute, parse, validate } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { serveAsChild } from './child-server.ts';
import { CONFIGURATION } from './profile/lib.ts';
import { staticConfigurationSchema as schema } from './static-configuration.ts';

const document = parse(CONFIGURATION);
const problems = validate(schema, document);
if (problems.length > 0) throw new Error(problems.join('\n'));

const compiled = compileQuery(schema, document);
if (!isCompiledQuery(compiled)) throw new Error(JSON.stringify(compiled.errors));
const run =
  process.env.FLOOR === 'graphql-jit' ? () => compiled.query(undefined, {}, {}) : () => execute({ schema, document, contextValue: {} });

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

serveAsChild(async (request, response) => {
  const body = await readBody(request);
  if (request.method !== 'POST' || JSON.parse(body).query !== CONFIGURATION) {
    response.writeHead(400, { 'content-type': 'text/plain' }).end('this floor answers one document only');
    return;
  }
  const result = await run();
  const json = JSON.stringify(result);
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) }).end(json);
}, `floor ${process.env.FLOOR}`);

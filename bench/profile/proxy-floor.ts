/**
 * The floor of any gateway: a hand-written Node HTTP proxy that reads the POSTed GraphQL body,
 * makes the one upstream call the gateway would make (undici, a keep-alive pool like the
 * gateway's), parses the JSON answer and writes it back as `{ "data": ... }`. No GraphQL at all:
 * what it costs over the direct call is the extra hop and two JSON passes.
 */
import { Agent, request } from 'undici';
import { serveAsChild } from '../child-server.ts';

const base = process.env.CATALOG_BASE_URL!;
const token = process.env.CATALOG_ACCESS_TOKEN!;
const pool = new Agent({ keepAliveTimeout: 30_000, connections: 20, pipelining: 1 });

function upstreamPath(query: string): string {
  if (query.includes('configuration')) return '/configuration';
  const id = /movie\(id: (\d+)\)/.exec(query)?.[1];
  return `/movie/${id}?append_to_response=credits%2Cimages%2Creviews%2Cvideos`;
}

serveAsChild(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const { query } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string };
  const answer = await request(`${base}${upstreamPath(query)}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    dispatcher: pool,
  });
  const data = JSON.parse(await answer.body.text());
  const body = JSON.stringify({ data });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
}, 'proxy floor');

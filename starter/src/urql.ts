import { Client, fetchExchange } from '@urql/core';
import { cacheExchange } from '@urql/exchange-graphcache';
import { urqlSchema } from './client-cache.ts';
import { labelHit, MoviePageQuery, SearchQuery } from './operations.ts';

/**
 * urql with graphcache for the gateway. urql sends queries as GET while the URL stays short, so
 * answers can be cached by the browser or a CDN. Make a new client when the session changes:
 * cached account data belongs to one user. Records are keyed by graphcache's default (`id`);
 * `urqlSchema` only lets it match the search's fragments on the `MediaResult` union exactly.
 */
export function createUrqlClient(url: string, sessionId?: string): Client {
  return new Client({
    url,
    exchanges: [cacheExchange({ schema: urqlSchema }), fetchExchange],
    fetchOptions: { headers: sessionId ? { 'x-session-id': sessionId } : {} },
  });
}

/** The movie page's title and top-billed person, typed from the schema. */
export async function moviePage(client: Client, id: number): Promise<{ title: string; topBilled?: string }> {
  const { data, error } = await client.query(MoviePageQuery, { id }).toPromise();
  if (error) throw error;
  if (!data?.movie) throw new Error(`no movie ${id}`);
  return { title: data.movie.title, topBilled: data.movie.credits?.cast[0]?.person.name };
}

/** What a search finds, labelled by kind. */
export async function searchAll(client: Client, query: string): Promise<string[]> {
  const { data, error } = await client.query(SearchQuery, { query }).toPromise();
  if (error) throw error;
  return (data?.search?.multi?.edges ?? []).map(({ node }) => labelHit(node));
}

import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { labelHit, MoviePageQuery, SearchQuery } from './operations.ts';

/**
 * Apollo Client for the gateway. `useGETForQueries`: Apollo posts every operation by default,
 * and only GET answers can be kept by the browser or a CDN. The session goes in X-Session-Id;
 * on sign-in or sign-out call `client.resetStore()`: cached account data belongs to one user.
 * The cache is Apollo's default: every object has an `id`, the global id that names it in one
 * language, so records are keyed and merged with no type policies (docs/frontend.md).
 */
export function createApolloClient(url: string, sessionId?: string): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: url, useGETForQueries: true, headers: sessionId ? { 'x-session-id': sessionId } : {} }),
    cache: new InMemoryCache(),
  });
}

/** The movie page's title and top-billed person, typed from the schema. */
export async function moviePage(client: ApolloClient, id: number): Promise<{ title: string; topBilled?: string }> {
  const { data } = await client.query({ query: MoviePageQuery, variables: { id } });
  if (!data?.movie) throw new Error(`no movie ${id}`);
  return { title: data.movie.title, topBilled: data.movie.credits?.cast[0]?.person.name };
}

/** What a search finds, labelled by kind. */
export async function searchAll(client: ApolloClient, query: string): Promise<string[]> {
  const { data } = await client.query({ query: SearchQuery, variables: { query } });
  return (data?.search?.multi?.edges ?? []).map(({ node }) => labelHit(node));
}

import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { loadDevMessages, loadErrorMessages } from '@apollo/client/dev';
import { Client, fetchExchange } from '@urql/core';
import { cacheExchange } from '@urql/exchange-graphcache';
import { type ConcreteRequest, createOperationDescriptor, Environment, fetchQuery, Network, RecordSource, Store } from 'relay-runtime';

/**
 * The page of test/browser/default-caches.test.ts, bundled by vite for Chromium with the
 * development builds (the clients say their cache warnings only there). Each client is made as
 * its documentation's first page makes it, with no option of ours: `new InMemoryCache()`,
 * `cacheExchange()`, `new Store(new RecordSource())`. Their warnings go to the page's console,
 * where the test collects them.
 */
export interface Step {
  /** The document's name in test/relay/fixtures-defaults/DefaultCaches.ts. */
  name: string;
  text: string;
  variables: Record<string, unknown>;
}
export type ClientName = 'apollo' | 'urql' | 'relay';
export interface Visit {
  /** What each step's query answered, as the client hands it to a component. */
  answered: unknown[];
  /** Each step's query read again from the cache alone, after the whole visit. */
  readBack: unknown[];
  /** Relay only: the store's records of a Movie with this catalog number. */
  movieRecords?: number;
}

loadDevMessages();
loadErrorMessages();

async function apollo(url: string, steps: Step[]): Promise<Visit> {
  const client = new ApolloClient({ link: new HttpLink({ uri: url }), cache: new InMemoryCache() });
  const answered: unknown[] = [];
  for (const { text, variables } of steps) {
    const { data, error } = await client.query({ query: gql(text), variables });
    if (error) throw error;
    answered.push(data);
  }
  const readBack = steps.map(({ text, variables }) => client.readQuery({ query: gql(text), variables }));
  return { answered, readBack };
}

async function urql(url: string, steps: Step[]): Promise<Visit> {
  const client = new Client({ url, exchanges: [cacheExchange(), fetchExchange] });
  const answered: unknown[] = [];
  for (const { text, variables } of steps) {
    const { data, error } = await client.query(text, variables).toPromise();
    if (error) throw error;
    answered.push(data);
  }
  const readBack: unknown[] = [];
  for (const { text, variables } of steps) {
    // cache-only: the cache's answer, or `stale` when it had to guess part of it.
    const again = await client.query(text, variables, { requestPolicy: 'cache-only' }).toPromise();
    readBack.push(again.stale ? 'stale' : again.data);
  }
  return { answered, readBack };
}

async function relay(url: string, steps: Step[], artifacts: Record<string, ConcreteRequest>, movieId: number): Promise<Visit> {
  const network = Network.create(async (params, variables) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: params.text, variables }),
    });
    return response.json();
  });
  const environment = new Environment({ network, store: new Store(new RecordSource()) });
  const lookup = ({ name, variables }: Step) => environment.lookup(createOperationDescriptor(artifacts[name]!, variables).fragment).data;
  const answered: unknown[] = [];
  for (const step of steps) {
    await fetchQuery(environment, artifacts[step.name]!, step.variables).toPromise();
    answered.push(lookup(step));
  }
  const source = environment.getStore().getSource();
  const movieRecords = source
    .getRecordIDs()
    .filter((id) => source.get(id)?.__typename === 'Movie' && source.get(id)?.databaseId === movieId).length;
  return { answered, readBack: steps.map(lookup), movieRecords };
}

/** Called by the bundle's entry with the artifacts relay-compiler wrote for DefaultCaches.ts, keyed by document name. */
export function install(artifacts: Record<string, ConcreteRequest>): void {
  const visits = {
    apollo,
    urql,
    relay: (url: string, steps: Step[], movieId: number) => relay(url, steps, artifacts, movieId),
  };
  (globalThis as { defaultCachesVisit?: unknown }).defaultCachesVisit = (client: ClientName, url: string, steps: Step[], movieId: number) =>
    visits[client](url, steps, movieId);
}

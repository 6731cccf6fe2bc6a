import './apollo-dev.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { loadDevMessages, loadErrorMessages } from '@apollo/client/dev';
import { Client, fetchExchange } from '@urql/core';
import { cacheExchange } from '@urql/exchange-graphcache';
import { createOperationDescriptor, Environment, fetchQuery, Network, RecordSource, Store } from 'relay-runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';
import { artifact, type Compilation, compileFixtures } from '../relay/compile.ts';
import {
  documents,
  expectLanguagesApart,
  pickSubject,
  relayName,
  type Subject,
  visitSteps,
  withoutValueIds,
} from './default-caches-visit.ts';
import { captureWarnings } from './overlapping.ts';

/**
 * Issue 45, point 6: Apollo Client's InMemoryCache, urql's graphcache and relay-runtime's Store,
 * each with NO options of ours, over real HTTP to the gateway. A movie page and a second query on
 * the same movie's credits, images, videos, reviews and genres; the movie again in a list; a
 * person's page through their credits; a season with its episodes; the movie in French. No cache
 * warning, every query reads back from the cache as the network answered it, and the French page
 * never shows the English texts nor the English the French. The control strips `id` from the
 * value objects (the graph before 1.0 had none there): then the same capture sees the warnings.
 */
let h: Harness;
let tmp: string;
let compiled: Compilation;
let subject: Subject;
let capture: ReturnType<typeof captureWarnings> | undefined;

loadDevMessages();
loadErrorMessages();

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'default-caches-'));
  [compiled, h] = await Promise.all([
    compileFixtures(tmp, 'defaults', (config) => ({ ...config, src: './fixtures-defaults' })),
    startHarness(),
  ]);
  expect(compiled.code, compiled.output).toBe(0);
  subject = await pickSubject(h);
});
afterAll(async () => {
  await h?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});
afterEach(() => capture?.restore());

const visit_ = () => visitSteps(subject);

/** Runs the visit with `run`, then reads every query back with `read`; answers what was answered and what was read. */
async function visitWith(
  run: (text: string, variables: Record<string, unknown>, name: string) => Promise<unknown>,
  read: (text: string, variables: Record<string, unknown>, name: string) => unknown,
  edit: (text: string) => string = (text) => text,
) {
  const answered: unknown[] = [];
  for (const step of visit_()) answered.push(await run(edit(documents[step.name]), step.variables, step.name));
  const readBack = visit_().map((step) => read(edit(documents[step.name]), step.variables, step.name));
  return { answered, readBack };
}

const apollo = () => new ApolloClient({ link: new HttpLink({ uri: h.url }), cache: new InMemoryCache() });
async function apolloVisit(client: ApolloClient, edit?: (text: string) => string) {
  return visitWith(
    async (text, variables) => {
      const { data, error } = await client.query({ query: gql(text), variables });
      expect(error).toBeUndefined();
      return data;
    },
    (text, variables) => client.readQuery({ query: gql(text), variables }),
    edit,
  );
}

const urql = () => new Client({ url: h.url, exchanges: [cacheExchange({ logger: capture?.logged }), fetchExchange] });
async function urqlVisit(client: Client, edit?: (text: string) => string) {
  const cached = new Map<string, unknown>();
  const result = await visitWith(
    async (text, variables) => {
      const answer = await client.query(text, variables).toPromise();
      expect(answer.error).toBeUndefined();
      return answer.data;
    },
    () => undefined,
    edit,
  );
  for (const [index, step] of visit_().entries()) {
    const again = await client
      .query((edit ?? ((t: string) => t))(documents[step.name]), step.variables, { requestPolicy: 'cache-only' })
      .toPromise();
    cached.set(String(index), again.stale ? 'stale' : again.data);
  }
  return { ...result, readBack: visit_().map((_, index) => cached.get(String(index))) };
}

describe("the clients' default caches, over HTTP to the gateway", () => {
  it('Apollo InMemoryCache(): no warning, every query reads back whole, the two languages apart', async () => {
    capture = captureWarnings();
    const { answered, readBack } = await apolloVisit(apollo());
    expect(capture.messages).toEqual([]);
    expect(readBack).toEqual(answered);
    expectLanguagesApart(subject, readBack);
  });

  it('urql cacheExchange(): no warning, every query reads back whole with cache-only, the two languages apart', async () => {
    capture = captureWarnings();
    const { answered, readBack } = await urqlVisit(urql());
    expect(capture.messages).toEqual([]);
    expect(readBack).toEqual(answered);
    expectLanguagesApart(subject, readBack);
  });

  it('relay-runtime with a default Store and RecordSource: no warning, every query reads back whole, the two languages apart', async () => {
    capture = captureWarnings();
    const network = Network.create(async (params, variables) => {
      const response = await fetch(h.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: params.text, variables }),
      });
      return response.json();
    });
    const env = new Environment({ network, store: new Store(new RecordSource()) });
    const operations = new Map<string, unknown>();
    for (const step of visit_()) operations.set(step.name, await artifact(compiled, relayName(step.name)));
    const lookup = (name: string, variables: Record<string, unknown>) =>
      env.lookup(createOperationDescriptor(operations.get(name) as never, variables).fragment).data;
    const { answered, readBack } = await visitWith(
      async (_, variables, name) => {
        await fetchQuery(env, operations.get(name) as never, variables).toPromise();
        return lookup(name, variables);
      },
      (_, variables, name) => lookup(name, variables),
    );
    expect(capture.messages).toEqual([]);
    expect(readBack).toEqual(answered);
    expectLanguagesApart(subject, readBack);
    // The store's records are keyed by the answers' own ids: the movie in two languages is two records.
    const source = env.getStore().getSource();
    expect(
      source.getRecordIDs().filter((id) => source.get(id)?.__typename === 'Movie' && source.get(id)?.databaseId === subject.movieId),
    ).toHaveLength(2);
  });
});

// Each client says a warning once per process: the controls run after the cases above.
describe('the control: the same visit without `id` on the value objects (as before 1.0)', () => {
  it('Apollo warns that cache data may be lost, and the first page no longer reads back', async () => {
    capture = captureWarnings();
    const { answered, readBack } = await apolloVisit(apollo(), withoutValueIds);
    expect(capture.messages.join('\n')).toMatch(/Cache data may be lost when replacing the \w+ field of a Movie object/);
    expect(readBack).not.toEqual(answered);
  });

  it('urql warns that no key could be generated', async () => {
    capture = captureWarnings();
    await urqlVisit(urql(), withoutValueIds);
    expect(capture.messages.join('\n')).toMatch(/Invalid key: .* has a selection set, but no key could be generated/);
  });
});

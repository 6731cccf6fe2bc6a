import { createHash } from 'node:crypto';
import { ApolloClient, gql, HttpLink, InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';
import { until } from './fleet.ts';
import { outsideProgram } from '../outside-programs.ts';
import { startRedis, type RunningRedis } from './redis-server.ts';

/**
 * Issue 21, item 7, on a real redis-server: automatic persisted queries store only documents
 * that parse and pass validation, and one client registers a bounded number per hour. The good
 * path is Apollo Client's own PersistedQueryLink; the attack is the protocol by hand.
 */
const redisServer = outsideProgram('redis-server', import.meta.url);
let redis: RunningRedis;
let client: Redis;
let h: Harness;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const apqKeys = () => client.keys('mcg:apq:*');

beforeAll(async () => {
  if (!redisServer) return;
  redis = await startRedis(redisServer);
  client = new Redis(redis.url);
  h = await startHarness({ config: { redisUrl: redis.url, apqMaxPerClient: 5 } });
  await until(() => h.upstream.redis?.state.up === true);
});
afterAll(async () => {
  await h?.close();
  client?.disconnect();
  await redis?.stop();
});

const register = (query: string) =>
  fetch(h.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } }),
  });

describe.skipIf(!redisServer)('APQ registrations', () => {
  it('text that is not GraphQL, or fails validation, is never stored, however large', async () => {
    const before = Number(/used_memory:(\d+)/.exec(await client.info('memory'))?.[1]);
    for (let i = 0; i < 20; i++) {
      const junk = `${i} ${'not graphql at all '.repeat(4_500)}`;
      const answer = await register(junk);
      expect((await answer.json()).errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    }
    const invalid = await register('{ noSuchField }');
    expect((await invalid.json()).errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    // Registration happens after the answer is decided: give a wrongly stored one time to land.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await apqKeys()).toEqual([]);
    const after = Number(/used_memory:(\d+)/.exec(await client.info('memory'))?.[1]);
    expect(after - before).toBeLessThan(200_000);
    // Hash-only asks for them find nothing.
    const lookup = await fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: sha256('{ noSuchField }') } } }),
    });
    expect(lookup.status).toBe(404);
  });

  it("a valid document registered by Apollo's link is stored and then answered by its hash alone", async () => {
    const movie = h.catalog.data.movies[0]!;
    const query: TypedDocumentNode<{ movie: { id: number; title: string } | null }, { id: number }> =
      gql`query ApqStoreMovie($id: Int!) { movie(id: $id) { id: databaseId title } }`;
    const apollo = () =>
      new ApolloClient({ cache: new InMemoryCache(), link: new PersistedQueryLink({ sha256 }).concat(new HttpLink({ uri: h.url })) });
    const first = await apollo().query({ query, variables: { id: movie.id } });
    expect(first.data?.movie?.title).toBe(movie.title);
    const deadline = Date.now() + 3_000;
    while ((await apqKeys()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await apqKeys()).toHaveLength(1);
    const second = await apollo().query({ query, variables: { id: movie.id } });
    expect(second.data?.movie?.title).toBe(movie.title);
  });

  it('one client registers at most APQ_MAX_PER_CLIENT new documents an hour; past that its documents still run, unstored', async () => {
    const stored = (await apqKeys()).length;
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await (await register(`query Many${i} { __typename }`)).json());
    for (const answer of answers) expect(answer.data).toEqual({ __typename: 'Query' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // 5 in all for this address: one by the test before, four here.
    expect((await apqKeys()).length).toBe(5);
    expect(stored).toBe(1);
  });
});

describe.skipIf(!redisServer)('APQ registrations sent all at once', () => {
  let burst: Harness;
  beforeAll(async () => {
    burst = await startHarness({ config: { redisUrl: redis.url, apqMaxPerClient: 3 } });
    await until(() => burst.upstream.redis?.state.up === true);
  });
  afterAll(async () => {
    await burst?.close();
  });

  it('twelve new documents from one client at the same moment: three are stored, all twelve run', async () => {
    const before = (await apqKeys()).length;
    const queries = Array.from({ length: 12 }, (_, i) => `query AtOnce${i} { __typename }`);
    const answers = await Promise.all(
      queries.map(async (query) => {
        const answer = await fetch(burst.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } }),
        });
        return answer.json();
      }),
    );
    for (const answer of answers) expect(answer.data).toEqual({ __typename: 'Query' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await apqKeys()).length - before).toBe(3);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { meros } from 'meros/browser';
import {
  createOperationDescriptor,
  Environment,
  fetchQuery,
  type GraphQLResponse,
  getSelector,
  Network,
  Observable,
  RecordSource,
  Store,
} from 'relay-runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayNetwork } from '../../starter/src/relay-network.ts';
import { startHarness, type Harness } from '../helpers.ts';
import { artifact, type Compilation, compileFixtures } from './compile.ts';

/**
 * Issue 33, item 2: Relay reads `@defer`. The real relay-compiler compiles
 * test/relay/fixtures/MovieDeferredPage.ts (a movie's title, its reviews fragment deferred); a real
 * relay-runtime Environment sends it over HTTP to the gateway, which answers in multipart parts.
 * With the starter's network (starter/src/relay-network.ts) the query completes and the deferred
 * fragment's reviews are in the store. Read as the parts come, without the adapter, relay-runtime
 * fails the query with "No data returned for operation", as the issue reports.
 */
let h: Harness;
let tmp: string;
let compiled: Compilation;
let movieId: number;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'relay-defer-'));
  [compiled, h] = await Promise.all([compileFixtures(tmp, 'defer'), startHarness()]);
  expect(compiled.code, compiled.output).toBe(0);
  movieId = h.catalog.data.reviews.find((review) => review.media_type === 'movie')!.media_id;
});
afterAll(async () => {
  await h?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const environment = (network: ReturnType<typeof Network.create>) => new Environment({ network, store: new Store(new RecordSource()) });

describe('Relay and @defer', () => {
  it("with the starter's network, a deferred fragment's data arrives in a later part and is in the store", async () => {
    const env = environment(createRelayNetwork(h.url));
    const query = await artifact(compiled, 'MovieDeferredPageQuery');
    const operation = createOperationDescriptor(query, { id: movieId });

    // What the network hands relay-runtime, part by part: the page first, then the labelled fragment.
    const payloads: any[] = [];
    await new Promise<void>((done, fail) =>
      env.execute({ operation }).subscribe({ next: (payload) => payloads.push(payload), complete: done, error: fail }),
    );
    expect(payloads.length).toBeGreaterThanOrEqual(2);
    expect(payloads[0]).toMatchObject([{ data: { movie: { title: expect.any(String) } } }]);
    expect(
      payloads
        .slice(1)
        .flat()
        .some((p) => p.label?.includes('MovieReviews_movie') && p.path?.join('.') === 'movie'),
    ).toBe(true);

    const page = env.lookup(operation.fragment);
    expect(page.isMissingData).toBe(false);
    const movie = (page.data as any).movie;
    const expected = await h.rest(`/movie/${movieId}`);
    expect(movie.title).toBe(expected.title);

    // The deferred fragment, read as the component that spreads it reads it (useFragment).
    const reviews = env.lookup(getSelector(await artifact(compiled, 'MovieReviews_movie'), movie) as any);
    expect(reviews.isMissingData).toBe(false);
    const oracle = await h.rest(`/movie/${movieId}/reviews`);
    const connection = (reviews.data as any).reviews;
    expect(connection.totalCount).toBe(oracle.total_results);
    expect(connection.edges.map((e: any) => e.node.author)).toEqual(oracle.results.slice(0, 5).map((r: any) => r.author));
  });

  it('read part by part without the adapter, relay-runtime fails the query: "No data returned for operation"', async () => {
    // A plain multipart reader that hands each part to relay-runtime as the gateway sent it.
    const plain = Network.create((params, variables) =>
      Observable.create<GraphQLResponse>((sink) => {
        (async () => {
          const response = await fetch(h.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'multipart/mixed, application/json' },
            body: JSON.stringify({ query: params.text, variables }),
          });
          const parts = await meros<any>(response);
          if (parts instanceof Response) throw new Error('expected a multipart answer');
          for await (const part of parts) sink.next(part.body);
          sink.complete();
        })().catch((error) => sink.error(error));
      }),
    );
    const query = await artifact(compiled, 'MovieDeferredPageQuery');
    // Until the query completes, as a screen does (toPromise would stop at the first part).
    const completed = new Promise<void>((done, fail) =>
      fetchQuery(environment(plain), query, { id: movieId }).subscribe({ complete: done, error: fail }),
    );
    await expect(completed).rejects.toThrow(/No data returned for operation `MovieDeferredPageQuery`/);
  });
});

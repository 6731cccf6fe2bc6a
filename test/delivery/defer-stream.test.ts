import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { Defer20220824Handler } from '@apollo/client/incremental';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/runtime/config.ts';
import { startHarness, type Harness } from '../helpers.ts';
import { rawExchange } from '../http/raw-http.ts';

/**
 * @defer and @stream over multipart/mixed and SSE, with the embedded catalog's fault injection
 * making a movie's reviews slow (a call that appends them is as slow). The proof that the first
 * part was not held back is not a stopwatch: when it arrives, the catalog has answered the
 * details call and not yet the reviews.
 */
const REVIEWS_MS = 700;
let h: Harness;
let movieId: number;

const DEFERRED = (id: number) => `query DeferredReviews {
  movie(id: ${id}) {
    title
    ... @defer { reviews { totalCount } images { posters { filePath } } }
  }
}`;

interface Part {
  /** What the catalog had answered when the part arrived. */
  callsSoFar: string[];
  body: any;
}

/** The JSON parts of a multipart/mixed answer, as they arrive. */
async function multipartParts(response: Response, onPart: (body: any) => void): Promise<void> {
  const reader = response.body!.getReader();
  let buffered = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    buffered += Buffer.from(chunk.value).toString();
    // A part is complete once its JSON is followed by the next boundary.
    for (let match = /\r\n\r\n(\{.*?\})\r\n---/s.exec(buffered); match; match = /\r\n\r\n(\{.*?\})\r\n---/s.exec(buffered)) {
      onPart(JSON.parse(match[1]!));
      buffered = buffered.slice(match.index + match[0].length - 3);
    }
  }
}

async function send(query: string, accept: string, harness = h): Promise<{ response: Response; parts: Part[] }> {
  const response = await fetch(harness.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify({ query }),
  });
  const parts: Part[] = [];
  const onPart = (body: any) => parts.push({ body, callsSoFar: harness.catalog.calls.map((call) => callName(call)) });
  if (accept.startsWith('text/event-stream')) {
    const text = await response.text();
    for (const event of text.split('\n\n')) {
      const data = /^data: (.*)$/m.exec(event)?.[1];
      if (data) parts.push({ body: JSON.parse(data), callsSoFar: [] });
    }
  } else await multipartParts(response, onPart);
  return { response, parts };
}

const callName = (call: { path: string; query: Record<string, string> }) =>
  call.query.append_to_response ? `${call.path}?append_to_response=${call.query.append_to_response}` : call.path;

beforeAll(async () => {
  h = await startHarness({
    config: { cacheMaxBytes: 8 * 1024 * 1024, appendToResponse: true },
    catalog: { latencyMs: 20, faults: [{ path: '^/movie/\\d+/reviews$', latencyMs: REVIEWS_MS }] },
  });
  movieId = h.catalog.data.movies[7]!.id;
});
afterAll(() => h.close());
beforeEach(() => h.catalog.resetCalls());

describe('@defer over multipart/mixed', () => {
  it('sends the title when the details call is answered, the deferred sub-resources after theirs', async () => {
    const stores = h.responseCache!.stats.stores;
    const { response, parts } = await send(DEFERRED(movieId), 'multipart/mixed');
    expect(response.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    expect(parts).toHaveLength(2);
    const [first, second] = parts as [Part, Part];
    // Each part reports the calls sent so far (extensions.cost): the deferred call is already on
    // its way when the first part leaves, which waits for its answer only.
    const cost = (upstreamCalls: number) => ({ cost: { estimated: expect.any(Number), limit: expect.any(Number), upstreamCalls } });
    expect(first.body).toEqual({ data: { movie: { title: expect.any(String) } }, hasNext: true, extensions: cost(2) });
    // The first part came when only the details call had been answered.
    expect(first.callsSoFar).toEqual([`/movie/${movieId}`]);
    expect(second.body.hasNext).toBe(false);
    expect(second.body.extensions).toEqual(cost(2));
    expect(second.body.incremental[0].path).toEqual(['movie']);
    expect(Object.keys(second.body.incremental[0].data).sort()).toEqual(['images', 'reviews']);
    // Both deferred sub-resources of the movie share one call; the first part's call holds neither.
    expect(h.catalog.calls.map(callName)).toEqual([`/movie/${movieId}`, `/movie/${movieId}?append_to_response=images,reviews`]);
    // Incremental answers bypass the whole-response cache.
    expect(h.responseCache!.stats.stores).toBe(stores);
  });

  it('without @defer the same fields share one call, which waits for the reviews', async () => {
    const id = h.catalog.data.movies[8]!.id;
    const answer = await h.query(DEFERRED(id).replace('... @defer {', '... {'));
    expect(answer.body.errors).toBeUndefined();
    expect(h.catalog.calls.map(callName)).toEqual([`/movie/${id}?append_to_response=images,reviews`]);
  });

  it('is read by Apollo Client: the title first, then the reviews merged into the same result', async () => {
    const id = h.catalog.data.movies[9]!.id;
    const client = new ApolloClient({
      link: new HttpLink({ uri: h.url }),
      cache: new InMemoryCache(),
      incrementalHandler: new Defer20220824Handler(),
    });
    const seen: Array<{ title?: string; reviews?: unknown; calls: string[] }> = [];
    await new Promise<void>((resolve, reject) => {
      const subscription = client.watchQuery({ query: gql(DEFERRED(id)) }).subscribe({
        next: (result) => {
          const movie = (result.data as any)?.movie;
          if (!movie) return;
          seen.push({ title: movie.title, reviews: movie.reviews, calls: h.catalog.calls.map(callName) });
          if (movie.reviews) {
            subscription.unsubscribe();
            resolve();
          }
        },
        error: reject,
      });
    });
    expect(seen[0]).toMatchObject({ title: expect.any(String), reviews: undefined, calls: [`/movie/${id}`] });
    expect(seen.at(-1)).toMatchObject({ title: seen[0]!.title, reviews: { totalCount: expect.any(Number) } });
  });

  it('over SSE (Accept: text/event-stream) sends the same parts', async () => {
    const { response, parts } = await send(DEFERRED(h.catalog.data.movies[10]!.id), 'text/event-stream');
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const bodies = parts.map((part) => part.body);
    expect(bodies[0]).toMatchObject({ data: { movie: { title: expect.any(String) } }, hasNext: true });
    expect(bodies.some((body) => body.incremental?.[0]?.data?.reviews)).toBe(true);
  });
});

describe("a client's Connection: close", () => {
  it.each(['multipart/mixed', 'text/event-stream'])(
    '%s: the answer says close, and the connection closes once it is written',
    async (accept) => {
      const body = JSON.stringify({ query: DEFERRED(h.catalog.data.movies[13]!.id) });
      const head = `POST /graphql HTTP/1.1\nHost: localhost\nContent-Type: application/json\nAccept: ${accept}\nContent-Length: ${body.length}\nConnection: close\n`;
      // Node keeps an idle connection 5 s: one still open after 3 s was kept.
      const answer = await rawExchange(Number(new URL(h.url).port), head, { body, waitMs: 3_000 });
      expect(answer.status).toBe(200);
      expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer.text).not.toMatch(/keep-alive/i);
      expect(answer.ending).toBe('closed');
    },
  );
});

describe('the phase scope', () => {
  it('two overlapping operations keep their phases apart, and the next one finds its own', async () => {
    const [a, b] = [h.catalog.data.movies[11]!.id, h.catalog.data.movies[12]!.id];
    const answers = await Promise.all([send(DEFERRED(a), 'multipart/mixed'), send(DEFERRED(b), 'multipart/mixed')]);
    for (const { parts } of answers) expect(parts.at(-1)!.body.hasNext).toBe(false);
    // Each first part's call held the details alone; the deferred sub-resources went in calls of their own.
    expect(h.catalog.calls.map(callName).sort()).toEqual(
      [
        `/movie/${a}`,
        `/movie/${a}?append_to_response=images,reviews`,
        `/movie/${b}`,
        `/movie/${b}?append_to_response=images,reviews`,
      ].sort(),
    );
    // The next one: its first part still waits for nothing deferred.
    const again = await send(DEFERRED(a), 'multipart/mixed');
    expect(again.parts[0]!.body).toMatchObject({ data: { movie: { title: expect.any(String) } }, hasNext: true });
  });
});

describe('@stream', () => {
  it('sends the first items of a list, then the rest, adding up to the plain answer', async () => {
    const plain = await h.query('{ popularMovies { edges { node { id: databaseId title } } } }');
    const { parts } = await send(
      '{ popularMovies { edges @stream(initialCount: 2) { node { id: databaseId title } } } }',
      'multipart/mixed',
    );
    const first = parts[0]!.body;
    expect(first.data.popularMovies.edges).toHaveLength(2);
    const streamed = parts.slice(1).flatMap((part) => part.body.incremental?.flatMap((item: any) => item.items ?? []) ?? []);
    expect([...first.data.popularMovies.edges, ...streamed]).toEqual(plain.body.data.popularMovies.edges);
    expect(parts.at(-1)!.body.hasNext).toBe(false);
  });
});

describe('the protections see the new directives', () => {
  it('the cost limit counts the fields of a deferred fragment, the directive limit the directives', async () => {
    const limits = { ...loadConfig({}).limits, cost: 20, directives: 2 };
    const strict = await startHarness({ config: { limits } });
    try {
      const deferred = `{ movie(id: ${movieId}) { title ... @defer { similar { edges { node { credits { cast { id } } } } } } } }`;
      const refused = await strict.query(deferred, undefined, { accept: 'multipart/mixed, application/json' });
      expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'cost' });
      // The same query without the deferred fragment is within the limit.
      const light = await strict.query(`{ movie(id: ${movieId}) { title } }`);
      expect(light.body.errors).toBeUndefined();
      const directives = `{ movie(id: ${movieId}) { ... @defer { title } ... @defer { overview } ... @defer { runtime } } }`;
      const tooMany = await strict.query(directives, undefined, { accept: 'multipart/mixed, application/json' });
      expect(tooMany.body.errors?.[0]?.message).toBe('Query directives limit of 2 exceeded, found 3.');
      expect(tooMany.body.errors?.[0]?.extensions).toEqual({ code: 'QUERY_TOO_COMPLEX', limit: 'directives', max: 2, found: 3 });
      expect(strict.catalog.calls.map(callName)).toEqual([`/movie/${movieId}`]);
    } finally {
      await strict.close();
    }
  });
});

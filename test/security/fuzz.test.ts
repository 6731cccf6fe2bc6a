import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../helpers.ts';
import { isAllowedCall } from '../upstream-contract.ts';

/**
 * Property-based fuzzing over real HTTP: hostile and malformed documents, variables and
 * headers. Whatever comes in: no 5xx, no hang, no unhandled rejection, no upstream call outside
 * the service's own paths and parameters, and no secret in any response.
 *
 * The main run's gateway has GraphiQL off: with it on, one request in twenty (a GET accepting
 * text/html) is answered with the same 9 MB page, byte for byte, and reading those made this
 * file take minutes. The page gets its own hostile requests below, on a gateway with it on.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const PAGE_RUNS = Number(process.env.FUZZ_PAGE_RUNS ?? 20);
const SECRET_TOKEN = 'fuzzSECRETtoken0123456789abcdef';
const SECRET_SESSION = 'fuzzSECRETsession0123456789abcdef';

let h: Harness;
let withPage: Harness;
let unhandled = 0;
const onUnhandled = () => unhandled++;

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  const config = { upstreamTimeoutMs: 2_000, requestDeadlineMs: 3_000 };
  h = await startHarness({ catalog: { extraTokens: [SECRET_TOKEN] }, config: { ...config, graphiql: false } });
  withPage = await startHarness({ catalog: { extraTokens: [SECRET_TOKEN] }, config: { ...config, graphiql: true } });
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await h?.close();
  await withPage?.close();
});

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    '../',
    '..%2F',
    '%2e%2e/',
    '?api_key=1',
    '&page=2',
    '#x',
    '/movie/1',
    '\u0000',
    '%00',
    'a b',
    '"',
    '\\',
    '😀',
    ' '.repeat(3),
  ),
  fc.stringMatching(/^[a-z0-9./?&=%#-]{0,30}$/),
);
const int = fc.oneof(fc.integer(), fc.constantFrom(0, -1, 1, 500, 501, 2_147_483_647, -2_147_483_648), fc.integer({ min: 1, max: 5_000 }));

/** Valid query shapes with hostile argument values. */
const templated = fc.oneof(
  fc.tuple(int).map(([id]) => `{ movie(id: ${id}) { id: databaseId title alternativeTitles { title } images { posters { filePath } } } }`),
  fc.tuple(nasty).map(([id]) => `{ review(id: ${JSON.stringify(id)}) { id: databaseId content media { __typename } } }`),
  fc.tuple(nasty, int).map(([q, p]) => `{ search { companies(query: ${JSON.stringify(q)}, first: ${p}) { totalCount } } }`),
  fc
    .tuple(int, nasty, nasty)
    .map(([id, s, e]) => `{ movie(id: ${id}) { changes(startDate: ${JSON.stringify(s)}, endDate: ${JSON.stringify(e)}) { key } } }`),
  fc.tuple(nasty, nasty).map(([l, r]) => `{ upcomingMovies(language: ${JSON.stringify(l)}, region: ${JSON.stringify(r)}) { totalCount } }`),
  fc
    .tuple(int, int, int)
    .map(([s, n, e]) => `{ tvSeries(id: ${s}) { season(number: ${n}) { episode(number: ${e}) { name accountStates { rating } } } } }`),
  fc.tuple(nasty).map(([t]) => `mutation { createSession(input: { requestToken: ${JSON.stringify(t)} }) { session { sessionId } } }`),
  fc
    .tuple(nasty)
    .map(
      ([c]) =>
        `{ tvWatchProviders(watchRegion: ${JSON.stringify(c)}) { providerId } watchProviderRegions(language: ${JSON.stringify(c)}) { countryCode } }`,
    ),
  fc
    .tuple(int, fc.constantFrom('CREATED_AT_ASC', 'CREATED_AT_DESC', 'NOPE', '"x"', '1'))
    .map(([id, s]) => `{ account(id: ${id}) { ratedMovies(sortBy: ${s}) { totalCount } } }`),
);

/** Structurally broken or abusive documents. */
const broken = fc.oneof(
  fc.string(),
  fc.nat({ max: 400 }).map((n) => `${'{ movie(id: 1) { productionCompanies { parentCompany '.repeat(n % 60)}`),
  fc.nat({ max: 300 }).map((n) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: configuration { changeKeys }`).join(' ')} }`),
  fc.nat({ max: 50 }).map((n) => `query Q${'($v: Int)'.repeat(n % 5)} { __typename ${'@skip(if: false) '.repeat(n)} }`),
  fc.constantFrom(
    '{',
    '}',
    'query',
    'fragment F on Movie { ...F } { movie(id: 1) { ...F } }',
    '{ __schema { types { name fields { name } } } }',
    'subscription { x }',
    '{ movie(id: 1) { title } } { movie(id: 2) { title } }',
  ),
);

const variables = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue(),
  fc.dictionary(fc.string(), fc.jsonValue()),
  fc.record({ id: int, t: nasty }),
);
const headers = fc.record(
  {
    authorization: fc.oneof(
      fc.constant(`Bearer ${SECRET_TOKEN}`),
      fc.constant(`Bearer ${SECRET_TOKEN}x`),
      fc.string(),
      nasty.map((s) => `Bearer ${s}`),
    ),
    'x-session-id': fc.oneof(fc.constant(SECRET_SESSION), nasty),
    'x-guest-session-id': fc.oneof(fc.constant(SECRET_SESSION), nasty),
    'content-type': fc.constantFrom(
      'application/json',
      'text/plain',
      'application/graphql',
      'multipart/form-data',
      'application/json; charset=utf-16',
    ),
    accept: fc.constantFrom('application/json', 'application/graphql-response+json', 'text/event-stream', '*/*', 'text/html'),
  },
  { requiredKeys: [] },
);

function safeHeaders(values: Record<string, string>): Record<string, string> {
  // fetch refuses header values with control characters; those never reach a server anyway.
  return Object.fromEntries(Object.entries(values).filter(([, v]) => /^[\x20-\x7e]*$/.test(v)));
}

/** One hostile request; the checks every answer must pass. Returns the answer's text. */
async function hostile(target: Harness, query: string, vars: unknown, head: Record<string, string>, asGet: boolean) {
  target.catalog.resetCalls();
  const init: RequestInit = asGet
    ? { method: 'GET', headers: safeHeaders(head) }
    : {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...safeHeaders(head) },
        body: JSON.stringify({ query, variables: vars }),
      };
  const url = asGet ? `${target.url}?query=${encodeURIComponent(query)}` : target.url;
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) });
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBeLessThan(500);
  expect(text).not.toContain(SECRET_TOKEN);
  expect(text).not.toContain(SECRET_SESSION);
  for (const call of target.catalog.calls) expect(isAllowedCall(call), JSON.stringify(call)).toBe(true);
  return { response, text };
}

describe('fuzz', () => {
  it(`survives ${RUNS} hostile requests`, async () => {
    let served = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(templated, broken), variables, headers, fc.boolean(), async (query, vars, head, asGet) => {
        await hostile(h, query, vars, head, asGet);
        served++;
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    expect(served).toBe(RUNS);
    expect(unhandled).toBe(0);
    // Still healthy afterwards.
    const after = await h.query(`{ configuration { changeKeys } }`);
    expect(after.body.data.configuration.changeKeys.length).toBeGreaterThan(0);
  }, 600_000);

  it(`serves the GraphiQL page, and nothing of the request in it, to ${PAGE_RUNS} hostile GETs`, async () => {
    let pages = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(templated, broken), headers, async (query, head) => {
        const { response, text } = await hostile(withPage, query, undefined, { ...head, accept: 'text/html' }, true);
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        expect(text).toContain('<title>Media Catalog GraphQL</title>');
        pages++;
      }),
      { numRuns: PAGE_RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    expect(pages).toBe(PAGE_RUNS);
    expect(unhandled).toBe(0);
  }, 120_000);
});

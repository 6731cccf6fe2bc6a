import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examples } from '../../src/graphql/graphiql.ts';
import { startHarness, type Harness } from '../helpers.ts';
import * as expected from '../expected.ts';

/**
 * Every example tab of the GraphiQL page runs on the embedded catalog as a person would run it:
 * the tour with no headers, the account tab's placeholders rejected, then the sign-in tab's two
 * steps giving the session that makes the account tab answer. A schema change that breaks an
 * example fails here, not in front of the next newcomer.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const { tour, account, signIn, review, discover } = examples;

async function run(tab: { query: string; variables?: string }, operationName?: string, headers: Record<string, string> = {}) {
  const response = await fetch(h.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: tab.query, variables: tab.variables ? JSON.parse(tab.variables) : undefined, operationName }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> };
}

describe('GraphiQL example tabs', () => {
  it('the tour runs with its one header, in French, and without errors', async () => {
    h.catalog.resetCalls();
    const { data, errors } = await run(tour, undefined, JSON.parse(tour.headers));
    expect(errors).toBeUndefined();
    // The header's French reaches the upstream; the series' own argument chooses Spanish for its subtree.
    expect(h.catalog.calls.find((call) => call.path === '/movie/upcoming')?.query.language).toBe('fr-FR');
    expect(h.catalog.calls.find((call) => call.path === '/tv/1169')?.query.language).toBe('es-ES');
    expect(expected.nodes(data.upcomingMovies).length).toBeGreaterThan(0);
    expect(expected.nodes(data.upcomingMovies)[0].posterUrl).toMatch(/^https:\/\/.+\/w342\/.+\.jpg$/);
    expect(data.review.media.__typename).toBe('Movie');
    expect(data.tvSeries.season.episode.name).toBeTruthy();
  });

  it('the account tab carries only placeholders, which the gateway rejects', async () => {
    const headers = JSON.parse(account.headers);
    expect(Object.keys(headers)).toEqual(['Authorization', 'X-Session-Id']);
    for (const value of Object.values<string>(headers)) expect(value).toContain('<PLACEHOLDER:');
    const { errors } = await run(account, undefined, headers);
    expect(errors?.length).toBeGreaterThan(0);
    expect(new Set(errors?.map((error) => error.extensions?.code))).toEqual(new Set(['UNAUTHENTICATED']));
  });

  it("the sign-in tab's two steps give the session the account tab needs", async () => {
    const started = await run(signIn, 'SignIn');
    expect(started.errors).toBeUndefined();
    const { requestToken, approvalUrl } = started.data.createRequestToken.requestToken;
    // As the comment says: opening approvalUrl on the embedded catalog approves the token.
    expect((await fetch(approvalUrl)).ok).toBe(true);
    const finished = await run({ ...signIn, variables: JSON.stringify({ requestToken }) }, 'FinishSignIn');
    expect(finished.errors).toBeUndefined();
    const { sessionId } = finished.data.createSession.session;

    // The Authorization line deleted (the gateway has a server token), the session filled in.
    const { data, errors } = await run(account, undefined, { 'X-Session-Id': sessionId });
    expect(errors).toBeUndefined();
    expect(data.movie.accountStates).toEqual(expect.objectContaining({ watchlist: expect.any(Boolean) }));
    expect(data.viewer.username).toBe('robin_okafor');
    expect(data.tvSeries.season.episode.name).toBeTruthy();
  });

  it('the review and search tabs run without errors', async () => {
    for (const tab of [review, discover]) {
      const { data, errors } = await run(tab);
      expect(errors, tab.query.slice(0, 80)).toBeUndefined();
      expect(data).toBeTruthy();
    }
  });
});

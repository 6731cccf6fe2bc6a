import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Client, fetchExchange } from '@urql/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/common/error-codes.ts';
import { startHarness, type Harness } from '../helpers.ts';

/**
 * A variable of the wrong shape, read by the client libraries apps use: the error says what is
 * wrong (graphql-js's reason, its "Did you mean") and where inside the variable, and never
 * shows the value. Introspection is on here, as in development, where suggestions are kept.
 */
let h: Harness;
let apollo: ApolloClient;
let urql: Client;
/** Every answer body the clients received, to look for the secrets in. */
const received: string[] = [];

const recordingAnswers: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  received.push(await response.clone().text());
  return response;
};

const SECRET = 'hunter2-correct-horse';

beforeAll(async () => {
  h = await startHarness({ config: { introspection: true } });
  apollo = new ApolloClient({ link: new HttpLink({ uri: h.url, fetch: recordingAnswers }), cache: new InMemoryCache() });
  urql = new Client({ url: h.url, exchanges: [fetchExchange], fetch: recordingAnswers, preferGetMethod: false });
});
afterAll(() => h.close());

const DISCOVER = gql`
  query Discover($sort: DiscoverMoviesSort, $filter: DiscoverMoviesFilter) {
    discover { id movies(sortBy: $sort, filter: $filter) { id totalCount } }
  }
`;
const LOGIN = gql`
  mutation Login($username: String!, $password: String!, $requestToken: String!) {
    createSessionWithLogin(input: { username: $username, password: $password, requestToken: $requestToken }) { session { sessionId } }
  }
`;

describe('variable errors read by Apollo Client 4', () => {
  it("keeps graphql-js's reason and suggestion for an enum value, hiding the value", async () => {
    const error = await apollo.query({ query: DISCOVER, variables: { sort: 'POPULARITY' } }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(CombinedGraphQLErrors.is(error)).toBe(true);
    const [first] = (error as CombinedGraphQLErrors).errors;
    expect(first!.message).toBe(
      'Variable "$sort" got an invalid value; Value <hidden> does not exist in "DiscoverMoviesSort" enum. Did you mean the enum value "POPULARITY_ASC" or "POPULARITY_DESC"?',
    );
    expect(first!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'sort', variablePath: ['sort'] });
  });

  it('says where inside an input object the wrong value is', async () => {
    const result = await apollo.query({
      query: DISCOVER,
      variables: { filter: { includeAdult: 'yes please' } },
      errorPolicy: 'all',
      fetchPolicy: 'no-cache',
    });
    const [first] = result.error && CombinedGraphQLErrors.is(result.error) ? result.error.errors : [];
    expect(first?.message).toBe(
      'Variable "$filter" got an invalid value at "filter.includeAdult"; Boolean cannot represent a non boolean value: <hidden>',
    );
    expect(first?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', variablePath: ['filter', 'includeAdult'] });
    expect(received.at(-1)).not.toContain('yes please');
  });

  it('gives a missing required variable a code, as Apollo reads it under application/graphql-response+json', async () => {
    const error = await apollo.mutate({ mutation: LOGIN, variables: { username: 'demo', password: SECRET } as never }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(CombinedGraphQLErrors.is(error)).toBe(true);
    expect((error as CombinedGraphQLErrors).errors.map((one) => [one.message, one.extensions?.code])).toEqual([
      ['Variable "$requestToken" of required type "String!" was not provided.', 'BAD_USER_INPUT'],
    ]);
  });
});

describe('variable errors read by urql', () => {
  it('never shows a password given in the wrong shape, in the message or anywhere in the answer', async () => {
    for (const password of [{ value: SECRET }, [SECRET], 4_815_162_342]) {
      received.length = 0;
      const result = await urql.mutation(LOGIN, { username: 'demo', password, requestToken: 'a'.repeat(40) }).toPromise();
      const [first] = result.error?.graphQLErrors ?? [];
      expect(first?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'password' });
      expect(first?.message).toMatch(/^Variable "\$password" got an invalid value; String cannot represent a non string value: <hidden>$/);
      expect(received).toHaveLength(1);
      expect(received[0]).not.toContain(SECRET);
      expect(received[0]).not.toContain('4815162342');
    }
  });

  it('reads every error of a bad document or variable with a code of the one table', async () => {
    const documents: [string, Record<string, unknown>][] = [
      ['query($id: Int!) { movie(id: $id) { id title } }', {}],
      ['query($id: Int!) { movie(id: $id) { id title } }', { id: null }],
      ['query($id: Int!) { movie(id: $id) { id title } }', { id: 'x' }],
      ['{ movie(id: 1) { id nope } }', {}],
      ['{ discover { id movies(sortBy: POPULARITY) { id totalCount } } }', {}],
    ];
    const codes: unknown[] = [];
    for (const [document, variables] of documents) {
      const result = await urql.query(document, variables, { requestPolicy: 'network-only' }).toPromise();
      expect(result.error?.graphQLErrors.length).toBeGreaterThan(0);
      codes.push(...(result.error?.graphQLErrors ?? []).map((error) => error.extensions?.code));
    }
    expect(codes).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT', 'BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_VALIDATION_FAILED']);
    for (const code of codes) expect(Object.keys(ERROR_CODES)).toContain(code);
  });
});

describe('requests no client library would send, over plain HTTP', () => {
  const post = async (body: unknown) => {
    const response = await fetch(h.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { errors: { extensions?: { code?: string } }[] } };
  };

  it('answers each with a code of the table, never a masked 500', async () => {
    const answers = [
      await post({ query: '{ movie(id: 1) { title }' }),
      await post({ query: 'subscription { movie }' }),
      await post({ query: 'query A { configuration { id changeKeys } }', operationName: 'B' }),
      await post({ query: 'query A { configuration { id changeKeys } } query B { configuration { id changeKeys } }' }),
    ];
    const overGet = await fetch(
      `${h.url}?query=${encodeURIComponent('{ configuration { id changeKeys } }')}&variables=${encodeURIComponent(`{"p":"${SECRET}"`)}`,
    );
    const getText = await overGet.text();
    expect(overGet.status).toBe(400);
    expect(getText).not.toContain(SECRET);
    const codes = [...answers.map((answer) => answer.body.errors[0]?.extensions?.code), JSON.parse(getText).errors[0].extensions.code];
    expect(codes).toEqual([
      'GRAPHQL_PARSE_FAILED',
      'GRAPHQL_VALIDATION_FAILED',
      'OPERATION_RESOLUTION_FAILURE',
      'OPERATION_RESOLUTION_FAILURE',
      'BAD_REQUEST',
    ]);
    for (const code of codes) expect(Object.keys(ERROR_CODES)).toContain(code);
    expect(answers.map((answer) => answer.status)).not.toContain(500);
  });
});

describe('with introspection off, as in production', () => {
  it('keeps the reason and drops the "Did you mean", which would reveal the schema', async () => {
    const closed = await startHarness({ config: { introspection: false } });
    try {
      const answer = await closed.query('query($sort: DiscoverMoviesSort) { discover { id movies(sortBy: $sort) { id totalCount } } }', {
        sort: 'POPULARITY',
      });
      expect(answer.body.errors?.map((error) => error.message)).toEqual([
        'Variable "$sort" got an invalid value; Value <hidden> does not exist in "DiscoverMoviesSort" enum.',
      ]);
    } finally {
      await closed.close();
    }
  });
});

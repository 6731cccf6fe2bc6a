import { readFileSync } from 'node:fs';
import { buildSchema, getNamedType, parse, TypeInfo, visit, visitWithTypeInfo } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOperations } from './coverage/account-operations.ts';
import { collectionsOperations } from './coverage/collections-operations.ts';
import { moviesOperations } from './coverage/movies-operations.ts';
import { peopleOperations } from './coverage/people-operations.ts';
import { seasonsOperations } from './coverage/seasons-operations.ts';
import { tvOperations } from './coverage/tv-operations.ts';
import { specOperations } from './coverage/spec-operations.ts';
import type { CoverageContext, CoverageEntry, CoveredOperation, OmittedOperation } from './coverage/types.ts';
import { createUserSession, startHarness, type Harness } from './helpers.ts';
import { isAllowedCall } from './upstream-contract.ts';

/**
 * Every operation of the real service's OpenAPI file is reached by some GraphQL operation
 * (asserted by the call the catalog saw), or left out with a reason a user would accept.
 */
const openapi: { operations: Array<{ operationId: string; method: string; path: string }> } = JSON.parse(
  readFileSync(new URL('./coverage/openapi-operations.json', import.meta.url), 'utf8'),
);

const entries: CoverageEntry[] = [
  ...specOperations,
  ...accountOperations,
  ...collectionsOperations,
  ...moviesOperations,
  ...peopleOperations,
  ...seasonsOperations,
  ...tvOperations,
];
const covered = entries.filter((e): e is CoveredOperation => 'graphql' in e);

const schema = buildSchema(readFileSync(new URL('../schema/schema.graphql', import.meta.url), 'utf8'));

/** The REST routes the descriptions name along a query: of each field it selects and of each field's type. */
function routesAlong(query: string): string[] {
  const info = new TypeInfo(schema);
  const texts: string[] = [];
  visit(
    parse(query),
    visitWithTypeInfo(info, {
      Field() {
        const field = info.getFieldDef();
        if (field) texts.push(field.description ?? '', getNamedType(field.type).description ?? '');
      },
    }),
  );
  return texts.flatMap((text) => [...text.matchAll(/`((?:GET|POST|DELETE) \/[^`]*)`/g)].map((m) => m[1]!));
}
const omitted = entries.filter((e): e is OmittedOperation => 'reason' in e);

let h: Harness;
let context: CoverageContext;

beforeAll(async () => {
  h = await startHarness();
  const sessionId = await createUserSession(h);
  const guest = await h.rest('/authentication/guest_session/new');
  context = {
    data: h.catalog.data,
    sessionId,
    guestSessionId: guest.guest_session_id,
    rest: (path) => h.rest(path),
    approveRequestToken: (token) => h.catalog.approveRequestToken(token),
    newUserSession: () => createUserSession(h),
  };
});
afterAll(async () => {
  const total = openapi.operations.length;
  const reached = openapi.operations.filter((op) => covered.some((e) => e.operationId === op.operationId)).length;
  console.log(`operations covered: ${reached}/${total} (${omitted.length} left out with a reason)`);
  await h.close();
});

describe('coverage of the OpenAPI operations', () => {
  it('names only operations of the file, each once', () => {
    const ids = new Set(openapi.operations.map((op) => op.operationId));
    const named = entries.map((e) => e.operationId);
    expect(named.filter((id) => !ids.has(id))).toEqual([]);
    expect(named.filter((id, i) => named.indexOf(id) !== i)).toEqual([]);
  });

  it('has an entry for every operation of the file', () => {
    const named = new Set(entries.map((e) => e.operationId));
    const missing = openapi.operations
      .filter((op) => !named.has(op.operationId))
      .map((op) => `${op.method} ${op.path} (${op.operationId})`);
    expect(missing).toEqual([]);
  });

  it('gives every omission a reason', () => {
    for (const entry of omitted) expect(entry.reason.length, entry.operationId).toBeGreaterThan(20);
  });

  it.each(covered.map((e) => [e.operationId, e] as const))('%s is reached through GraphQL', async (_, entry) => {
    const call = await entry.graphql(context);
    const headers: Record<string, string> = {};
    if (call.session === 'user') headers['x-session-id'] = context.sessionId;
    if (call.session === 'guest') headers['x-guest-session-id'] = context.guestSessionId;
    Object.assign(headers, call.headers);
    h.catalog.resetCalls();
    const response = await h.query(call.query, call.variables, headers);
    expect(response.body.errors, response.text).toBeUndefined();
    const seen = h.catalog.calls.filter((c) => c.method === entry.upstream.method && entry.upstream.path.test(c.path));
    expect(
      seen.length,
      `${entry.upstream.method} ${entry.upstream.path} among ${h.catalog.calls.map((c) => `${c.method} ${c.path}`).join(', ')}`,
    ).toBeGreaterThan(0);
    expect(seen.every((c) => c.status < 400)).toBe(true);
    // A team porting REST code finds the field by the route: it is named where the query reaches it.
    const operation = openapi.operations.find((op) => op.operationId === entry.operationId)!;
    const route = `${operation.method} ${operation.path.replace(/^\/3/, '')}`;
    expect(routesAlong(call.query), `${route} named along ${call.query}`).toContain(route);
    // Every call it caused uses a real path and only that operation's own parameter names.
    for (const c of h.catalog.calls) expect(isAllowedCall(c), `${c.method} ${c.path} ${JSON.stringify(c.query)}`).toBe(true);
  });
});

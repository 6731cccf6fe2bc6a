import type { GraphQLSchema } from 'graphql';
import { loadConfig } from '../../src/runtime/config.ts';
import { createHttpServer } from '../../src/http/serve.ts';
import { createGateway } from '../../src/gateway.ts';
import type { CoverageContext, CoveredOperation, GraphQLCall } from '../coverage/types.ts';
import { listen } from '../helpers.ts';
import { compare, type Mismatch } from './compare.ts';
import { GUEST_SESSION_ID, SESSION_ID, TOKEN, type UpstreamCall } from './example-server.ts';
import type { ExampleOperation } from './examples.ts';
import { type Exposure, normal } from './expect.ts';
import { OVERRIDES } from './operations.ts';
import { type Plan, planOperation, valueAt } from './plan.ts';
import { EXAMPLE_QUIRKS } from './rules.ts';

/** What one operation's run found. */
export interface OperationResult {
  operationId: string;
  query: string;
  anchor: string;
  errors: string[];
  mismatches: Array<Mismatch & { count: number }>;
  /** Request body and parameter problems of the call the gateway sent. */
  request: string[];
  notReached?: string;
  /** Other upstream operations the gateway called, with their counts. */
  otherCalls: string[];
  quirk?: string;
  exposure: Exposure;
  faithful: Set<string>;
}

/** The gateway over the example server: no caches (each operation sees its own calls), document limits opened up. */
export async function startContractGateway(baseUrl: string) {
  const defaults = loadConfig({});
  const limits = { ...defaults.limits, depth: 50, tokens: 100_000, cost: 1_000_000, aliases: 1_000, bodyBytes: 1_000_000 };
  const config = { ...defaults, cacheMaxBytes: 0, responseCacheMaxBytes: 0, logLevel: 'silent', limits };
  const gateway = createGateway({ ...config, catalogBaseUrl: baseUrl, catalogAccessToken: TOKEN });
  const server = createHttpServer(gateway.front.listener, config.http);
  const url = `http://127.0.0.1:${await listen(server)}/graphql`;
  return {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await gateway.upstream.close();
    },
  };
}

const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** The calls of the operation checked against its parameters and request body in the description. */
function requestProblems(op: ExampleOperation, calls: UpstreamCall[]): string[] {
  const problems = new Set<string>();
  for (const call of calls.filter((c) => c.operationId === op.operationId && !c.appended)) {
    for (const p of op.parameters.filter((p) => p.in === 'query' && p.required && call.query[p.name] === undefined)) {
      problems.add(`query parameter ${p.name} is required and was not sent`);
    }
    if (!op.requestBody) {
      if (call.body !== '') problems.add(`sent a body (${call.body}) to an operation that takes none`);
      continue;
    }
    if (!call.contentType?.startsWith('application/json'))
      problems.add(`content-type ${call.contentType ?? '(none)'}, not application/json`);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(call.body);
    } catch {
      problems.add(`the body is not JSON: ${call.body}`);
      continue;
    }
    const schemaExample = op.requestBody.example;
    for (const key of Object.keys(body).filter((k) => !(k in schemaExample))) problems.add(`body key ${key} is not in the request schema`);
    for (const [key, value] of Object.entries(schemaExample)) {
      if (!(key in body)) problems.add(`body lacks ${key} (${JSON.stringify(value)} in the request example)`);
      else if (jsonType(body[key]) !== jsonType(value))
        problems.add(`body ${key} is ${jsonType(body[key])}, the request schema's ${jsonType(value)}`);
    }
  }
  return [...problems];
}

function grouped(mismatches: Mismatch[]): OperationResult['mismatches'] {
  const groups = new Map<string, Mismatch & { count: number }>();
  for (const m of mismatches) {
    const key = `${normal(m.path).replace(/<[^>]*>/g, '')}|${m.field}|${m.note}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { ...m, path: normal(m.path), count: 1 });
  }
  return [...groups.values()];
}

/** The example server answers with the requested id: that is the top-level id to expect. */
function useAnsweredId(plan: Plan, id: unknown) {
  if (id === undefined) return;
  for (const node of [plan.parent, plan.expected]) {
    const leaf = node?.kind === 'object' ? node.fields.get('databaseId') : undefined;
    if (leaf?.kind !== 'leaf') continue;
    // Keep the expected value's type: a rename may already have turned a numeric string into a number.
    for (const check of leaf.checks) if (check.path === 'id') check.example = typeof check.example === 'number' ? Number(id) : id;
  }
}

/** Sends a planned query with the call's variables and session; answers the body and its errors, one line each. */
export async function postPlanned(gatewayUrl: string, call: GraphQLCall, query: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (call.session === 'user') headers['x-session-id'] = SESSION_ID;
  if (call.session === 'guest') headers['x-guest-session-id'] = GUEST_SESSION_ID;
  Object.assign(headers, call.headers);
  const response = await fetch(gatewayUrl, { method: 'POST', headers, body: JSON.stringify({ query, variables: call.variables }) });
  const body = (await response.json()) as {
    data?: unknown;
    errors?: Array<{ message: string; path?: unknown[]; extensions?: { code?: string } }>;
  };
  const errors = (body.errors ?? []).map(
    (e) => `${e.extensions?.code ?? 'UNCODED'} at ${(e.path ?? []).join('.') || '(request)'}: ${e.message}`,
  );
  return { body, errors };
}

export async function runOperation(
  schema: GraphQLSchema,
  op: ExampleOperation,
  entry: CoveredOperation,
  context: CoverageContext,
  gatewayUrl: string,
  calls: UpstreamCall[],
): Promise<OperationResult> {
  const call = await (OVERRIDES[op.operationId]?.call ?? entry.graphql)(context);
  const plan = planOperation(schema, op, call.query);
  calls.length = 0;
  const { body, errors } = await postPlanned(gatewayUrl, call, plan.query);
  useAnsweredId(plan, calls.find((c) => c.operationId === op.operationId && c.answeredId !== undefined)?.answeredId);
  const mismatches: Mismatch[] = [];
  compare(plan.expected, valueAt(body.data, plan.anchor), mismatches);
  if (plan.parent) compare(plan.parent, valueAt(body.data, plan.anchor.slice(0, -1)), mismatches);
  const counts = new Map<string, number>();
  for (const c of calls.filter((c) => c.operationId !== op.operationId)) counts.set(c.operationId, (counts.get(c.operationId) ?? 0) + 1);
  const reached = calls.some((c) => c.operationId === op.operationId && c.status < 400);
  const result: OperationResult = {
    operationId: op.operationId,
    query: plan.query,
    anchor: plan.anchor.join('.'),
    errors,
    mismatches: grouped(mismatches),
    request: requestProblems(op, calls),
    notReached: reached
      ? undefined
      : `${op.method} ${op.path} was not called (calls: ${calls.map((c) => `${c.method} ${c.path} ${c.status}`).join(', ')})`,
    otherCalls: [...counts].map(([id, n]) => `${id} ×${n}`),
    exposure: plan.exposure,
    faithful: new Set([...plan.exposure.compared].filter((p) => !mismatches.some((m) => normal(m.path) === p))),
  };
  const quirk = EXAMPLE_QUIRKS[op.operationId];
  if (!quirk) return result;
  if (errors.length > 0 && errors.every((e) => e.startsWith(`${quirk.expectedCode} at ${result.anchor}`))) {
    return { ...result, errors: [], mismatches: [], quirk: `known example quirk: ${quirk.reason}` };
  }
  return {
    ...result,
    errors: [...errors, `known example quirk: expected only ${quirk.expectedCode} at ${result.anchor}, as ${quirk.reason}`],
  };
}

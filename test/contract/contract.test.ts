import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/schema/index.ts';
import type { CoverageContext } from '../coverage/types.ts';
import { type ExampleServer, SESSION_ID, startExampleServer, TOKEN } from './example-server.ts';
import { examples } from './examples.ts';
import { contractContext, covered } from './operations.ts';
import { groupedReport, operationReport, totals } from './report.ts';
import { EXAMPLE_QUIRKS } from './rules.ts';
import { type OperationResult, runOperation, startContractGateway } from './run.ts';

/**
 * The graph against the real service's examples (the OpenAPI description published at
 * developer.themoviedb.org/openapi/tmdb-api.json): every operation, reached through the graph
 * over a test upstream that answers with the operation's own 200 example, must give every field
 * of the example, with the example's value. See README.md in this folder.
 */
let server: ExampleServer;
let gateway: Awaited<ReturnType<typeof startContractGateway>>;
let context: CoverageContext;
const results: OperationResult[] = [];

beforeAll(async () => {
  server = await startExampleServer();
  gateway = await startContractGateway(server.baseUrl);
  context = contractContext(server.baseUrl);
});

afterAll(async () => {
  const t = totals(results);
  console.log(`example fields exposed: ${t.exposed}/${t.fields}\nexample values faithful: ${t.faithful}/${t.compared}`);
  if (process.env.CONTRACT_REPORT) {
    writeFileSync(
      process.env.CONTRACT_REPORT,
      `${groupedReport(results)}\n\n${results.map(operationReport).filter(Boolean).join('\n\n')}\n`,
    );
  }
  await gateway?.close();
  await server?.close();
});

describe('the example server', () => {
  const get = (path: string, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
    fetch(`${server.baseUrl}${path}`, { headers }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

  it('refuses a missing token and a missing session as the real service does', async () => {
    expect(await get('/movie/11', {})).toMatchObject({ status: 401, body: { status_code: 7, success: false } });
    expect(await get('/account/548')).toMatchObject({ status: 401, body: { status_code: 3 } });
    expect(await get(`/account/548?session_id=${SESSION_ID}`)).toMatchObject({ status: 200 });
  });

  it('answers with the requested id and page, and appends sub-paths', async () => {
    expect((await get('/movie/550/credits')).body.id).toBe(550);
    expect((await get('/movie/popular?page=3')).body.page).toBe(3);
    const { body } = await get('/movie/550?append_to_response=videos,watch/providers');
    expect(body.id).toBe(550);
    expect(body.videos).toMatchObject({ id: 550, results: expect.any(Array) });
    expect(Object.keys(body['watch/providers'].results)).toContain('US');
  });
});

describe('the graph against the examples of the real service', () => {
  it('has a coverage entry for every operation of the description', () => {
    const missing = examples.filter((op) => !covered.some((e) => e.operationId === op.operationId)).map((op) => op.operationId);
    expect(missing).toEqual([]);
  });

  const title = (id: string) => (EXAMPLE_QUIRKS[id] ? `${id}, a known example quirk: ${EXAMPLE_QUIRKS[id].reason}` : id);
  it.each(examples.map((op) => [title(op.operationId), op] as const))('%s', async (_, op) => {
    const entry = covered.find((e) => e.operationId === op.operationId);
    if (!entry) return;
    const result = await runOperation(schema, op, entry, context, gateway.url, server.calls);
    results.push(result);
    const report = operationReport(result);
    if (report) expect.fail(`\n${report}`);
  });
});

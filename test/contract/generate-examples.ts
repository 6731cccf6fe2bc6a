/**
 * Writes test/contract/openapi-examples.json from the real service's OpenAPI description,
 * published at developer.themoviedb.org/openapi/tmdb-api.json: for each operationId its method,
 * path template, parameters, its 200 example and, for a write, its request body (schema and example).
 *
 *   npx tsx test/contract/generate-examples.ts <path or URL of tmdb-api.json>
 *
 * Run by hand when the description changes; the test reads only the JSON it writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface RawOperation {
  operationId: string;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema?: unknown; examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }>;
}

/** ReadMe-generated examples are sometimes JSON text rather than JSON: read them either way. */
const parsed = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
const firstExample = (examples: Record<string, { value: unknown }> | undefined) =>
  examples ? parsed(Object.values(examples)[0]?.value) : undefined;

async function load(source: string): Promise<{ paths: Record<string, Record<string, RawOperation>> }> {
  if (/^https?:/.test(source)) return (await fetch(source)).json() as never;
  return JSON.parse(readFileSync(source, 'utf8'));
}

async function main(source: string | undefined) {
  if (!source) throw new Error('usage: tsx test/contract/generate-examples.ts <path or URL of tmdb-api.json>');
  const openapi = await load(source);
  const operations = Object.entries(openapi.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const body = op.requestBody?.content['application/json'];
      return {
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []).map((p) => ({ name: p.name, in: p.in, required: p.required === true })),
        example: firstExample(op.responses['200']?.content?.['application/json']?.examples),
        ...(body ? { requestBody: { schema: body.schema, example: firstExample(body.examples) } } : {}),
      };
    }),
  );
  const lines = operations.map((op) => `    ${JSON.stringify(op)}`).join(',\n');
  const provenance = "the real service's OpenAPI description, published at developer.themoviedb.org/openapi/tmdb-api.json";
  const text = `{\n  "source": ${JSON.stringify(provenance)},\n  "operations": [\n${lines}\n  ]\n}\n`;
  writeFileSync(new URL('./openapi-examples.json', import.meta.url), text);
  console.log(`${operations.length} operations written to test/contract/openapi-examples.json`);
}

await main(process.argv[2]);

import { readFileSync } from 'node:fs';

/**
 * The operations of the real service's OpenAPI description, published at
 * developer.themoviedb.org/openapi/tmdb-api.json, each with its 200 example (written by
 * generate-examples.ts into openapi-examples.json).
 */
export interface ExampleOperation {
  operationId: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Path template, with the version segment: `/3/movie/{movie_id}`. */
  path: string;
  parameters: Array<{ name: string; in: 'path' | 'query' | 'header'; required: boolean }>;
  example: unknown;
  /** For a write: the body schema and example of the description. */
  requestBody?: { schema: unknown; example: Record<string, unknown> };
}

export const examples: ExampleOperation[] = JSON.parse(
  readFileSync(new URL('./openapi-examples.json', import.meta.url), 'utf8'),
).operations;

export function exampleOperation(operationId: string): ExampleOperation {
  const op = examples.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId} in openapi-examples.json`);
  return op;
}

/** The example of an operation, as an object (every example used for ids is one). */
export const example = (operationId: string) => exampleOperation(operationId).example as Record<string, any>;

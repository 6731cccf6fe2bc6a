import { complexityFromQuery } from '@pothos/plugin-complexity';
import { type DocumentNode, type ExecutionArgs, getOperationAST, Kind } from 'graphql';
import { handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import type { GatewayContext } from '../schema/context.ts';
import { boundedJson } from './bounded-json.ts';

/**
 * Every executed answer says what it cost, in `extensions.cost`, as Shopify's and GitHub's
 * GraphQL APIs do:
 * - `estimated`: the estimate of upstream calls the cost limit checked before execution;
 * - `limit`: that limit (MAX_COST);
 * - `upstreamCalls`: the catalog calls the answer needed (src/schema/context.ts, UpstreamTally).
 * An incremental answer (@defer, @stream) reports in each part the calls sent so far (a deferred
 * call is usually on its way before the first part leaves); the last part has the total. docs/costs.md explains the figures.
 */
export interface CostReport {
  estimated: number;
  limit: number;
  upstreamCalls: number;
}

/**
 * The estimate the schema's limit checks: the same function of the complexity plugin, over the
 * operation that runs (the plugin's helper reads a document's first operation, so the document
 * is cut down to the named one and its fragments).
 */
function estimateOf(document: DocumentNode, operationName: string | null | undefined, args: Parameters<typeof complexityFromQuery>[1]) {
  const operation = getOperationAST(document, operationName);
  if (!operation) return undefined;
  const only: DocumentNode = {
    ...document,
    definitions: document.definitions.filter((one) => one.kind !== Kind.OPERATION_DEFINITION || one === operation),
  };
  try {
    return complexityFromQuery(only, args).complexity;
  } catch {
    // Variables that cannot be coerced: execution answers with their error, and no estimate ran.
    return undefined;
  }
}

/** Each operation's estimate, made once for the report and the batch's limit (protections.ts). */
const estimates = new WeakMap<object, number | undefined>();

/**
 * The estimate depends only on the schema, the operation, its fragments and its variables, so it
 * is kept (Yoga's parse cache hands the same document object for the same text) and not walked
 * again for every request of the same operation. The key is the document's number, the
 * operation's name and the JSON of its variables, which hold only the declared ones by then
 * (declared-variables.ts). A key past KEY_MAX_CHARS (large or deep values) is not kept: the
 * estimate is made each time. The cache is bounded in bytes; a collected document's entries go
 * as the least recently used. Before, the raw variables were the key, kept up to 32 a document:
 * 60 documents × 32 undeclared variables of 95 KB filled `npm start`'s heap.
 */
const KEY_MAX_CHARS = 1_024;
const ESTIMATES_MAX_BYTES = 1024 * 1024;
/** What an entry costs besides its key: the number, the LRU's bookkeeping. */
const ENTRY_OVERHEAD = 96;
/** An estimate that could not be made (variables that cannot be coerced); the LRU holds no undefined. */
const NONE = -1;
const kept = new LRUCache<string, number>({
  maxSize: ESTIMATES_MAX_BYTES,
  sizeCalculation: (_estimate, key) => 2 * key.length + ENTRY_OVERHEAD,
});

/** A number for each document and schema seen, for the keys: held weakly, so none is kept alive by it. */
const numbers = new WeakMap<object, number>();
let lastNumber = 0;
function numberOf(object: object): number {
  let number = numbers.get(object);
  if (number === undefined) numbers.set(object, (number = ++lastNumber));
  return number;
}

function cachedEstimate(args: ExecutionArgs, context: GatewayContext): number | undefined {
  const variables = (args.variableValues ?? {}) as Record<string, unknown>;
  const json = boundedJson(variables, KEY_MAX_CHARS);
  const key = json === undefined ? undefined : `${numberOf(args.schema)}:${numberOf(args.document)}\0${args.operationName ?? ''}\0${json}`;
  const known = key === undefined || key.length > KEY_MAX_CHARS ? undefined : key;
  const hit = known === undefined ? undefined : kept.get(known);
  if (hit !== undefined) return hit === NONE ? undefined : hit;
  const estimate = estimateOf(args.document, args.operationName, { schema: args.schema, ctx: context, variables });
  if (known !== undefined) kept.set(known, estimate ?? NONE);
  return estimate;
}

/** The estimate of the operation that runs, by its execution arguments; undefined when none ran. */
export function operationEstimate(args: ExecutionArgs): number | undefined {
  const context = args.contextValue as GatewayContext;
  if (estimates.has(context)) return estimates.get(context);
  const estimate = cachedEstimate(args, context);
  estimates.set(context, estimate);
  return estimate;
}

export const useCostReport: Plugin = {
  onExecute: ({ args }) => {
    const context = args.contextValue as unknown as GatewayContext;
    const estimated = operationEstimate(args);
    if (estimated === undefined) return;
    const report = (): CostReport => ({ estimated, limit: context.limits.cost, upstreamCalls: context.upstream.calls });
    return {
      onExecuteDone: (payload) =>
        handleStreamOrSingleExecutionResult(payload, ({ result, setResult }) => {
          setResult({ ...result, extensions: { ...result.extensions, cost: report() } });
        }),
    };
  },
};

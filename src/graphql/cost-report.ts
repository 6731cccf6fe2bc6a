import { complexityFromQuery } from '@pothos/plugin-complexity';
import { type DocumentNode, type ExecutionArgs, getOperationAST, type GraphQLSchema, Kind } from 'graphql';
import { handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../schema/context.ts';

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
 * The estimate depends only on the operation, its fragments and its variables, so it is kept
 * with the parsed document (Yoga's parse cache hands the same object for the same text) for the
 * variables it was made for, not walked again for every request of the same document. The
 * variables' JSON is the key; a document seen with many different variables keeps the last
 * MAX_VARIANTS, and a collected document takes its estimates with it.
 */
const byDocument = new WeakMap<DocumentNode, { schema: GraphQLSchema; estimates: Map<string, number | undefined> }>();
const MAX_VARIANTS = 32;

function cachedEstimate(args: ExecutionArgs, context: GatewayContext): number | undefined {
  const variables = (args.variableValues ?? {}) as Record<string, unknown>;
  const key = `${args.operationName ?? ''}\0${JSON.stringify(variables)}`;
  let known = byDocument.get(args.document);
  // The same text served by the graph and the subgraph: each schema estimates it its own way.
  if (known?.schema !== args.schema) byDocument.set(args.document, (known = { schema: args.schema, estimates: new Map() }));
  if (known.estimates.has(key)) return known.estimates.get(key);
  const estimate = estimateOf(args.document, args.operationName, { schema: args.schema, ctx: context, variables });
  const oldest = known.estimates.size >= MAX_VARIANTS ? known.estimates.keys().next() : undefined;
  if (oldest && !oldest.done) known.estimates.delete(oldest.value);
  known.estimates.set(key, estimate);
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

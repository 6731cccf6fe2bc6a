import { complexityFromQuery } from '@pothos/plugin-complexity';
import { type DocumentNode, type ExecutionArgs, getOperationAST, type GraphQLError, Kind } from 'graphql';
import { createGraphQLError, handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import type { ErrorCode } from '../common/error-codes.ts';
import { REQUEST } from '../common/messages.ts';
import type { GatewayContext, OperationFigures } from '../schema/context.ts';

/*
 * What the gateway keeps of a request's document between requests, each bounded in bytes: its
 * cost estimates (by the declared variables, when short: boundedJson below), which the report,
 * a batch's limit and the schema's limit check read, and, below, the parsed documents themselves
 * (Yoga's parse cache, PARSE_CACHE_MAX_BYTES). One file, as both run on every request's path
 * (docs/ARCHITECTURE.md).
 */

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
 * The figures the schema's limits check: the same function of the complexity plugin, over the
 * operation that runs (the plugin's helper reads a document's first operation, so the document
 * is cut down to the named one and its fragments).
 */
function figuresOf(
  document: DocumentNode,
  operationName: string | null | undefined,
  args: Parameters<typeof complexityFromQuery>[1],
): OperationFigures | undefined {
  const operation = getOperationAST(document, operationName);
  if (!operation) return undefined;
  const only: DocumentNode = {
    ...document,
    definitions: document.definitions.filter((one) => one.kind !== Kind.OPERATION_DEFINITION || one === operation),
  };
  try {
    const { complexity, depth, breadth } = complexityFromQuery(only, args);
    return { complexity, depth, breadth };
  } catch {
    // Variables that cannot be coerced: execution answers with their error, and no estimate ran.
    return undefined;
  }
}

/**
 * The estimate depends only on the schema, the operation, its fragments and its variables, so it
 * is kept (Yoga's parse cache hands the same document object for the same text) and not walked
 * again for every request of the same operation. The key is the document's number, the
 * operation's name and the JSON of its variables, which hold only the declared ones by then
 * (useDeclaredVariablesOnly, protections.ts). A key past KEY_MAX_CHARS (large or deep values)
 * is not kept: the estimate is made each time. The cache is bounded in bytes; a collected document's entries go
 * as the least recently used. Before, the raw variables were the key, kept up to 32 a document:
 * 60 documents × 32 undeclared variables of 95 KB filled `npm start`'s heap.
 */
const KEY_MAX_CHARS = 1_024;
const ESTIMATES_MAX_BYTES = 1024 * 1024;
/** What an entry costs besides its key: the figures' object, the LRU's bookkeeping. */
const ENTRY_OVERHEAD = 160;
/** The figures of an estimate that could not be made (variables that cannot be coerced); the LRU holds no undefined. */
const NONE: OperationFigures = { complexity: -1, depth: -1, breadth: -1 };
const kept = new LRUCache<string, OperationFigures>({
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

function cachedFigures(args: ExecutionArgs, context: GatewayContext): OperationFigures | undefined {
  const variables = (args.variableValues ?? {}) as Record<string, unknown>;
  const json = boundedJson(variables, KEY_MAX_CHARS);
  const key = json === undefined ? undefined : `${numberOf(args.schema)}:${numberOf(args.document)}\0${args.operationName ?? ''}\0${json}`;
  const known = key === undefined || key.length > KEY_MAX_CHARS ? undefined : key;
  const hit = known === undefined ? undefined : kept.get(known);
  if (hit !== undefined) return hit === NONE ? undefined : hit;
  const estimate = figuresOf(args.document, args.operationName, { schema: args.schema, ctx: context, variables });
  if (known !== undefined) kept.set(known, estimate ?? NONE);
  return estimate;
}

/**
 * The estimate of the operation that runs, by its execution arguments; undefined when none ran.
 * Made once per operation, for the report, the batch's limit (useBatchCost, below) and the schema's
 * limit check (builder.ts): the figures go down with the context, which the check reads rather
 * than walking the operation again.
 */
export function operationEstimate(args: ExecutionArgs): number | undefined {
  const context = args.contextValue as GatewayContext;
  if (context.estimate === undefined) context.estimate = cachedFigures(args, context) ?? null;
  return context.estimate?.complexity;
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
          setResult({ ...refusedWhole(result), extensions: { ...result.extensions, cost: report() } });
        }),
    };
  },
};

/** The estimates of the operations of one HTTP request let through so far. */
const batchEstimates = new WeakMap<Request, number>();

/**
 * MAX_COST bounds the estimate of one HTTP request, not of each operation of a batch: ten
 * operations in one request may not each spend it. An operation whose estimate, added to those
 * of the request's operations already let through, passes the limit is refused before it runs,
 * with the same code as the schema's own cost check. One over the limit alone is left to that
 * check (builder.ts), and takes nothing from the others. The calls made are bounded apart, at
 * run time (src/schema/context.ts, callBudgetOf): an estimate is only an estimate.
 */
export function useBatchCost(max: number): Plugin {
  return {
    onExecute: ({ args, setExecuteFn }) => {
      const request = (args.contextValue as { request?: Request }).request;
      const estimate = operationEstimate(args);
      if (!request || estimate === undefined || estimate > max) return;
      const together = (batchEstimates.get(request) ?? 0) + estimate;
      if (together <= max) {
        batchEstimates.set(request, together);
        return;
      }
      const code: ErrorCode = 'QUERY_TOO_COMPLEX';
      const operation = getOperationAST(args.document, args.operationName);
      const refused = createGraphQLError(REQUEST.batchCostLimit(max, together), {
        nodes: operation ? [operation] : undefined,
        extensions: { code, limit: 'cost', max, found: together },
      });
      // Not stopped early: the log, the metrics and the error plugins still see the operation.
      setExecuteFn(() => ({ errors: [refused] }));
    },
  };
}

/**
 * The complexity plugin checks the operation's limits in every root field, and the root fields
 * are nullable (one failure costs only its own field): over a limit, each of them would answer
 * null with the same QUERY_TOO_COMPLEX. The operation was refused whole, before any call, so the
 * answer is that one error with no data, as a non-null root made it.
 */
function refusedWhole<Result extends { data?: unknown; errors?: readonly GraphQLError[] }>(result: Result): Result {
  const refusal = result.errors?.find((error) => error.extensions?.code === 'QUERY_TOO_COMPLEX' && error.path?.length === 1);
  return refusal ? { ...result, data: null, errors: [refusal] } : result;
}

/** Nesting past which a value is not written: far within the stack, far beyond any real variable. */
const MAX_DEPTH = 1_000;

/**
 * The JSON of a request's value when it takes at most `maxChars` characters, else undefined: a
 * client's variables may be 95 KB, or a list nested 45,000 deep, which JSON.stringify alone would
 * copy into a key or overflow the stack on (a RangeError answered 500). The walk stops as soon as
 * the value cannot fit, so it costs at most about `maxChars` steps whatever the value holds.
 */
export function boundedJson(value: unknown, maxChars: number): string | undefined {
  let left = maxChars;
  // Counts at least what each part takes in JSON (a number at least one digit), stopping early.
  const fits = (item: unknown, depth: number): boolean => {
    if (item === null || typeof item !== 'object') {
      left -= typeof item === 'string' ? item.length + 2 : 1;
      return left >= 0;
    }
    if (depth >= MAX_DEPTH) return false;
    left -= 2;
    if (Array.isArray(item)) {
      for (const one of item) {
        left -= 1;
        if (left < 0 || !fits(one, depth + 1)) return false;
      }
    } else {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        left -= key.length + 4;
        if (left < 0 || !fits((item as Record<string, unknown>)[key], depth + 1)) return false;
      }
    }
    return left >= 0;
  };
  if (!fits(value, 0)) return undefined;
  const json = JSON.stringify(value);
  return json !== undefined && json.length <= maxChars ? json : undefined;
}

/**
 * PARSE_CACHE_MAX_BYTES: the parsed documents and parse errors Yoga keeps by their text, in one
 * cache bounded in bytes. Yoga's own keeps 1,024 of each, counted by number: 1,100 distinct
 * documents of 95 KB and 200 that did not parse ran `npm start`'s heap of 192 MB out.
 *
 * What an entry holds, measured with graphql-js 16: its text (counted at two bytes a character,
 * a text outside Latin-1 takes that), and for a document every token of it, which the parser's
 * locations keep linked (235 to 443 bytes each: a 3,000-character document nested 1,000 deep
 * holds 1 MB); a parse error holds the text and a few small objects.
 */
const PER_TOKEN = 400;
const PER_ENTRY = 1_024;

type Parsed = DocumentNode | Error;

/** What an entry is counted at: its text, its tokens and a fixed part. */
function parsedBytes(text: string, parsed: Parsed): number {
  let tokens = 0;
  if (!(parsed instanceof Error)) for (let token = parsed.loc?.startToken ?? null; token; token = token.next) tokens++;
  return 2 * text.length + PER_TOKEN * tokens + PER_ENTRY;
}

/**
 * Yoga's `parserAndValidationCache` option over one LRU in bytes, shared by the graph and the
 * subgraph (the same text parses the same for both), and a plugin that drops a document that
 * fails validation: Yoga would keep its validation errors beside it (about 3 KB each, up to 100),
 * which no size given at parse time can count. A document that passes keeps an empty result.
 * One entry may take at most a quarter of the bound, so a few dense documents cannot flush all.
 */
export function createParseCache(maxBytes: number) {
  const entries = new LRUCache<string, Parsed>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
    sizeCalculation: (parsed, text) => parsedBytes(text, parsed),
  });
  const textOf = new WeakMap<DocumentNode, string>();
  const options = {
    documentCache: {
      get: (text: string) => {
        const parsed = entries.get(text);
        return parsed instanceof Error ? undefined : parsed;
      },
      set: (text: string, document: DocumentNode) => {
        textOf.set(document, text);
        entries.set(text, document);
      },
    },
    errorCache: {
      get: (text: string) => {
        const parsed = entries.get(text);
        return parsed instanceof Error ? parsed : undefined;
      },
      set: (text: string, error: unknown) => {
        if (error instanceof Error) entries.set(text, error);
      },
    },
    // Per document (a WeakMap of Yoga's), so it lives as long as the document stays above.
    validationCache: true,
  };
  const dropInvalid: Plugin = {
    onValidate:
      ({ params }) =>
      ({ result }) => {
        if (result.length === 0) return;
        const text = textOf.get(params.documentAST);
        if (text !== undefined && entries.peek(text) === params.documentAST) entries.delete(text);
      },
  };
  return { options, dropInvalid };
}

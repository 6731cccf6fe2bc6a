import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import {
  type FieldNode,
  getOperationAST,
  GraphQLError,
  Kind,
  Lexer,
  NoSchemaIntrospectionCustomRule,
  type OperationDefinitionNode,
  type SelectionSetNode,
  Source,
  TokenKind,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { Config } from '../runtime/config.ts';
import { ERROR_CODES, type ErrorCode } from '../common/error-codes.ts';
import { useBatchCost } from './cost-report.ts';
import { KEEP_ALL, type KeepsPart } from './gateway-parts.ts';
import { REQUEST } from '../common/messages.ts';

/**
 * What stands between a hostile client and the upstream: GraphQL Armor's document limits
 * (depth, aliases, directives, tokens; the cost limit lives in the schema's complexity plugin,
 * which knows list sizes), the shape of requests that may write, and no introspection or field
 * suggestions in production. Every rejection says which limit and by how much.
 */
export function protections(config: Config, keeps: KeepsPart = KEEP_ALL): Plugin[] {
  const { limits } = config;
  const armorRules = ['armor-depth', 'armor-aliases', 'armor-directives', 'armor-tokens'] as const;
  const suggestionsBlocked = keeps('armor-suggestions') && !config.introspection;
  const plugins: Array<Plugin | false> = [
    armorRules.some(keeps) && useOperationsSeen,
    (armorRules.some(keeps) || suggestionsBlocked) &&
      (EnvelopArmorPlugin({
        maxDepth: {
          enabled: keeps('armor-depth'),
          n: limits.depth,
          exposeLimits: true,
          flattenFragments: true,
          onReject: [located('depth', limits.depth)],
        },
        maxAliases: {
          enabled: keeps('armor-aliases'),
          n: limits.aliases,
          exposeLimits: true,
          onReject: [located('aliases', limits.aliases)],
        },
        maxDirectives: {
          enabled: keeps('armor-directives'),
          n: limits.directives,
          exposeLimits: true,
          onReject: [located('directives', limits.directives)],
        },
        maxTokens: { enabled: keeps('armor-tokens'), n: limits.tokens, exposeLimits: true, onReject: [coded('tokens', limits.tokens)] },
        costLimit: { enabled: false },
        blockFieldSuggestion: { enabled: suggestionsBlocked },
      }) as Plugin),
    keeps('armor-tokens') && useTokenLimitLocated(limits.tokens),
    useParserStackBound,
    keeps('introspection-depth') && { onValidate: ({ addValidationRule }) => addValidationRule(introspectionDepthRule()) },
    keeps('batch-cost') && useBatchCost(limits.cost),
    keeps('writes') && useWritesNeedPreflight,
    // graphql-js's own rule, as @graphql-yoga/plugin-disable-introspection adds it, without that
    // plugin's per-request decision (a WeakSet entry per request) for a choice made at start.
    keeps('no-introspection') &&
      !config.introspection && { onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule) },
  ];
  return plugins.filter((plugin): plugin is Plugin => plugin !== false);
}

/**
 * Only the variables the operation declares reach execution and every plugin after this one: an
 * undeclared one is dropped unread, as graphql-js would ignore it. Before, the cost report keyed
 * its kept estimates by the JSON of all of them: a 95 KB junk variable per request filled the heap,
 * and a list nested 45,000 deep overflowed the stack (500, and an error logged). It runs first
 * of the gateway's onExecute hooks, for both endpoints; nothing before execution walks them
 * (the whole-response cache hashes the body's bytes, the log lines never hold variables).
 */
export const useDeclaredVariablesOnly: Plugin = {
  onExecute: ({ args }) => {
    const given = args.variableValues;
    if (!given) return;
    const declared: Record<string, unknown> = {};
    for (const definition of getOperationAST(args.document, args.operationName)?.variableDefinitions ?? []) {
      const name = definition.variable.name.value;
      if (Object.hasOwn(given, name)) declared[name] = given[name];
    }
    args.variableValues = declared;
  },
};

/**
 * `_service { sdl }` is the whole schema, descriptions included: with introspection off it is
 * refused like `__schema`, unless the subgraph answers only its router (SUBGRAPH_TOKEN).
 */
export const useNoServiceSdl: Plugin = {
  onValidate: ({ addValidationRule }) =>
    addValidationRule((context: ValidationContext) => ({
      Field(node: FieldNode) {
        if (node.name.value === '_service' && context.getParentType() === context.getSchema().getQueryType())
          context.reportError(createGraphQLError(REQUEST.serviceSdlOff, { nodes: [node] }));
      },
    })),
};

type DocumentLimit = 'depth' | 'aliases' | 'directives' | 'tokens';

/**
 * Armor's rejections come as "Syntax Error: Aliases limit of 30 exceeded, found 31." with no
 * code and no place in the document; each one is rewritten to read like the cost limit's: a code
 * a client can branch on, the limit's name, its maximum and, where Armor counted it, what was
 * found (the token count stops at the limit, so it has none).
 */
function limitExtensions(limit: DocumentLimit, max: number, error: GraphQLError) {
  const found = /found (\d+)/.exec(error.message)?.[1];
  const code: ErrorCode = 'QUERY_TOO_COMPLEX';
  return { message: REQUEST.documentLimit(limit, max, found), extensions: { code, limit, max, ...(found && { found: Number(found) }) } };
}

function coded(limit: DocumentLimit, max: number) {
  return (_context: unknown, error: GraphQLError) => {
    const { message, extensions } = limitExtensions(limit, max, error);
    error.message = message;
    Object.assign(error.extensions, extensions);
  };
}

/** The operation each validation is in, for Armor's rules, which name none (they run after this one). */
const operationsSeen = new WeakMap<ValidationContext, OperationDefinitionNode>();

const useOperationsSeen: Plugin = {
  onValidate: ({ addValidationRule }) =>
    addValidationRule((context: ValidationContext) => ({
      OperationDefinition: (node: OperationDefinitionNode) => void operationsSeen.set(context, node),
    })),
};

/**
 * A depth, aliases or directives rejection is located at the operation it refuses, so a client
 * (GraphiQL, an IDE) can place it; Armor's own error has no location. It is thrown in place of
 * Armor's, as Armor would throw its own: validation stops there, so no costlier rule goes on
 * through a document already refused.
 */
function located(limit: DocumentLimit, max: number) {
  return (context: ValidationContext | null, error: GraphQLError) => {
    const { message, extensions } = limitExtensions(limit, max, error);
    const operation = context ? operationsSeen.get(context) : undefined;
    throw new GraphQLError(message, { nodes: operation ? [operation] : undefined, extensions });
  };
}

/**
 * The tokens limit stops the parser, which has no document yet to point into: the rejection is
 * located at the first token past the limit, counted again as Armor counts (comments skipped).
 */
function useTokenLimitLocated(max: number): Plugin {
  return {
    onParse: ({ params }) => {
      const source = typeof params.source === 'string' ? new Source(params.source) : params.source;
      return ({ result, replaceParseResult }) => {
        if (!(result instanceof GraphQLError) || result.extensions?.limit !== 'tokens' || result.locations) return;
        const position = tokenPast(source, max);
        if (position === undefined) return;
        replaceParseResult(new GraphQLError(result.message, { source, positions: [position], extensions: result.extensions }));
      };
    },
  };
}

/**
 * graphql-js parses by recursive descent: a value nested a few thousand deep (`[[[…1…]]]`, 2,400
 * levels in 4,800 tokens, under MAX_TOKENS) runs the stack out before any depth rule can see a
 * document, and the RangeError answered 500. It is a document that does not parse.
 */
const useParserStackBound: Plugin = {
  onParse:
    () =>
    ({ result, replaceParseResult }) => {
      if (!(result instanceof RangeError)) return;
      const code: ErrorCode = 'GRAPHQL_PARSE_FAILED';
      replaceParseResult(createGraphQLError(REQUEST.nestedTooDeep, { extensions: { code, http: { status: ERROR_CODES[code].status } } }));
    },
};

function tokenPast(source: Source, max: number): number | undefined {
  const lexer = new Lexer(source);
  try {
    for (let count = 1, token = lexer.advance(); token.kind !== TokenKind.EOF; count++, token = lexer.advance()) {
      if (count > max) return token.start;
    }
  } catch {
    // A syntax error before the limit: not this rejection.
  }
  return undefined;
}

/**
 * The bodies a POST may carry: the ones Yoga reads (its own matching: the first item of the
 * header, exactly, parameters allowed), less the form and multipart bodies. None of these is
 * CORS-safelisted, so a browser sends them cross-site only after a preflight.
 */
const POST_TYPES = ['application/json', 'application/graphql+json', 'application/graphql'];

/**
 * Whether a Content-Type header names `type`, read as Yoga's request parsers read it: the first
 * type of a list (some clients send one), its case kept, parameters allowed after a `;`; so a
 * body the fence takes is one Yoga's parser takes.
 */
function namesType(header: string | null, type: string): boolean {
  const first = header?.split(',')[0];
  return first === type || first?.startsWith(`${type};`) === true;
}

const postTypeAllowed = (header: string | null) => POST_TYPES.some((type) => namesType(header, type));

function refusal(code: ErrorCode, message: string, headers?: Record<string, string>) {
  return createGraphQLError(message, { extensions: { code, http: { status: ERROR_CODES[code].status, headers } } });
}

/**
 * No CSRF token or header is asked of anyone: credentials travel in headers (Authorization,
 * X-Session-Id, X-Guest-Session-Id) that a browser never attaches on its own and a cross-site
 * form, <img> or simple fetch cannot set, so a forged request runs with no user's rights. A
 * query over GET (urql's default, curl, a CDN) is therefore answered as any other query: it
 * changes nothing, and CORS decides which pages may read its answer.
 *
 * Writes keep one more fence, so that a write is always a request a browser preflights, which
 * CORS_ORIGINS can then refuse: a mutation over GET is 405 (Yoga refuses it too, typed
 * BAD_REQUEST; this gives it its own code), and a POST is read only with a JSON or GraphQL body
 * (Yoga alone would run a mutation sent by a cross-site HTML form, urlencoded or multipart, with
 * the server's token; a text/plain or untyped body it answers 415 with an empty body).
 */
const useWritesNeedPreflight: Plugin = {
  onRequestParse: ({ request }) => {
    if (request.method !== 'GET' && request.method !== 'POST') {
      throw refusal('METHOD_NOT_ALLOWED', REQUEST.methods, { Allow: 'GET, POST' });
    }
    if (request.method === 'POST' && !postTypeAllowed(request.headers.get('content-type'))) {
      throw refusal('UNSUPPORTED_MEDIA_TYPE', REQUEST.postTypes);
    }
  },
  // After-hooks run in plugin order, so this one answers before Yoga's own GET-mutation check.
  onParse:
    () =>
    ({ result, context }) => {
      const { request, params } = context as { request?: Request; params?: { operationName?: string } };
      if (request?.method !== 'GET' || !result || result instanceof Error) return;
      if (getOperationAST(result, params?.operationName)?.operation !== 'mutation') return;
      throw refusal('METHOD_NOT_ALLOWED', REQUEST.mutationOverGet, { Allow: 'POST' });
    },
};

/**
 * GraphQL Armor's depth limit exempts `__schema`, so `ofType { ofType { … } }` forty levels deep
 * went through. Introspection gets its own bound instead of the query depth limit, because the
 * standard introspection query of graphql-js and GraphiQL nests 15 deep, past the default
 * MAX_DEPTH of 12.
 */
const INTROSPECTION_MAX_DEPTH = 20;

function introspectionDepthRule(max = INTROSPECTION_MAX_DEPTH): ValidationRule {
  return (context) => {
    // Memoised per fragment, so spreads cannot make the walk exponential; a cycle counts as 0
    // (NoFragmentCyclesRule reports it). Fragments are looked up only under an introspection field.
    const fragmentDepth = new Map<string, number>();
    const depth = (set: SelectionSetNode | undefined): number => {
      let deepest = 0;
      for (const selection of set?.selections ?? []) {
        if (selection.kind === Kind.FIELD) deepest = Math.max(deepest, 1 + depth(selection.selectionSet));
        else if (selection.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depth(selection.selectionSet));
        else {
          const name = selection.name.value;
          if (!fragmentDepth.has(name)) {
            fragmentDepth.set(name, 0);
            fragmentDepth.set(name, depth(context.getFragment(name)?.selectionSet));
          }
          deepest = Math.max(deepest, fragmentDepth.get(name) ?? 0);
        }
      }
      return deepest;
    };
    return {
      Field(node) {
        if (node.name.value !== '__schema' && node.name.value !== '__type') return undefined;
        const found = 1 + depth(node.selectionSet);
        if (found > max) {
          context.reportError(
            new GraphQLError(REQUEST.introspectionDepth(max, found), {
              nodes: [node],
              extensions: { code: 'QUERY_TOO_COMPLEX' satisfies ErrorCode, limit: 'introspectionDepth', max, found },
            }),
          );
        }
        return false;
      },
    };
  };
}

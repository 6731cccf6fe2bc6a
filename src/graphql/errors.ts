import { type ExecutionResult, GraphQLError } from 'graphql';
import { createGraphQLError, handleStreamOrSingleExecutionResult, isAsyncIterable, isPromise, maskError, type Plugin } from 'graphql-yoga';
import { ERROR_CODES, type ErrorCode } from '../common/error-codes.ts';
import { CallBudgetSpentError, MissingCredentialError, UpstreamError, type MissingCredential } from '../upstream/answer.ts';
import { variableError, type VariableErrorOptions } from './variable-errors.ts';
import { MALFORMED_HEADERS, MISSING_HEADERS as HEADERS_FOR, REQUEST, UNEXPECTED } from '../common/messages.ts';
import type { CredentialHeader } from '../common/credentials.ts';
import type { ServerContext } from '../common/request-state.ts';

export type ClientErrorOptions = VariableErrorOptions;

/** What a client must send for each credential a call lacked: the headers are this layer's business. */
const MISSING_HEADERS: Record<MissingCredential, string> = HEADERS_FOR;

/** The headers that carry each credential: one sent malformed is named as such, not as missing. */
const HEADERS_OF: Record<MissingCredential, readonly CredentialHeader[]> = {
  token: ['Authorization'],
  'user-session': ['X-Session-Id'],
  'guest-session': ['X-Guest-Session-Id'],
  'any-session': ['X-Session-Id', 'X-Guest-Session-Id'],
};

function lackedCredential(missing: MissingCredential, malformed: readonly CredentialHeader[] = []): string {
  const header = HEADERS_OF[missing].find((one) => malformed.includes(one));
  return header ? MALFORMED_HEADERS[header] : MISSING_HEADERS[missing];
}

/** The credential headers the request sent malformed, as the front read them. */
function malformedOf(context: unknown): readonly CredentialHeader[] | undefined {
  return (context as ServerContext | undefined)?.state?.credentials.malformed;
}

/**
 * A field error as the client sees it. Upstream failures keep our message and code. An
 * uncoded error on a field (a resolver tripping over a value, a null where the schema promises
 * one, a value of the wrong type) means the upstream sent data of an unexpected shape: it
 * becomes UPSTREAM_ERROR, and no text of the upstream's data reaches the client.
 */
export function clientError(
  error: GraphQLError,
  variables?: Readonly<Record<string, unknown>> | null,
  options: ClientErrorOptions = { suggestions: false },
  malformed?: readonly CredentialHeader[],
): GraphQLError {
  const ofVariable = variableError(error, variables, options);
  if (ofVariable) return ofVariable;
  const original = error.originalError;
  let code: string;
  let message: string;
  if (original instanceof MissingCredentialError) {
    code = original.code;
    message = lackedCredential(original.missing, malformed);
  } else if (original instanceof UpstreamError) {
    code = original.code;
    message = original.message;
  } else if (original instanceof CallBudgetSpentError) {
    return new GraphQLError(original.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      extensions: { code: 'COST_LIMIT_REACHED' satisfies ErrorCode, limit: 'cost', max: original.max },
    });
  } else if (error.path && error.extensions?.code === undefined && !(original instanceof GraphQLError && original.extensions?.code)) {
    code = 'UPSTREAM_ERROR' satisfies ErrorCode;
    message = REQUEST.unexpectedShape;
  } else if (!error.path && error.extensions?.code === undefined) {
    // Execution refused the request as a whole (a subscription sent to /subgraph, which has
    // none: `changes` is the plain graph's): graphql-js's words, which quote no value, with a
    // code of the table. A refused `changes` subscription carries its own code.
    return new GraphQLError(error.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      extensions: { code: 'BAD_REQUEST' satisfies ErrorCode, http: { status: ERROR_CODES.BAD_REQUEST.status } },
    });
  } else {
    return error;
  }
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { code },
  });
}

/**
 * A request Yoga cannot read. Its parser puts the JSON parser's message, which quotes the body
 * (a password in `variables` included), in `extensions.originalError`: only our words go out.
 */
function unreadableRequest(error: unknown): unknown {
  // A GET's `variables` or `extensions` parameter that is not JSON: JSON.parse's own error, whose
  // text quotes the parameter, would otherwise become a masked 500.
  if (error instanceof SyntaxError) {
    return createGraphQLError(REQUEST.invalidParamsJson, {
      extensions: { code: 'BAD_REQUEST' satisfies ErrorCode, http: { status: ERROR_CODES.BAD_REQUEST.status } },
    });
  }
  if (!(error instanceof GraphQLError) || error.extensions?.originalError === undefined) return error;
  const { originalError: _dropped, http: _status, ...extensions } = error.extensions;
  const message = error.message === 'POST body sent invalid JSON.' ? REQUEST.invalidBodyJson : error.message;
  // 400 whatever the Accept header: an unreadable body is the client's mistake under every media type.
  return createGraphQLError(message, { extensions: { ...extensions, http: { status: ERROR_CODES.BAD_REQUEST.status } } });
}

/**
 * Expected failures become typed errors before Yoga's masking, which then only masks (and
 * logs) what is truly unexpected.
 */
export const useClientErrors = (options: ClientErrorOptions): Plugin => ({
  onRequestParse: ({ requestParser, setRequestParser }) => {
    if (requestParser) {
      // Synchronous where Yoga's parser is (a body the front read whole): an async wrapper would
      // put every request's parse and what follows it a turn of the microtask queue later.
      setRequestParser((request) => {
        try {
          const parsed = requestParser(request);
          return isPromise(parsed) ? parsed.catch((error: unknown) => Promise.reject(unreadableRequest(error))) : parsed;
        } catch (error) {
          throw unreadableRequest(error);
        }
      });
    }
    return {
      onRequestParseDone: ({ requestParserResult }) => {
        // A batch of no operations is a malformed request, not an empty answer.
        if (Array.isArray(requestParserResult) && requestParserResult.length === 0) {
          throw createGraphQLError(REQUEST.emptyBatch, {
            extensions: { code: 'BAD_REQUEST' satisfies ErrorCode, http: { status: ERROR_CODES.BAD_REQUEST.status } },
          });
        }
      },
    };
  },
  // The last look before an answer is written: an error that reached it with no code (one
  // thrown rather than returned by execution) gets one, so every error names a code of the table.
  onResultProcess: ({ result, setResult }) => {
    if (isAsyncIterable(result)) return;
    const coded = (one: ExecutionResult): ExecutionResult =>
      one.errors?.some((error) => error.extensions?.code === undefined)
        ? { ...one, errors: one.errors.map((error) => (error.extensions?.code === undefined ? clientError(error) : error)) }
        : one;
    setResult(Array.isArray(result) ? result.map(coded) : coded(result));
  },
  onExecute: ({ args }) => ({
    onExecuteDone: (payload) =>
      handleStreamOrSingleExecutionResult(payload, ({ result, setResult }) => {
        let next = result;
        const malformed = malformedOf(args.contextValue);
        if (result.errors?.length)
          next = { ...next, errors: result.errors.map((error) => clientError(error, args.variableValues, options, malformed)) };
        const incremental = (result as { incremental?: IncrementalPart[] }).incremental;
        if (incremental?.some((part) => part.errors?.length))
          next = { ...next, incremental: incremental.map((part) => codedPart(part, malformed)) } as typeof next;
        if (next !== result) setResult(next);
      }),
  }),
});

interface IncrementalPart {
  errors?: readonly Error[];
}

/**
 * A part of a @defer/@stream answer: its errors coded as a single answer's, then masked as Yoga
 * masks a single answer's (its masking reads only the top-level `errors`), so no internal
 * message rides a later part.
 */
function codedPart(part: IncrementalPart, malformed?: readonly CredentialHeader[]): IncrementalPart {
  if (!part.errors?.length) return part;
  return {
    ...part,
    errors: part.errors.map((error) =>
      maskError(error instanceof GraphQLError ? clientError(error, undefined, undefined, malformed) : error, UNEXPECTED, false),
    ),
  };
}

import { type ExecutionResult, GraphQLError } from 'graphql';
import { JsonPieces } from './json-pieces.ts';

/*
 * A result's JSON as Yoga writes it (its stringify.ts), in pieces of about PIECE_CHARS made one
 * at a time (json-pieces.ts): for a large whole answer (answer-size.ts) and for every
 * `@defer`/`@stream` part (streamed-parts.ts).
 */

/** Characters per piece: 64 KiB, the size of a socket write that costs no more per byte than a larger one. */
export const PIECE_CHARS = 64 * 1024;

/** An error as Yoga writes it: without the internal `http` and `unexpected` extensions. */
function publicError(error: Error): unknown {
  if (!(error instanceof GraphQLError)) return { message: error.message };
  const json = error.toJSON();
  if (!json.extensions) return json;
  const { http: _http, unexpected: _unexpected, ...extensions } = json.extensions;
  return { ...json, extensions: Object.keys(extensions).length ? extensions : undefined };
}

/** A result as Yoga writes it: errors made public, the `http` extension left out. */
function publicResult(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length && !result.extensions?.http) return result;
  const { http: _http, ...extensions } = result.extensions ?? {};
  return {
    ...result,
    errors: result.errors?.map((error) => publicError(error) as GraphQLError),
    extensions: Object.keys(extensions).length ? extensions : undefined,
  };
}

/** The JSON of one result, or of a batch's results in a list, in pieces of at least PIECE_CHARS but the last. */
export function* resultPieces(result: ExecutionResult | ExecutionResult[]): Generator<string, void, undefined> {
  const results = Array.isArray(result) ? result : [result];
  const batch = Array.isArray(result);
  let text = batch ? '[' : '';
  for (const [index, one] of results.entries()) {
    if (index > 0) text += ',';
    const pieces = new JsonPieces(publicResult(one));
    for (let piece = pieces.next(PIECE_CHARS - text.length); piece !== undefined; piece = pieces.next(PIECE_CHARS - text.length)) {
      text += piece;
      if (text.length < PIECE_CHARS) continue;
      yield text;
      text = '';
    }
  }
  if (batch) text += ']';
  if (text) yield text;
}

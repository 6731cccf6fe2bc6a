import { GraphQLError } from 'graphql';
import type { ErrorCode } from '../common/error-codes.ts';
import { REQUEST } from '../common/messages.ts';
import { boundedJson } from './cost-report.ts';

/**
 * Errors of variable coercion, as the client sees them: graphql-js's reason and the place inside
 * the variable where it went wrong, never the value, which may be a password or a token.
 *
 * The executor writes `Variable "$f" got invalid value <value> at "f.a[0]"; <reason>` and keeps
 * the reason alone as the original error. The value is printed in the prefix and, for most
 * scalars, again in the reason ("String cannot represent a non string value: 123"): each quoted
 * form of the rejected value (read from the request's variables at that place) is replaced, and
 * a reason that would still show it is replaced by a plain one.
 * Missing and null required variables carry no value; they only get their code.
 */

const HIDDEN = '<hidden>';
const SUGGESTION = / Did you mean [^?]*\?$/;
/** Where a shape of graphql-js's messages is not the expected one: no reason beats a leaked value. */
const FALLBACK_REASON: string = REQUEST.invalidVariableFallback;

/** `f.a[0].b` as printed by the executor, back to its segments. */
function segmentsOf(printed: string): (string | number)[] {
  return [...printed.matchAll(/\.([_A-Za-z][_0-9A-Za-z]*)|\[(\d+)\]/g)].map((match) =>
    match[1] !== undefined ? match[1] : Number(match[2]),
  );
}

function valueAt(root: unknown, path: (string | number)[]): unknown {
  let value = root;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

/**
 * The ways graphql-js quotes the rejected value in a message: its own inspect, and JSON. A JSON
 * longer than the message cannot be in it, so it is not made (a value nested 45,000 deep would
 * overflow the stack).
 */
function quotedForms(raw: unknown, inspected: string, message: string): string[] {
  const forms = new Set([inspected, raw === undefined ? '' : (boundedJson(raw, message.length) ?? '')]);
  forms.delete('');
  // Longest first, so a form containing another goes first.
  return [...forms].sort((a, b) => b.length - a.length);
}

/**
 * Whether the value still shows after hiding its quoted forms: a custom scalar may print it bare.
 * Short bare values are not looked for, as they occur inside ordinary words.
 */
function stillShows(text: string, raw: unknown, forms: string[]): boolean {
  const bare = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
  return [...forms, bare].some((form) => form.length >= 4 && text.includes(form));
}

function hide(text: string, forms: string[]): string {
  return forms.reduce((hidden, form) => hidden.split(form).join(HIDDEN), text);
}

export interface VariableErrorOptions {
  /** Keep graphql-js's "Did you mean …?" (off where introspection is off: it reveals the schema). */
  suggestions: boolean;
}

/** The client's version of a variable error of execution, or undefined when `error` is not one. */
export function variableError(
  error: GraphQLError,
  variables: Readonly<Record<string, unknown>> | null | undefined,
  options: VariableErrorOptions,
): GraphQLError | undefined {
  if (error.path || !error.message.startsWith('Variable "$')) return undefined;
  const name = /^Variable "\$(\w+)"/.exec(error.message)?.[1];
  if (!name) return undefined;
  const extensions: Record<string, unknown> = {
    code: 'BAD_USER_INPUT' satisfies ErrorCode,
    argument: name,
    // 400 under application/graphql-response+json (a request error, as the GraphQL-over-HTTP spec
    // asks), 200 under application/json like every other error of the table.
    http: { spec: true, status: 400 },
  };
  const prefix = `Variable "$${name}" got invalid value `;
  if (!error.message.startsWith(prefix)) {
    // Missing, null where required, or an input type that cannot be one: no value in the text.
    return new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, extensions });
  }
  const reason = error.originalError?.message ?? '';
  const rest = error.message.endsWith(`; ${reason}`) ? error.message.slice(prefix.length, -(reason.length + 2)) : undefined;
  const at = rest === undefined ? undefined : new RegExp(` at "${name}((?:\\.[_A-Za-z]\\w*|\\[\\d+\\])+)"$`).exec(rest);
  const printedPath = at?.[1] ?? '';
  const path = segmentsOf(printedPath);
  const inspected = rest === undefined ? undefined : at ? rest.slice(0, at.index) : rest;
  let said = FALLBACK_REASON;
  if (inspected !== undefined) {
    const raw = valueAt(variables?.[name], path);
    const forms = quotedForms(raw, inspected, error.message);
    said = hide(reason, forms);
    // A value printed in a way not foreseen here would still show: say less instead. (A
    // suggestion is a name of the schema, and contains the value when it is a near miss.)
    if (stillShows(said.replace(SUGGESTION, ''), raw, forms)) said = FALLBACK_REASON;
  }
  if (!options.suggestions) said = said.replace(SUGGESTION, '');
  const where = path.length > 0 ? ` at "${name}${printedPath}"` : '';
  return new GraphQLError(REQUEST.invalidVariable(name, where, said), {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...extensions, variablePath: [name, ...path] },
  });
}

import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';

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

import type { ErrorCode } from '../common/error-codes.ts';
import { GraphQLError, Kind, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from 'graphql';
import { REQUEST } from '../common/messages.ts';

/**
 * GraphQL Armor's depth limit exempts `__schema`, so `ofType { ofType { … } }` forty levels deep
 * went through. Introspection gets its own bound instead of the query depth limit, because the
 * standard introspection query of graphql-js and GraphiQL nests 15 deep, past the default
 * MAX_DEPTH of 12.
 */
export const INTROSPECTION_MAX_DEPTH = 20;

export function introspectionDepthRule(max = INTROSPECTION_MAX_DEPTH): ValidationRule {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    // Memoised per fragment, so spreads cannot make the walk exponential; a cycle counts as 0
    // (NoFragmentCyclesRule reports it).
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
            fragmentDepth.set(name, depth(fragments.get(name)?.selectionSet));
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

import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type InlineFragmentNode,
  Kind,
  type OperationDefinitionNode,
  type FragmentSpreadNode,
  type SelectionSetNode,
} from 'graphql';
import type { Phase } from '../upstream/loaders.ts';
import { wrapResolvers } from '../schema/kit/wrap-resolvers.ts';

/**
 * Incremental delivery (@defer, @stream) is Yoga's plugin; this file only tells the upstream
 * merger which loads belong to a deferred part. graphql-js starts a deferred fragment's
 * resolvers in the same tick as the rest, so without this a deferred sub-resource would join
 * the parent's initial append_to_response call and hold back the first part.
 *
 * Each resolver of an operation that defers something runs inside `phaseScope`, marked
 * `deferred` when its field is reached only through a @defer fragment (an `if: false` one does
 * not count); the loaders read the mark (see createLoaders' `phase`). Operations without @defer
 * take the plain path: one WeakMap lookup per field. The scope stays enabled for the process's
 * life: on Node 24 AsyncLocalStorage is built on AsyncContextFrame and costs nothing outside a
 * `run()` (Node 20 turned on a promise hook for every promise once one was used; the plugin that
 * disabled it between @defer operations is gone, docs/performance.md).
 */
const phaseScope = new AsyncLocalStorage<Phase>();

/** The phase the running resolver works for; undefined outside an operation with @defer. */
export function currentPhase(): Phase | undefined {
  return phaseScope.getStore();
}

const NONE: ReadonlySet<FieldNode> = new Set();
const deferredByOperation = new WeakMap<OperationDefinitionNode, ReadonlySet<FieldNode>>();

function defers(node: InlineFragmentNode | FragmentSpreadNode): boolean {
  const directive = node.directives?.find((one) => one.name.value === 'defer');
  if (!directive) return false;
  const condition = directive.arguments?.find((argument) => argument.name.value === 'if')?.value;
  // A variable may turn it off: then the fields run at once, only in calls of their own.
  return !(condition?.kind === Kind.BOOLEAN && !condition.value);
}

/** The field nodes reached only through a @defer fragment (a node reached both ways runs at once). */
function deferredFieldsOf(operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>): ReadonlySet<FieldNode> {
  const deferred = new Set<FieldNode>();
  const eager = new Set<FieldNode>();
  const visited = new Set<string>();
  const visit = (selectionSet: SelectionSetNode, underDefer: boolean): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        (underDefer ? deferred : eager).add(selection);
        if (selection.selectionSet) visit(selection.selectionSet, underDefer);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet, underDefer || defers(selection));
      } else {
        const flag = underDefer || defers(selection);
        const seen = `${selection.name.value} ${flag}`;
        const fragment = fragments[selection.name.value];
        if (visited.has(seen) || !fragment) continue;
        visited.add(seen);
        visit(fragment.selectionSet, flag);
      }
    }
  };
  visit(operation.selectionSet, false);
  for (const node of eager) deferred.delete(node);
  return deferred.size > 0 ? deferred : NONE;
}

function deferredOf(operation: OperationDefinitionNode, fragments: () => Record<string, FragmentDefinitionNode>): ReadonlySet<FieldNode> {
  let deferred = deferredByOperation.get(operation);
  if (!deferred) {
    deferred = deferredFieldsOf(operation, fragments());
    deferredByOperation.set(operation, deferred);
  }
  return deferred;
}

function phaseOf(info: GraphQLResolveInfo): Phase | undefined {
  const deferred = deferredOf(info.operation, () => info.fragments);
  if (deferred === NONE) return undefined;
  return info.fieldNodes.every((node) => deferred.has(node)) ? 'deferred' : 'initial';
}

/**
 * Runs every resolver of the schema in its phase's scope. The schema's field objects are
 * changed in place, once per schema (wrap-resolvers.ts).
 */
export function withPhaseScopes(schema: GraphQLSchema): GraphQLSchema {
  return wrapResolvers(schema, 'phase-scope', (resolve) => (source, args, context, info) => {
    const phase = phaseOf(info);
    return phase === undefined ? resolve(source, args, context, info) : phaseScope.run(phase, resolve, source, args, context, info);
  });
}

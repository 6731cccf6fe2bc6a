import { AsyncLocalStorage } from 'node:async_hooks';
import SchemaBuilder, { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from '@pothos/core';
import {
  defaultFieldResolver,
  type FieldNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type InlineFragmentNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { isPromise } from 'graphql-yoga';
import type { Phase } from '../../upstream/loaders.ts';
import type { GatewayContext } from '../context.ts';
import { registerStarter, takeStarted } from './details.ts';
import { languageScope } from './language-scope.ts';

/**
 * The per-field concerns of every resolver, in one wrapper installed once, when Pothos builds
 * the schema (the graph and the subgraph alike): the subtree's language (whether the operation
 * may choose one, below; the field's scope, language-scope.ts), the @defer phase of its loads,
 * and the answer's size (both below). Before, three
 * wrappers changed the one schema of the process in place at every gateway's start, each marking
 * what it had wrapped so as not to stack; now the built schema is never changed.
 *
 * A field that resolves by default (a value its parent holds) makes no load: it only counts.
 */
export class FieldConcernsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    const named = fieldConfig.type.kind === 'List' ? fieldConfig.type.type : fieldConfig.type;
    const leaf = named.kind === 'Scalar' || named.kind === 'Enum';
    if (resolver === defaultFieldResolver) return counting(resolver, leaf);
    if (fieldConfig.extensions?.languageOf) choosingFields.add(fieldConfig.name);
    const inLanguage = languageScope({
      name: fieldConfig.name,
      languageOf: fieldConfig.extensions?.languageOf,
      isMutation: fieldConfig.kind === 'Mutation',
      argNames: Object.keys(fieldConfig.args),
    });
    const start: GraphQLFieldResolver<unknown, GatewayContext, object> = (source, args, context, info) => {
      const chosen = inLanguageScope(inLanguage, args as Record<string, unknown>, context, info);
      const phase = phaseOf(info);
      return phase === undefined ? resolver(source, args, chosen, info) : phaseScope.run(phase, resolver, source, args, chosen, info);
    };
    // GraphQL's run: the answer `existing` started early for this field, when it did (kit/details.ts).
    const scoped: GraphQLFieldResolver<unknown, GatewayContext, object> = (source, args, context, info) => {
      const chosen = inLanguageScope(inLanguage, args as Record<string, unknown>, context, info);
      const started = takeStarted(source, info, context);
      if (started) return started.value;
      const phase = phaseOf(info);
      return phase === undefined ? resolver(source, args, chosen, info) : phaseScope.run(phase, resolver, source, args, chosen, info);
    };
    const wrapped = counting(scoped as GraphQLFieldResolver<unknown, Types['Context'], object>, leaf);
    registerStarter(wrapped, start as never);
    return wrapped;
  }
}

SchemaBuilder.registerPlugin('fieldConcerns', FieldConcernsPlugin);

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      fieldConcerns: FieldConcernsPlugin<Types>;
    }
  }
}

// The language.

const choosesByOperation = new WeakMap<OperationDefinitionNode, boolean>();
/** Names of the fields with a `languageOf` extension, collected while the schema is wrapped. */
const choosingFields = new Set<string>();

/**
 * Whether any field of the operation (fragments followed) may choose a language: one with a
 * `language` argument, or one with a `languageOf` extension given arguments (`node(id:)`; an
 * edge's `node`, which has none, does not count).
 */
function choosesLanguage(operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>): boolean {
  let known = choosesByOperation.get(operation);
  if (known !== undefined) return known;
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode): boolean =>
    set.selections.some((selection) => {
      if (selection.kind === Kind.FIELD) {
        if (selection.arguments?.some((argument) => argument.name.value === 'language')) return true;
        if (choosingFields.has(selection.name.value) && (selection.arguments?.length ?? 0) > 0) return true;
        return selection.selectionSet ? visit(selection.selectionSet) : false;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) return visit(selection.selectionSet);
      const name = selection.name.value;
      if (seen.has(name)) return false;
      seen.add(name);
      const fragment = fragments[name];
      return fragment ? visit(fragment.selectionSet) : false;
    });
  known = visit(operation.selectionSet);
  choosesByOperation.set(operation, known);
  return known;
}

/**
 * The context a field's resolver runs with: the request's own in an operation where no field may
 * choose a language (the plain path, one WeakMap lookup), else its subtree language's (`scope`,
 * the field's language scope, kit/language-scope.ts).
 */
export function inLanguageScope(
  scope: ReturnType<typeof languageScope>,
  args: Record<string, unknown>,
  context: GatewayContext,
  info: GraphQLResolveInfo,
): GatewayContext {
  return choosesLanguage(info.operation, info.fragments) ? scope(args, context, info) : context;
}

// The answer's size.

/*
 * MAX_RESPONSE_BYTES, counted while the answer is built (src/graphql/answer-size.ts makes an
 * answer past it the one RESPONSE_TOO_LARGE error): every field adds, to the request's
 * `answerSize`, about what it will take in the JSON: its key, and its value when that is a leaf
 * (a string's length, a few characters for a number, a boolean or null) or the brackets of an
 * object or a list. No serialisation, no AsyncLocalStorage: a comparison and a few additions per
 * field. Past the bound every resolver fails at once without running, so no further upstream
 * call is made. (Not the executor's abort signal: given to every execution, it costs a promise
 * race per object of every answer, for the rare one that needs it.)
 */

/** `"key":` and the comma after the value. */
const PER_FIELD = 4;
const NUMBER = 8;

/** About the characters a leaf value takes in JSON (string escapes and UTF-8 aside). */
export function leafChars(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
    case 'bigint':
      return NUMBER;
    case 'boolean':
      return 5;
    case 'object': {
      if (value === null) return 4;
      // A list of leaves, or a JSON scalar's object: walked, only on the few fields that have them.
      let chars = 2;
      for (const item of Array.isArray(value) ? value : Object.values(value)) chars += leafChars(item) + 1;
      if (!Array.isArray(value)) for (const key of Object.keys(value)) chars += key.length + 3;
      return chars;
    }
    default:
      return 4;
  }
}

/**
 * What a resolver throws once the answer is past the bound, without running: the field fails,
 * the executor moves on to the next one, which fails the same way, and nothing more is loaded.
 * The errors it leaves are never seen: useAnswerSize replaces the answer.
 */
export const STOPPED = new Error('answer past MAX_RESPONSE_BYTES');

const ignore = () => undefined;

/**
 * A field's resolver that counts what it adds. Where the context is not the gateway's (the
 * introspection fields below are graphql-js's own, shared by every schema of the process), it
 * only resolves.
 */
export function counting<Context>(resolve: GraphQLFieldResolver<unknown, Context>, leaf: boolean): GraphQLFieldResolver<unknown, Context> {
  return (source, args, context, info) => {
    const gateway = context as Partial<GatewayContext> | undefined;
    const size = gateway?.answerSize;
    const limits = gateway?.limits;
    if (!size || !limits) return resolve(source, args, context, info);
    if (size.chars > limits.responseBytes) throw STOPPED;
    const value = resolve(source, args, context, info);
    const key = (info.path.key as string).length + PER_FIELD;
    if (!leaf) {
      // An object's braces, or a list's brackets and commas; what is inside counts itself.
      size.chars += key + (Array.isArray(value) ? value.length + 2 : 2);
    } else if (isPromise(value)) {
      size.chars += key;
      value.then((resolved) => (size.chars += leafChars(resolved)), ignore);
    } else {
      size.chars += key + leafChars(value);
    }
    return value;
  };
}

// The @defer phase.

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
export const phaseScope = new AsyncLocalStorage<Phase>();

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

export function phaseOf(info: GraphQLResolveInfo): Phase | undefined {
  const deferred = deferredOf(info.operation, () => info.fragments);
  if (deferred === NONE) return undefined;
  return info.fieldNodes.every((node) => deferred.has(node)) ? 'deferred' : 'initial';
}

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
 * the answer's size (both below), and the owner a value takes down for its `id` (the field's
 * `passesOwner`, relay/value-ids.ts). Before, four wrappers did this, three of them changing the
 * one schema of the process in place at every gateway's start.
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
    // A leaf's value owns nothing; an object's may take its owner down (relay/value-ids.ts).
    if (resolver === defaultFieldResolver) {
      if (leaf) return counting(resolver, leaf);
      const pass = passingOwner();
      const passed: GraphQLFieldResolver<unknown, GatewayContext, object> = (source, args, context, info) => {
        const value = resolver(source, args, context, info);
        return factsOf(info.operation, info.fragments).selectsId
          ? pass(value, source, args as Record<string, unknown>, context, info)
          : value;
      };
      return counting(passed as GraphQLFieldResolver<unknown, Types['Context'], object>, leaf);
    }
    if (fieldConfig.extensions?.languageOf) choosingFields.add(fieldConfig.name);
    const inLanguage = languageScope({
      name: fieldConfig.name,
      languageOf: fieldConfig.extensions?.languageOf,
      isMutation: fieldConfig.kind === 'Mutation',
      argNames: Object.keys(fieldConfig.args),
    });
    /** The resolver in its language, in its @defer phase; the operation's `facts` are looked up once a call. */
    const run = (source: unknown, args: object, chosen: GatewayContext, info: GraphQLResolveInfo, facts: OperationFacts) => {
      const phase = phaseOf(facts.deferred, info);
      return phase === undefined ? resolver(source, args, chosen, info) : phaseScope.run(phase, resolver, source, args, chosen, info);
    };
    const start: GraphQLFieldResolver<unknown, GatewayContext, Record<string, unknown>> = (source, args, context, info) => {
      const facts = factsOf(info.operation, info.fragments);
      return run(source, args, facts.choosesLanguage ? inLanguage(args, context, info) : context, info, facts);
    };
    const pass = leaf ? undefined : passingOwner();
    // GraphQL's run: the answer `existing` started early for this field, when it did (kit/details.ts).
    const scoped: GraphQLFieldResolver<unknown, GatewayContext, Record<string, unknown>> = (source, args, context, info) => {
      const facts = factsOf(info.operation, info.fragments);
      // Asked even for a field started early: the scope records the language, for its subtree too.
      const chosen = facts.choosesLanguage ? inLanguage(args, context, info) : context;
      const started = takeStarted(source, info, context);
      const value = started ? started.value : run(source, args, chosen, info, facts);
      return pass && facts.selectsId ? pass(value, source, args, context, info) : value;
    };
    const wrapped = counting(scoped as GraphQLFieldResolver<unknown, Types['Context'], object>, leaf);
    registerStarter(wrapped, start as never);
    return wrapped;
  }
}

/**
 * The extension of a field whose value takes its owner down, for its own id or one further down
 * (relay/value-ids.ts puts it on the built schema's fields): what to do with the value.
 */
export const PASSES_OWNER = 'passesOwner';

export type OwnerPassing = (
  value: unknown,
  source: unknown,
  args: Record<string, unknown>,
  context: GatewayContext,
  info: GraphQLResolveInfo,
) => unknown;

/** One field's owner passing: its `passesOwner`, asked on its first call (false for most); run only when an `id` is selected. */
function passingOwner(): OwnerPassing {
  let owner: OwnerPassing | false | undefined;
  return (value, source, args, context, info) => {
    if (owner === undefined) {
      const passing = info.parentType.getFields()[info.fieldName]?.extensions[PASSES_OWNER];
      owner = typeof passing === 'function' ? (passing as OwnerPassing) : false;
    }
    return owner ? owner(value, source, args, context, info) : value;
  };
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

/** Names of the fields with a `languageOf` extension, collected while the schema is wrapped. */
const choosingFields = new Set<string>();

/**
 * What the per-field concerns ask of a whole operation, found in one walk of it (fragments
 * followed) and kept per operation: whether a field may choose a language (a `language`
 * argument, or a `languageOf` extension given arguments: `node(id:)`, not an edge's `node`),
 * whether an `id` is selected anywhere (else no value needs its owner: relay/value-ids.ts), and
 * the field nodes reached only through a @defer fragment (a node reached both ways runs at once).
 */
interface OperationFacts {
  choosesLanguage: boolean;
  selectsId: boolean;
  deferred: ReadonlySet<FieldNode>;
}

const factsByOperation = new WeakMap<OperationDefinitionNode, OperationFacts>();
const NONE: ReadonlySet<FieldNode> = new Set();

function factsOf(operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>): OperationFacts {
  let facts = factsByOperation.get(operation);
  if (facts) return facts;
  let choosesLanguage = false;
  let selectsId = false;
  const deferred = new Set<FieldNode>();
  const eager = new Set<FieldNode>();
  const visited = new Set<string>();
  const visit = (set: SelectionSetNode, underDefer: boolean): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const args = selection.arguments ?? [];
        if (args.some((argument) => argument.name.value === 'language')) choosesLanguage = true;
        if (choosingFields.has(selection.name.value) && args.length > 0) choosesLanguage = true;
        if (selection.name.value === 'id') selectsId = true;
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
  facts = { choosesLanguage, selectsId, deferred: deferred.size > 0 ? deferred : NONE };
  factsByOperation.set(operation, facts);
  return facts;
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
  return factsOf(info.operation, info.fragments).choosesLanguage ? scope(args, context, info) : context;
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

function defers(node: InlineFragmentNode | FragmentSpreadNode): boolean {
  const directive = node.directives?.find((one) => one.name.value === 'defer');
  if (!directive) return false;
  const condition = directive.arguments?.find((argument) => argument.name.value === 'if')?.value;
  // A variable may turn it off: then the fields run at once, only in calls of their own.
  return !(condition?.kind === Kind.BOOLEAN && !condition.value);
}

/** The field's @defer phase, from its operation's deferred field nodes; undefined in an operation without @defer. */
function phaseOf(deferred: ReadonlySet<FieldNode>, info: GraphQLResolveInfo): Phase | undefined {
  if (deferred === NONE) return undefined;
  return info.fieldNodes.every((node) => deferred.has(node)) ? 'deferred' : 'initial';
}

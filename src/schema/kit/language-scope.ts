import {
  defaultFieldResolver,
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { DEFAULT_LANGUAGE } from '../../common/language.ts';
import type { GatewayContext } from '../context.ts';
import { builder } from '../builder.ts';

/**
 * One language per subtree: a field's `language` argument chooses the language of that field
 * and of everything below it, until another `language` argument below chooses again; a field
 * with none above it takes the request's (Accept-Language, see src/schema/context.ts). Each resolver gets
 * the request's context in its language (`inLanguage`), so every load it makes, nested detail
 * loads and per-item loads of lists included, asks the upstream in that language.
 *
 * An operation without any `language` argument takes the plain path, one WeakMap lookup per
 * field: the request's own context already asks in the request's language. With one, each field
 * also records the language it resolved in, so that the answer's Content-Language names the
 * languages its texts are in (src/http/caching-headers.ts).
 */
type Path = GraphQLResolveInfo['path'];

const WELL_FORMED = /^[a-z]{2}(-[A-Z]{2})?$/;
const choosesByOperation = new WeakMap<OperationDefinitionNode, boolean>();

/** Whether any field of the operation (fragments followed) has a `language` argument. */
function choosesLanguage(operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>): boolean {
  let known = choosesByOperation.get(operation);
  if (known !== undefined) return known;
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode): boolean =>
    set.selections.some((selection) => {
      if (selection.kind === Kind.FIELD) {
        if (selection.arguments?.some((argument) => argument.name.value === 'language')) return true;
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

/** Per request: the language each response path resolved to, so a child finds its parent's in one step. */
const chosenByRequest = new WeakMap<GatewayContext, WeakMap<Path, string | undefined>>();

function languageAt(path: Path | undefined, chosen: WeakMap<Path, string | undefined>, base: string | undefined): string | undefined {
  if (!path) return base;
  if (chosen.has(path)) return chosen.get(path);
  const inherited = languageAt(path.prev, chosen, base);
  chosen.set(path, inherited);
  return inherited;
}

const scopedSchemas = new WeakSet<GraphQLSchema>();

/**
 * Runs every resolver in its subtree's language. The schema's fields are changed in place, once
 * per schema (a second gateway in the process finds them wrapped, maybe by other scopes too).
 */
export function withLanguageScopes(schema: GraphQLSchema): GraphQLSchema {
  if (scopedSchemas.has(schema)) return schema;
  scopedSchemas.add(schema);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      // A default resolver reads a property and loads nothing; its children still find the language through the path.
      if (!field.resolve || field.resolve === defaultFieldResolver) continue;
      const resolve = field.resolve;
      // A mutation's `language` is data it writes (a new list's language), not the language to read in.
      const takesLanguage = type !== schema.getMutationType() && field.args.some((argument) => argument.name === 'language');
      const scoped: typeof resolve = (source, args, context: GatewayContext, info) => {
        if (!choosesLanguage(info.operation, info.fragments)) return resolve(source, args, context, info);
        let chosen = chosenByRequest.get(context);
        if (!chosen) {
          chosen = new WeakMap();
          chosenByRequest.set(context, chosen);
        }
        const own = takesLanguage ? (args as { language?: unknown }).language : undefined;
        // A malformed value is left to the field's own check, which answers BAD_USER_INPUT.
        if (typeof own === 'string' && WELL_FORMED.test(own)) chosen.set(info.path, own);
        const language = languageAt(info.path, chosen, context.language);
        context.answerLanguages.add(language ?? DEFAULT_LANGUAGE);
        return resolve(source, args, language === context.language ? context : context.inLanguage(language ?? ''), info);
      };
      field.resolve = scoped;
    }
  }
  return schema;
}

/** The `language` argument of an entity root: chooses the language of everything below it. */
export const subtreeLanguageArgs = builder.args((t) => ({
  language: t.string({
    required: false,
    description:
      'Language of every text below this field ("fr", "fr-FR"), nested objects and list items included, unless a `language` argument further down chooses again. Defaults to the language of the request (its Accept-Language header), else en-US. Texts without a translation fall back to the original.',
  }),
}));

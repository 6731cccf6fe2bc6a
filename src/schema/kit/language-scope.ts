import type { GraphQLResolveInfo } from 'graphql';
import { DEFAULT_LANGUAGE } from '../../common/language.ts';
import type { GatewayContext } from '../context.ts';

/**
 * One language per subtree: a field's `language` argument chooses the language of that field
 * and of everything below it, until another `language` argument below chooses again; a field
 * with none above it takes the request's (Accept-Language, see src/schema/context.ts). Each resolver gets
 * the request's context in its language (`inLanguage`), so every load it makes, nested detail
 * loads and per-item loads of lists included, asks the upstream in that language.
 *
 * A field may also choose from another argument, by a `languageOf` extension that reads it from
 * the field's arguments: `node(id:)` takes the language of the global id it is given, and
 * `nodes(ids:)` one language per item (src/schema/relay/node.ts), so that a refetch or a next page
 * continues in the language of the object it continues.
 *
 * An operation without any such argument takes the plain path, one WeakMap lookup per field
 * (choosesLanguage, in the per-field wrapper, field-concerns.ts), and no function of this file:
 * the request's own context already asks in the request's language. With one, each field
 * also records the language it resolved in, so that the answer's Content-Language names the
 * languages its texts are in (src/http/response-headers.ts).
 */
type Path = GraphQLResolveInfo['path'];

/**
 * The `languageOf` extension of a field: from its arguments, the language of its subtree, or of
 * each item of its list; undefined where an argument is malformed (the field's own check answers
 * BAD_USER_INPUT) or names none.
 */
export type LanguageOf = (args: Record<string, unknown>) => string | ReadonlyArray<string | undefined> | undefined;

const WELL_FORMED = /^[a-z]{2}(-[A-Z]{2})?$/;

/** Whether the language is well formed, as a `language` argument must be. */
export function isLanguage(value: unknown): value is string {
  return typeof value === 'string' && WELL_FORMED.test(value);
}

/**
 * Per request: the language each response path resolved to, so a child finds its parent's in one
 * step; and the languages a list field chose for its items (`nodes`), whose paths do not exist yet
 * when it resolves.
 */
interface Chosen {
  at: WeakMap<Path, string | undefined>;
  items: WeakMap<Path, ReadonlyArray<string | undefined>>;
}
const chosenByRequest = new WeakMap<GatewayContext, Chosen>();

function languageAt(path: Path | undefined, chosen: Chosen, base: string | undefined): string | undefined {
  if (!path) return base;
  if (chosen.at.has(path)) return chosen.at.get(path);
  const listed = typeof path.key === 'number' && path.prev ? chosen.items.get(path.prev)?.[path.key] : undefined;
  const language = listed ?? languageAt(path.prev, chosen, base);
  chosen.at.set(path, language);
  return language;
}

/** What the language scope reads of a field, from its declaration. */
export interface LanguageField {
  name: string;
  /** The field's `languageOf` extension, if any. */
  languageOf?: unknown;
  isMutation: boolean;
  argNames: ReadonlyArray<string>;
}

/**
 * For one field: the context its resolver runs with, the request's own or its subtree language's.
 * Asked only in an operation that may choose a language (inLanguageScope, field-concerns.ts).
 */
export function languageScope(
  field: LanguageField,
): (args: Record<string, unknown>, context: GatewayContext, info: GraphQLResolveInfo) => GatewayContext {
  const languageOf = chooserOf(field.languageOf, field.isMutation, field.argNames);
  return (args, context, info) => {
    let chosen = chosenByRequest.get(context);
    if (!chosen) {
      chosen = { at: new WeakMap(), items: new WeakMap() };
      chosenByRequest.set(context, chosen);
    }
    const own = languageOf?.(args);
    if (typeof own === 'string') chosen.at.set(info.path, own);
    else if (own) chosen.items.set(info.path, own);
    const language = languageAt(info.path, chosen, context.language);
    if (typeof own !== 'object') context.answerLanguages.add(language ?? DEFAULT_LANGUAGE);
    return language === context.language ? context : context.inLanguage(language ?? '');
  };
}

/**
 * How a field chooses its subtree's language: its `languageOf` extension, else its `language`
 * argument when well formed (a malformed value is left to the field's own check, which answers
 * BAD_USER_INPUT). A mutation's `language` is data it writes (a new list's language), not the
 * language to read in.
 */
function chooserOf(extension: unknown, isMutation: boolean, argNames: ReadonlyArray<string>): LanguageOf | undefined {
  if (typeof extension === 'function') return extension as LanguageOf;
  if (isMutation || !argNames.includes('language')) return undefined;
  return (values) => (isLanguage(values.language) ? values.language : undefined);
}

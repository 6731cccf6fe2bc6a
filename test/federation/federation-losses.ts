import { buildASTSchema, type ConstDirectiveNode, type DocumentNode, Kind, print } from 'graphql';
import type { OtherChange } from '../schema/changelog.ts';

/**
 * The federation's own breaking changes, which graphql-inspector does not know: a `@key` removed
 * (other subgraphs' references by it stop resolving) or a `@shareable` removed (a subgraph that
 * defines the same type no longer composes). Read from the SDL itself.
 */

export const schemaOf = (document: DocumentNode) => buildASTSchema(document, { assumeValidSDL: true });

/** Each type's `@key` field sets and what is `@shareable` (`Type`, `Type.field`), from the SDL itself. */
function federationOf(document: DocumentNode) {
  const keys = new Map<string, Set<string>>();
  const shareable = new Set<string>();
  const named = (directives: readonly ConstDirectiveNode[] | undefined, name: string) =>
    (directives ?? []).filter((directive) => directive.name.value === name);
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    const type = definition.name.value;
    for (const key of named(definition.directives, 'key')) {
      const fields = key.arguments?.find((argument) => argument.name.value === 'fields')?.value;
      if (fields) keys.set(type, new Set([...(keys.get(type) ?? []), print(fields)]));
    }
    if (named(definition.directives, 'shareable').length > 0) shareable.add(type);
    for (const field of definition.fields ?? []) {
      if (named(field.directives, 'shareable').length > 0) shareable.add(`${type}.${field.name.value}`);
    }
  }
  return { keys, shareable };
}

/** The federation directives the current SDL lost. */
export function federationLosses(released: DocumentNode, current: DocumentNode): OtherChange[] {
  const before = federationOf(released);
  const after = federationOf(current);
  const losses: OtherChange[] = [];
  for (const [type, keys] of before.keys) {
    for (const key of keys) {
      if (!after.keys.get(type)?.has(key)) losses.push({ coordinate: type, message: `@key(fields: ${key}) removed` });
    }
  }
  for (const coordinate of before.shareable) {
    const [type] = coordinate.split('.');
    // A type or field that is gone is inspector's finding; one that stays must stay shareable.
    const stays = schemaOf(current).getType(type!) !== undefined;
    if (stays && !after.shareable.has(coordinate) && !after.shareable.has(type!)) {
      losses.push({ coordinate, message: '@shareable removed' });
    }
  }
  return losses;
}

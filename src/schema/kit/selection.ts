import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * Whether the field's selection asks only for the given fields (fragments followed), i.e.
 * nothing that would load the object. Used where an object made from a key alone must still
 * prove it exists.
 */
export function selectsOnly(info: GraphQLResolveInfo, allowed: readonly string[]): boolean {
  const seen = new Set<string>();
  const within = (set: SelectionSetNode | undefined): boolean =>
    !set ||
    set.selections.every((selection) => {
      if (selection.kind === Kind.FIELD) return allowed.includes(selection.name.value);
      if (selection.kind === Kind.INLINE_FRAGMENT) return within(selection.selectionSet);
      const name = selection.name.value;
      if (seen.has(name)) return true;
      seen.add(name);
      return within(info.fragments[name]?.selectionSet);
    });
  return info.fieldNodes.every((node) => within(node.selectionSet));
}

import {
  type FieldNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isLeafType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
  type SelectionSetNode,
  visit,
} from 'graphql';
import { selectionOf } from './compare.ts';
import type { ExampleOperation } from './examples.ts';
import { type Expected, ExpectationBuilder, type Exposure, type Field, type ObjectNode, objectNode, resolveKey } from './expect.ts';

/**
 * The GraphQL operation that reaches an upstream operation, rewritten to select every field of
 * its example. The anchor is the field of the coverage entry's query whose value is the
 * upstream answer: of all fields of the query, the one most example keys are found on (on a
 * tie, an object rather than a scalar, then the deeper one). A sub-resource's top-level `id` is its parent's id, asked on the parent.
 */
export interface Plan {
  query: string;
  /** Response keys from the root to the anchor; a list on the way is read at its first item. */
  anchor: string[];
  expected: Expected;
  /** What the example says of the anchor's parent object (its `id`). */
  parent?: ObjectNode;
  exposure: Exposure;
}

interface Candidate {
  node: FieldNode;
  path: string[];
  parentType: GraphQLObjectType;
  parentNode?: FieldNode;
  field: Field;
}

function candidates(set: SelectionSetNode, type: GraphQLObjectType, path: string[], parentNode: FieldNode | undefined, out: Candidate[]) {
  for (const selection of set.selections) {
    if (selection.kind !== Kind.FIELD || selection.name.value === '__typename') continue;
    const field = type.getFields()[selection.name.value];
    if (!field) continue;
    const at = [...path, selection.alias?.value ?? selection.name.value];
    out.push({ node: selection, path: at, parentType: type, parentNode, field });
    const named = getNullableType(field.type);
    const inner = 'ofType' in named ? getNullableType(named.ofType) : named;
    if (selection.selectionSet && isObjectType(inner)) candidates(selection.selectionSet, inner, at, selection, out);
  }
}

const isItem = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function expectAt(schema: GraphQLSchema, op: ExampleOperation, c: Candidate) {
  const builder = new ExpectationBuilder(schema, [op.operationId, ...(op.method === 'GET' ? [] : ['write'])]);
  let example = op.example;
  let parent: ObjectNode | undefined;
  const type = getNullableType(c.field.type);
  const takesId = isObjectType(type) && resolveKey(type, type.name, 'id', {}) !== undefined;
  const root = c.parentType === schema.getQueryType() || c.parentType === schema.getMutationType();
  if (isItem(example) && 'id' in example && !takesId && !root) {
    const { id, ...rest } = example;
    parent = objectNode('');
    builder.object({ id }, c.parentType, c.parentType.name, '', parent);
    example = rest;
  }
  const expected = builder.value(example, c.field, c.parentType.name, '', true);
  return { expected, parent, exposure: builder.exposure };
}

const selectionSet = (text: string) => (parse(`{ ${text} }`).definitions[0] as OperationDefinitionNode).selectionSet;

function withFields(node: FieldNode, text: string, replace: boolean): FieldNode {
  const added = selectionSet(text).selections as FieldNode[];
  if (replace || !node.selectionSet) return { ...node, selectionSet: { kind: Kind.SELECTION_SET, selections: added } };
  const has = new Set(node.selectionSet.selections.map((s) => (s.kind === Kind.FIELD ? s.name.value : '')));
  return {
    ...node,
    selectionSet: { ...node.selectionSet, selections: [...node.selectionSet.selections, ...added.filter((s) => !has.has(s.name.value))] },
  };
}

export function planOperation(schema: GraphQLSchema, op: ExampleOperation, query: string): Plan {
  const document = parse(query);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const rootType = operation.operation === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  const all: Candidate[] = [];
  candidates(operation.selectionSet, rootType, [], undefined, all);
  const scored = all.map((c) => ({ c, ...expectAt(schema, op, c) }));
  const best = scored.reduce((a, b) => {
    const [sa, sb] = [a.exposure.exposed.size, b.exposure.exposed.size];
    if (sa !== sb) return sb > sa ? b : a;
    const [leafA, leafB] = [isLeafType(getNamedType(a.c.field.type)), isLeafType(getNamedType(b.c.field.type))];
    if (leafA !== leafB) return leafA ? b : a;
    return b.c.path.length > a.c.path.length ? b : a;
  });
  const text = selectionOf(best.expected);
  const rewritten = visit(document, {
    Field: {
      enter(node) {
        let next = node;
        if (node === best.c.parentNode && best.parent) next = withFields(next, selectionOf(best.parent), false);
        if (node === best.c.node && node.selectionSet && text !== '__typename') next = withFields(next, text, true);
        return next === node ? undefined : next;
      },
    },
  });
  return { query: print(rewritten), anchor: best.c.path, expected: best.expected, parent: best.parent, exposure: best.exposure };
}

/** The value at a response path, reading a list on the way at its first item. */
export function valueAt(data: unknown, path: string[]): unknown {
  let value = data;
  for (const key of path) {
    while (Array.isArray(value)) value = value[0];
    if (value === null || value === undefined) return value;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

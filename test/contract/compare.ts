import { type GraphQLObjectType, getNamedType, isEnumType, isLeafType, isNonNullType } from 'graphql';
import type { Check, Expected, Field, ObjectNode } from './expect.ts';
import { allowsIsoTimestamp, allowsNullForEmpty, allowsNumericString, allowsServedCount, allowsSorting } from './rules.ts';

/** A value of the answer that is not the example's, at an example path. */
export interface Mismatch {
  path: string;
  /** `Type.field` of the graph. */
  field: string;
  example: unknown;
  actual: unknown;
  note: string;
}

/** The selection that asks for every field of the expected answer (inline fragments for unions). */
interface Selection {
  fields: Map<string, Selection | null>;
  fragments: Map<string, Selection>;
  /** The object type of each fragment, to tell fields of one name and different types apart. */
  types: Map<string, GraphQLObjectType>;
}
const emptySelection = (): Selection => ({ fields: new Map(), fragments: new Map(), types: new Map() });

/**
 * The response key of a field asked in a fragment on one member of a union where another member
 * has a field of the same name and another type (`Season.id: Int`, `Movie.id: Int!`): GraphQL
 * refuses to merge those, so a client asks them under an alias, and so does this test.
 */
export const memberAlias = (name: string, typename: string) => `${name}On${typename}`;

function addObject(selection: Selection, node: ObjectNode) {
  let target = selection;
  if (node.typename) {
    target = selection.fragments.get(node.typename) ?? emptySelection();
    selection.fragments.set(node.typename, target);
    if (node.type) selection.types.set(node.typename, node.type);
    selection.fields.set('__typename', null);
  }
  // Every non-null leaf of the type is asked as well, example key or not: a null the catalog's
  // real records give one (a key they leave out) fails the whole answer, so it must be nullable.
  for (const field of Object.values(node.type?.getFields() ?? {})) {
    const required = field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
    if (isNonNullType(field.type) && isLeafType(getNamedType(field.type)) && !required && !target.fields.has(field.name)) {
      target.fields.set(field.name, null);
    }
  }
  for (const [name, child] of node.fields) {
    if (child.kind === 'leaf' && !child.composite) {
      if (!target.fields.has(name)) target.fields.set(name, null);
      continue;
    }
    const sub = target.fields.get(name) ?? emptySelection();
    target.fields.set(name, sub);
    if (child.kind === 'object') addObject(sub, child);
    if (child.kind === 'list') for (const item of child.items) if (item.kind === 'object') addObject(sub, item);
  }
}

/** Field names asked in two fragments whose types differ, such as nullability. */
function conflicting(selection: Selection): Set<string> {
  const typesOf = new Map<string, Set<string>>();
  for (const [typename, sub] of selection.fragments) {
    for (const name of sub.fields.keys()) {
      const field = selection.types.get(typename)?.getFields()[name];
      if (!field) continue;
      typesOf.set(name, (typesOf.get(name) ?? new Set()).add(String(field.type)));
    }
  }
  return new Set([...typesOf].filter(([, types]) => types.size > 1).map(([name]) => name));
}

function print(selection: Selection, typename?: string, aliased = new Set<string>()): string {
  const key = (name: string) => (typename && aliased.has(name) ? `${memberAlias(name, typename)}: ${name}` : name);
  const fields = [...selection.fields].map(([name, sub]) => (sub ? `${key(name)} { ${print(sub)} }` : key(name)));
  const clashes = conflicting(selection);
  const fragments = [...selection.fragments].map(([type, sub]) => `... on ${type} { ${print(sub, type, clashes)} }`);
  const all = [...fields, ...fragments];
  return all.length > 0 ? all.join(' ') : '__typename';
}

/** The selection set text (without braces) of an expected object, or of the items of an expected list. */
export function selectionOf(node: Expected): string {
  const selection = emptySelection();
  if (node.kind === 'object') addObject(selection, node);
  if (node.kind === 'list') for (const item of node.items) if (item.kind === 'object') addObject(selection, item);
  return print(selection);
}

export const NULL_NOTE = 'null where the example has a value';
const deepEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** "2023-04-08 16:35:05 UTC" and "2023-04-08T16:35:05Z" are one instant. */
function sameInstant(example: string, actual: string) {
  const instant = Date.parse(example.replace(/^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) UTC$/, '$1T$2Z'));
  return /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(actual) && !Number.isNaN(instant) && instant === Date.parse(actual);
}

/** Why the answer's value is not the example's, or undefined when it is (with the normalisations its field describes). */
function leafProblem(check: Check, actual: unknown): string | undefined {
  const { example, field, description } = check;
  if (!field) return example === actual ? undefined : 'differs';
  if (example === undefined) return 'the example has no value here';
  if (example === null) return actual === null ? undefined : 'a value where the example has null';
  if (actual === null || actual === undefined) {
    if (example === '')
      return allowsNullForEmpty(description) ? undefined : 'empty string became null, which the description does not state';
    return NULL_NOTE;
  }
  const type = getNamedType(field.type);
  if (isEnumType(type)) {
    let name: unknown;
    try {
      name = type.serialize(example);
    } catch {
      return `${type.name} has no value for ${JSON.stringify(example)}`;
    }
    return name === actual ? undefined : `enum value differs (${String(name)} expected)`;
  }
  if (type.name === 'ID') return String(example) === String(actual) ? undefined : 'differs';
  if (Array.isArray(example) && Array.isArray(actual) && allowsSorting(description)) {
    return deepEqual([...example].sort(), [...actual].sort()) ? undefined : 'differs';
  }
  if (deepEqual(example, actual)) return undefined;
  if (typeof example === 'number' && typeof actual === 'number' && actual < example && [10_000, 50_000].includes(actual)) {
    return allowsServedCount(description) ? undefined : 'a count capped at what the catalog serves, which the description does not state';
  }
  if (typeof example === 'string' && typeof actual === 'string' && sameInstant(example, actual)) {
    return allowsIsoTimestamp(description) ? undefined : 'timestamp rewritten to ISO 8601, which the description does not state';
  }
  if (typeof example === 'string' && typeof actual === 'number' && example.trim() !== '' && Number(example) === actual) {
    return allowsNumericString(description) ? undefined : 'a number sent as a string became a number, which the description does not state';
  }
  if (typeof example !== typeof actual) return `type differs (${typeof example} vs ${typeof actual})`;
  return 'differs';
}

function checksUnder(node: Expected): Check[] {
  if (node.kind === 'leaf') return node.checks;
  const children = node.kind === 'object' ? [...node.fields.values()] : node.items;
  return children.flatMap(checksUnder);
}

/** Pairs each expected item with an answer item equal to it, else with the next unpaired one: a list the description says is ordered. */
function matched(expected: Expected[], actual: unknown[]): Array<[Expected, unknown]> {
  const used = new Set<number>();
  return expected.map((item) => {
    let index = actual.findIndex((candidate, i) => {
      if (used.has(i)) return false;
      const out: Mismatch[] = [];
      compare(item, candidate, out);
      return out.length === 0;
    });
    if (index < 0) index = actual.findIndex((_, i) => !used.has(i));
    used.add(index);
    return [item, index < 0 ? undefined : actual[index]];
  });
}
const label = (owner: string, field?: Field) => `${owner}.${field?.name ?? '__typename'}`;

/** Compares the answer with the expected example, recording each difference. */
export function compare(node: Expected, actual: unknown, out: Mismatch[]) {
  if (node.kind === 'leaf') {
    for (const check of node.checks) {
      const problem = leafProblem(check, actual);
      if (problem) out.push({ path: check.path, field: label(check.owner, check.field), example: check.example, actual, note: problem });
    }
    return;
  }
  if (actual === null || actual === undefined || (node.kind === 'list') !== Array.isArray(actual)) {
    for (const check of checksUnder(node)) {
      if (check.example === null) continue;
      out.push({
        path: check.path,
        field: label(check.owner, check.field),
        example: check.example,
        actual: null,
        note: NULL_NOTE,
      });
    }
    return;
  }
  if (node.kind === 'object') {
    const record = actual as Record<string, unknown>;
    if (node.typename && record.__typename !== node.typename) {
      out.push({ path: node.path, field: '__typename', example: node.typename, actual: record.__typename, note: 'another kind of object' });
      return;
    }
    for (const [name, child] of node.fields) {
      const alias = node.typename ? memberAlias(name, node.typename) : undefined;
      compare(child, alias && Object.hasOwn(record, alias) ? record[alias] : record[name], out);
    }
    return;
  }
  const list = actual as unknown[];
  if (node.items.length !== list.length) {
    const note = 'list length differs';
    out.push({
      path: node.path,
      field: label(node.owner, node.field),
      example: `${node.items.length} items`,
      actual: `${list.length} items`,
      note,
    });
  }
  const pairs = allowsSorting(node.field.description ?? '')
    ? matched(node.items, list)
    : node.items.map((item, i) => [item, list[i]] as [Expected, unknown]);
  for (const [item, value] of pairs) if (value !== undefined) compare(item, value, out);
}

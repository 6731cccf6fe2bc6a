import {
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isAbstractType,
  isCompositeType,
  isLeafType,
  isListType,
  isObjectType,
} from 'graphql';
import { fieldName, INLINE, leftOut, links, RENAMES } from './rules.ts';

/**
 * The example turned into the GraphQL answer it should give: each example key found as a field
 * (by the naming rules of rules.ts), recursing into objects and lists and following only example
 * keys. Keys with no field are recorded as not exposed.
 */
export type Field = GraphQLField<unknown, unknown>;
type Item = Record<string, unknown>;

/** One example value to find at a place of the answer; `field` is absent for `__typename`. */
export interface Check {
  example: unknown;
  path: string;
  owner: string;
  field?: Field;
  /** The field's description and its type's, where normalisations must be stated. */
  description: string;
}
export type Expected =
  | { kind: 'leaf'; checks: Check[]; composite: boolean }
  | {
      kind: 'object';
      path: string;
      typename?: string;
      /** The object type an example object answers as; its non-null leaves are asked too. */
      type?: GraphQLObjectType;
      fields: Map<string, Expected>;
    }
  | { kind: 'list'; path: string; owner: string; field: Field; items: Expected[] };
export type ObjectNode = Extract<Expected, { kind: 'object' }>;

export interface Exposure {
  exposed: Set<string>;
  /** Example path → the type and key that has no field. */
  unexposed: Map<string, string>;
  /** Example path → why it is left out on purpose. */
  leftOut: Map<string, string>;
  /** Example paths whose values are compared. */
  compared: Set<string>;
}

/** A connection's `first` when the query gives none. */
const DEFAULT_FIRST = 20;
const isItem = (value: unknown): value is Item => value !== null && typeof value === 'object' && !Array.isArray(value);
const isCodeMap = (value: Item) => Object.keys(value).length > 0 && Object.keys(value).every((k) => /^[A-Z]{2}(-[A-Z0-9]+)?$/.test(k));
/** The path as counted: list items as `[]`, country keys as `{}`. */
export const normal = (path: string) => path.replace(/\{[^}]*\}/g, '{}');
export const objectNode = (path: string, typename?: string, type?: GraphQLObjectType): ObjectNode => ({
  kind: 'object',
  path,
  typename,
  type,
  fields: new Map(),
});

interface Resolved {
  steps: string[];
  field?: Field;
  owner: string;
  value?: (example: unknown) => unknown;
}

function follow(type: GraphQLObjectType, names: string[]): Resolved | undefined {
  let current: GraphQLObjectType = type;
  for (const [i, name] of names.entries()) {
    const field = current.getFields()[name];
    if (!field) return undefined;
    if (i === names.length - 1) return { steps: names, field, owner: current.name };
    const next = getNullableType(field.type);
    if (!isObjectType(next)) return undefined;
    current = next;
  }
  return undefined;
}

/** The field an example key is found at: a rename, the camelCase name, or the same through a link (a credit's person). */
export function resolveKey(
  type: GraphQLObjectType,
  scope: string,
  key: string,
  item: Item,
  viaLink = false,
): Resolved | typeof INLINE | undefined {
  // A connection counts the whole list as `totalCount`, the page's `total_results`.
  const total = key === 'total_results' ? type.getFields().totalCount : undefined;
  if (total) return { steps: [total.name], field: total, owner: type.name };
  const rename = RENAMES[`${scope}.${key}`];
  if (rename) {
    if (rename.to === INLINE) return INLINE;
    const target = typeof rename.to === 'function' ? rename.to(item) : rename.to;
    if (target === '__typename') return { steps: ['__typename'], owner: type.name, value: rename.value };
    const found = follow(type, target.split('.'));
    return found && { ...found, value: rename.value };
  }
  const direct = type.getFields()[fieldName(key)];
  if (direct) return { steps: [direct.name], field: direct, owner: type.name };
  // A type with an id of its own is an object of its own; one without (a credit, a rating) describes the object it links to.
  // An object with an identity of its own describes itself; a credit (whose id is its credit id) describes its person or work.
  const ownIdentity = type.getFields().databaseId && !type.getFields().creditId;
  if (viaLink || (ownIdentity && !scope.includes('.'))) return undefined;
  for (const link of links(item)) {
    const linked = type.getFields()[link] && getNullableType(type.getFields()[link].type);
    if (!isObjectType(linked)) continue;
    const found = resolveKey(linked, linked.name, key, item, true);
    if (found && found !== INLINE) return { ...found, steps: [link, ...found.steps] };
  }
  return undefined;
}

function merge(into: ObjectNode, name: string, node: Expected) {
  const existing = into.fields.get(name);
  if (existing?.kind === 'leaf' && node.kind === 'leaf') existing.checks.push(...node.checks);
  else if (existing?.kind === 'object' && node.kind === 'object') for (const [n, child] of node.fields) merge(existing, n, child);
  else if (!existing) into.fields.set(name, node);
}

export class ExpectationBuilder {
  readonly exposure: Exposure = { exposed: new Set(), unexposed: new Map(), leftOut: new Map(), compared: new Set() };

  /** `scopes`: the operationId, and `write` for a write; they select allow-list entries. */
  private readonly schema: GraphQLSchema;
  private readonly scopes: string[];

  constructor(schema: GraphQLSchema, scopes: string[]) {
    this.schema = schema;
    this.scopes = scopes;
  }

  private leaf(example: unknown, path: string, owner: string, field?: Field): Expected {
    this.exposure.compared.add(normal(path));
    const description = `${field?.description ?? ''}\n${this.schema.getType(owner)?.description ?? ''}`;
    const composite = field ? isCompositeType(getNamedType(field.type)) : false;
    return { kind: 'leaf', checks: [{ example, path, owner, field, description }], composite };
  }

  /** Keys of an object example placed on `node`, an object of `type`. */
  object(example: Item, type: GraphQLObjectType, scope: string, path: string, node: ObjectNode) {
    for (const [key, value] of Object.entries(example)) {
      const at = path ? `${path}.${key}` : key;
      if (key === 'results' && Array.isArray(value) && type.getFields().edges) {
        // A connection holds the page's results as its edges' nodes.
        this.exposure.exposed.add(normal(at));
        node.fields.set('edges', this.edges(value, type, at));
        continue;
      }
      const found = resolveKey(type, scope, key, example);
      if (found === INLINE) {
        this.exposure.exposed.add(normal(at));
        // An inlined object of an older answer (a 2014 credit's media) may leave its kind to its parent.
        const inherits = isItem(value) && !('media_type' in value) && 'media_type' in example;
        if (isItem(value)) this.object(inherits ? { ...value, media_type: example.media_type } : value, type, `${scope}.${key}`, at, node);
        continue;
      }
      if (!found) {
        const reason = leftOut([type.name, ...(type.name.endsWith('Connection') ? ['Connection'] : []), ...this.scopes], key);
        if (reason) this.exposure.leftOut.set(normal(at), reason.reason);
        else this.exposure.unexposed.set(normal(at), `${type.name}.${key}`);
        continue;
      }
      this.exposure.exposed.add(normal(at));
      let target = node;
      for (const step of found.steps.slice(0, -1)) {
        const child = target.fields.get(step) ?? objectNode(at);
        target.fields.set(step, child);
        target = child as ObjectNode;
      }
      const expectedValue = found.value ? found.value(value) : value;
      const last = found.steps.at(-1)!;
      merge(
        target,
        last,
        found.field ? this.value(expectedValue, found.field, found.owner, at) : this.leaf(expectedValue, at, found.owner),
      );
    }
  }

  /** The example value of `field` (of type `owner`); `anchor`: it is the whole upstream answer. */
  value(example: unknown, field: Field, owner: string, path: string, anchor = false): Expected {
    const type = getNullableType(field.type) as GraphQLOutputType;
    if (example === null || example === undefined) return this.leaf(null, path, owner, field);
    if (isListType(type)) {
      const itemType = getNullableType(type.ofType) as GraphQLOutputType;
      if (Array.isArray(example)) {
        if (isLeafType(getNamedType(itemType))) return this.leaf(example, path, owner, field);
        this.exposure.compared.add(normal(path));
        return { kind: 'list', path, owner, field, items: example.map((e) => this.element(e, itemType, `${path}[]`)) };
      }
      const codeMap = isItem(example) && (Object.keys(example).length === 0 || isCodeMap(example));
      if (codeMap && isObjectType(itemType) && itemType.getFields().countryCode) {
        const other = Object.keys(itemType.getFields()).filter((n) => n !== 'countryCode' && n !== 'id');
        const items = Object.entries(example).map(([code, v]) =>
          isItem(v) ? { iso_3166_1: code, ...v } : { iso_3166_1: code, [other[0]]: v },
        );
        return {
          kind: 'list',
          path,
          owner,
          field,
          items: items.map((e, i) => this.element(e, itemType, `${path}{${items[i].iso_3166_1}}`)),
        };
      }
    }
    if (anchor && isItem(example) && (isListType(type) || isLeafType(type))) return this.envelope(example, field, owner, path);
    if (isCompositeType(type) && Array.isArray(example) && isObjectType(type) && type.getFields().edges) {
      const node = objectNode(path);
      node.fields.set('edges', this.edges(example, type, path));
      return node;
    }
    if (isCompositeType(type) && isItem(example)) return this.element(example, type, path);
    return this.leaf(example, path, owner, field);
  }

  /** A page's results as a connection's edges, each item the `node` of its edge. */
  private edges(results: unknown[], connection: GraphQLObjectType, path: string): Expected {
    const field = connection.getFields().edges!;
    const edge = getNamedType(field.type) as GraphQLObjectType;
    const nodeType = getNullableType(edge.getFields().node!.type) as GraphQLOutputType;
    this.exposure.compared.add(normal(path));
    // The window a connection answers by default: its first 20 (a page of the example may hold more).
    const items = results.slice(0, DEFAULT_FIRST).map((item) => {
      const node = objectNode(`${path}[]`);
      node.fields.set('node', this.element(item, nodeType, `${path}[]`));
      return node;
    });
    return { kind: 'list', path, owner: connection.name, field, items };
  }

  /** `{ "results": [...] }` answering a list field, `{ "success": true }` a Boolean: the one key is the value. */
  private envelope(example: Item, field: Field, owner: string, path: string): Expected {
    const all = Object.keys(example);
    const keys = all.length === 1 ? all : all.filter((k) => !leftOut(this.scopes, k));
    for (const key of all.filter((k) => !keys.includes(k))) {
      this.exposure.leftOut.set(normal(path ? `${path}.${key}` : key), leftOut(this.scopes, key)!.reason);
    }
    if (keys.length === 0) return { kind: 'leaf', checks: [], composite: isCompositeType(getNamedType(field.type)) };
    if (keys.length !== 1) {
      for (const key of keys)
        this.exposure.unexposed.set(normal(path ? `${path}.${key}` : key), `${owner}.${field.name} (answer key ${key})`);
      return this.leaf(undefined, path, owner, field);
    }
    const at = path ? `${path}.${keys[0]}` : keys[0];
    this.exposure.exposed.add(normal(at));
    return this.value(example[keys[0]], field, owner, at, true);
  }

  /** One object of the example as a value of `type`: a union or interface takes the kind the item says. */
  element(example: unknown, type: GraphQLOutputType, path: string): Expected {
    if (!isItem(example)) return this.leaf(example, path, String(type));
    if (isAbstractType(type)) {
      const kinds = this.schema.getPossibleTypes(type);
      const named = { movie: 'Movie', tv: 'TVSeries', person: 'Person', collection: 'Collection' }[String(example.media_type)];
      const score = (t: GraphQLObjectType) => Object.keys(example).filter((k) => resolveKey(t, t.name, k, example)).length;
      const kind = kinds.find((t) => t.name === named) ?? [...kinds].sort((a, b) => score(b) - score(a))[0];
      const node = objectNode(`${path}<${kind.name}>`, kind.name, kind);
      this.object(example, kind, kind.name, `${path}<${kind.name}>`, node);
      return node;
    }
    const node = objectNode(path, undefined, isObjectType(type) ? type : undefined);
    if (isObjectType(type)) this.object(example, type, type.name, path, node);
    return node;
  }
}

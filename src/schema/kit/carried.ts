import type { GatewayContext } from '../context.ts';

/**
 * A field an object may already carry from the list it came in; otherwise the value comes
 * from `load()`, which the caller points at the object's detail loader.
 */
export function carried<Source extends object, Detail, Key extends keyof Detail & PropertyKey>(
  source: Source,
  key: Key,
  load: () => Promise<Detail>,
): Detail[Key] | Promise<Detail[Key]> {
  if (key in source) return (source as unknown as Detail)[key];
  return load().then((detail) => detail[key]);
}

type Resolver<Source, Out> = (source: Source, args: unknown, context: GatewayContext) => Out | Promise<Out>;

/**
 * Resolvers for the fields of an object that arrives either whole or as a list summary
 * (`isSummary` tells a summary from a shell the gateway made of an id):
 * `fromDetail('title')` answers from the summary when it carries `title`, else from the detail
 * that `load` fetches (once per object, through its loader). An optional `map` shapes the value
 * (it also gets the object, for a value that links back to it).
 */
export function carriedFrom<Source extends object, Detail>(
  load: (source: Source, context: GatewayContext) => Promise<Detail>,
  isSummary: (source: Source) => boolean = () => false,
) {
  function field<Key extends keyof Detail & PropertyKey>(key: Key): Resolver<Source, Detail[Key]>;
  function field<Key extends keyof Detail & PropertyKey, Out>(
    key: Key,
    map: (value: Detail[Key], source: Source) => Out,
  ): Resolver<Source, Out>;
  function field<Key extends keyof Detail & PropertyKey, Out>(key: Key, map?: (value: Detail[Key], source: Source) => Out) {
    const shape = map ?? ((value: Detail[Key]) => value);
    return (source: Source, _args: unknown, context: GatewayContext) => {
      if (key in source) return shape((source as unknown as Detail)[key], source);
      return load(source, context).then((detail) => shape(detail[key], source));
    };
  }
  /**
   * A key the list summary itself may carry: a summary without it is what the service sent (it
   * leaves such keys out of some items, e.g. a collection among the results of /search/movie),
   * so the field is null rather than a details call per item, which may not even exist.
   */
  function summary<Key extends keyof Detail & PropertyKey>(key: Key): Resolver<Source, Detail[Key] | null>;
  function summary<Key extends keyof Detail & PropertyKey, Out>(
    key: Key,
    map: (value: Detail[Key], source: Source) => Out,
  ): Resolver<Source, Out | null>;
  function summary<Key extends keyof Detail & PropertyKey, Out>(key: Key, map?: (value: Detail[Key], source: Source) => Out) {
    const resolve = map ? field(key, map) : field(key);
    return (source: Source, args: unknown, context: GatewayContext) =>
      !(key in source) && isSummary(source) ? null : resolve(source, args, context);
  }
  /** The whole detail, for a field that needs more than one key of it. */
  field.load = load;
  field.summary = summary;
  return field;
}

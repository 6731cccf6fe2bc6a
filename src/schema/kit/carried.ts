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

import { DEFAULT_LANGUAGE } from '../../common/language.ts';

/**
 * The global id of an object of `kind` with `key`, in `language` (undefined: the catalog's
 * default): base64url of "Type:key", or "Type:key@language" outside en-US. Apart from node.ts so
 * that a type's own module (a deletion's payload) can write one without importing every type.
 */
export function globalId(kind: string, key: readonly (string | number)[], language: string | undefined): string {
  const named = language === undefined || language === DEFAULT_LANGUAGE ? '' : `@${language}`;
  return Buffer.from(`${kind}:${key.join(':')}${named}`).toString('base64url');
}

import { readFileSync } from 'node:fs';

/** Each operation's path (as a pattern) and the query parameters the real service defines for it. */
const OPERATIONS = (
  JSON.parse(readFileSync(new URL('./coverage/openapi-operations.json', import.meta.url), 'utf8')).operations as Array<{
    method: string;
    path: string;
    query: string[];
  }>
).map((op) => ({
  method: op.method,
  pattern: new RegExp(`^${op.path.replace(/^\/3/, '').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  // Trending is paged in practice though the file lists only language (CONTRACT.md).
  query: new Set([...op.query, ...(op.path.startsWith('/3/trending/') ? ['page'] : [])]),
}));

/**
 * What the gateway may send upstream: a path of one of the service's operations, and only the
 * query parameters that operation defines.
 */
export function isAllowedCall(call: { method: string; path: string; query: Record<string, string> }): boolean {
  const matching = OPERATIONS.filter((op) => op.method === call.method && op.pattern.test(call.path));
  if (matching.length === 0) return false;
  if (!Object.keys(call.query).every((name) => matching.some((op) => op.query.has(name)))) return false;
  const decoded = call.path.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return '\u0000';
    }
  });
  return !decoded.some((segment, i) => i > 0 && (segment === '' || segment === '.' || segment === '..' || /[/?#\u0000]/.test(segment)));
}

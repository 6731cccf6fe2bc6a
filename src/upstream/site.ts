import type { UpstreamClient } from './client.ts';

/**
 * Where a user approves a request token: the catalog site's /authenticate/{token} page. For the
 * real service that is www.themoviedb.org; for any other upstream (the embedded catalog) it is
 * the upstream's own origin, beside its version segment.
 */
export function approvalUrlOf(client: UpstreamClient): (requestToken: string) => string {
  const base = new URL(client.urlOf({ path: [] }));
  const prefix = base.pathname.replace(/\/+$/, '').replace(/\/[^/]*$/, '');
  const site = base.hostname === 'api.themoviedb.org' ? 'https://www.themoviedb.org' : `${base.origin}${prefix}`;
  return (requestToken) => `${site}/authenticate/${encodeURIComponent(requestToken)}`;
}

import { createServer, type Server } from 'node:http';
import type { RunningCatalog } from '@media-catalog/catalog';
import { listen } from '../helpers.ts';

/**
 * A real HTTP proxy in front of the embedded catalog whose reviews are as long as the real
 * service's often are: each review's `content` is its own text repeated up to `reviewChars`
 * characters (the catalog's are about 200; the service's run to thousands), whether the page
 * was asked on its own or appended to the movie's details. Everything else passes through as
 * the catalog answered it.
 */
export interface WordyUpstream {
  /** Base URL to give the gateway (ends in /3, like the catalog's). */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startWordyUpstream(catalog: RunningCatalog, reviewChars: number): Promise<WordyUpstream> {
  const origin = new URL(catalog.baseUrl).origin;
  const server: Server = createServer(async (request, response) => {
    const url = request.url ?? '/';
    const answer = await fetch(`${origin}${url}`, { headers: { authorization: request.headers.authorization ?? '' } });
    let text = await answer.text();
    // A page of reviews, on its own path or appended to the movie's details (append_to_response).
    const own = answer.ok && /\/reviews(\?|$)/.test(url);
    const appended = answer.ok && /[?&]append_to_response=[^&]*\breviews\b/.test(url);
    if (own || appended) {
      const body = JSON.parse(text) as { results?: Array<{ content: string }>; reviews?: { results?: Array<{ content: string }> } };
      for (const review of (own ? body.results : body.reviews?.results) ?? []) {
        const first = review.content;
        while (review.content.length < reviewChars) review.content += `\n\n${first}`;
      }
      text = JSON.stringify(body);
    }
    const headers: Record<string, string> = { 'content-type': answer.headers.get('content-type') ?? 'application/json' };
    const cache = answer.headers.get('cache-control');
    if (cache) headers['cache-control'] = cache;
    response.writeHead(answer.status, headers).end(text);
  });
  const port = await listen(server);
  return {
    baseUrl: `http://127.0.0.1:${port}/3`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The ids of the `count` movies with the most reviews: the pages that make the longest answers. */
export function mostReviewedMovies(catalog: RunningCatalog, count: number): number[] {
  const reviews = new Map<number, number>();
  for (const review of catalog.data.reviews) {
    if (review.media_type === 'movie') reviews.set(review.media_id, (reviews.get(review.media_id) ?? 0) + 1);
  }
  return [...reviews.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, count)
    .map(([id]) => id);
}

/** Every review of each movie, its text under `aliases` aliases: cost 3 per id, the largest answer per call. */
export function reviewsQuery(ids: number[], aliases: number): string {
  const texts = Array.from({ length: aliases }, (_, i) => `a${i + 1}: content`).join(' ');
  return `{ movies(ids: [${ids.join(', ')}]) { reviews { edges { node { ${texts} } } } } }`;
}

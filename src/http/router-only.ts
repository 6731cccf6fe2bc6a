import { createHash, timingSafeEqual } from 'node:crypto';
import type { ErrorCode } from '../common/error-codes.ts';
import { SUBGRAPH_TOKEN_HEADER } from '../common/credentials.ts';
import type { FetchHandler } from './front-options.ts';
import { FRONT } from '../common/messages.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * A handler that answers only the router: a request without the token is refused with 401
 * before Yoga sees it, so nothing of the subgraph (its documents, its `_service` SDL) runs for
 * anyone else. Compared as digests in constant time, so neither the token nor its length shows.
 */
export function routerOnly(handler: FetchHandler, token: string): FetchHandler {
  const wanted = digest(token);
  const fromRouter = (request: Request) => {
    const sent = request.headers.get(SUBGRAPH_TOKEN_HEADER);
    return sent !== null && timingSafeEqual(digest(sent), wanted);
  };
  return {
    get fetchAPI() {
      return handler.fetchAPI;
    },
    handleRequest(request, context, ...more) {
      if (fromRouter(request)) return handler.handleRequest(request, context, ...more);
      const code: ErrorCode = 'UNAUTHENTICATED';
      const body = JSON.stringify({
        errors: [{ message: FRONT.routerOnly(SUBGRAPH_TOKEN_HEADER), extensions: { code } }],
      });
      return new Response(body, { status: 401, headers: { 'content-type': 'application/json; charset=utf-8' } });
    },
  };
}

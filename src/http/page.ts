import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorCode } from '../common/error-codes.ts';
import { deliver, headerList, type WholeAnswer } from './deliver.ts';
import { FRONT } from '../common/messages.ts';

/**
 * A large static page served at the GraphQL endpoint to browsers (GraphiQL: 9 MB with its
 * assets inlined). Every visitor is written the one Buffer built once and, compressed, the one
 * compressed Buffer made on the first visit that asked for that coding: a socket write holds a
 * reference, never a copy, so a visitor that never reads pins nothing of its own. Pages being
 * written at once are bounded; one more visitor gets 503 with Retry-After. A page not wholly
 * taken within the write timeout is cut, so visitors that never read hold a place for that long
 * at most, not for as long as they keep the connection.
 */
export interface SharedPage {
  serve(request: IncomingMessage, response: ServerResponse, headers: Record<string, string>, compressionMinBytes?: number): Promise<void>;
  /** Pages being written now. */
  writing(): number;
}

export interface SharedPageLimits {
  /** Pages written at once (GRAPHIQL_MAX_CONCURRENT). */
  maxConcurrent: number;
  /** How long one visitor may take to read the whole page before it is cut (GRAPHIQL_WRITE_TIMEOUT_MS). */
  writeTimeoutMs: number;
}

export function createSharedPage(render: () => Promise<Uint8Array>, { maxConcurrent, writeTimeoutMs }: SharedPageLimits): SharedPage {
  let page: { body: Buffer; encoded: WholeAnswer['encoded'] } | undefined;
  let writing = 0;

  async function bytes() {
    if (!page) {
      const rendered = await render();
      // A view of the rendered bytes, not a copy of them.
      page = { body: Buffer.from(rendered.buffer, rendered.byteOffset, rendered.byteLength), encoded: {} };
    }
    return page;
  }

  return {
    writing: () => writing,
    async serve(request, response, headers, compressionMinBytes) {
      if (writing >= maxConcurrent) {
        const body = JSON.stringify({
          errors: [{ message: FRONT.pageBusy, extensions: { code: 'BUSY' satisfies ErrorCode } }],
        });
        return void response
          .writeHead(503, { ...headers, 'retry-after': '1', 'content-type': 'application/json; charset=utf-8' })
          .end(body);
      }
      writing++;
      // Counted until the socket has taken the last byte, or the visitor has gone (or been cut).
      response.once('close', () => {
        writing--;
      });
      const { body, encoded } = await bytes();
      // `encoded` is the page's own object: a coding made for one visitor is kept for all. The
      // page goes to the socket in one write, so its bound is a whole deadline from the first
      // byte on (deliver.ts), not an idle one: Node sees no activity while a reader takes it.
      await deliver(
        request,
        response,
        headerList({ ...headers, 'cache-control': 'no-cache' }),
        { status: 200, contentType: 'text/html; charset=utf-8', body, encoded },
        compressionMinBytes,
        writeTimeoutMs,
      );
    },
  };
}

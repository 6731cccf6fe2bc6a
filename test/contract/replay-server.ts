import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TOKEN } from './example-server.ts';

/**
 * A test upstream that answers with recorded answers of the real service: the one under test at
 * its path (less the appended parts the request did not ask for, with those it did), each of its
 * appended parts at its own sub-path, and every other recorded path with its recording (the
 * objects a graph reaches on its way, such as a season's details for its images). The details of
 * an object the answer under test belongs to (`/person/31` for `/person/31/combined_credits`,
 * `/tv/1399` and `/tv/1399/season/1` for an episode) are its recording, else `{}`: the service's
 * answer under test proves the object exists, and the gateway asks its details to tell exactly
 * that (src/schema/kit/details.ts); nothing else of it is known, nor read. Either never carries
 * the part under test appended (another recording's would stand in for it): the gateway then asks
 * the part's own path, as it does of a service that ignores an append name. Every other path is
 * the real service's 404 (status_code 34). The query string does not choose the answer.
 * Every request is recorded, so a test can tell which paths the gateway built.
 */
export interface ReplayCall {
  path: string;
  query: Record<string, string>;
  status: number;
}

export interface Replayed {
  /** The upstream path under the version segment: `/movie/550`. */
  path: string;
  /** An object, or a list (the configuration's reference lists). */
  body: Record<string, unknown>;
  /** Keys of `body` that are appended sub-resources (`credits`, `watch/providers`). */
  appended: string[];
}

export interface ReplayServer {
  /** Base URL with the version segment, as the gateway's CATALOG_BASE_URL. */
  baseUrl: string;
  calls: ReplayCall[];
  /** The answer under test from now on, with the other recordings around it (and the call record emptied). */
  replay(answer: Replayed, others: Replayed[]): void;
  close(): Promise<void>;
}

const NOT_FOUND = { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' };

/** Whether `owner` is the path of an object `path` belongs to: a shorter prefix of it ending in an id. */
function ownerOf(path: string, owner: string): boolean {
  return path.startsWith(`${owner}/`) && /\/(\d+|[0-9a-f]{24})$/.test(owner);
}

export async function startReplayServer(): Promise<ReplayServer> {
  const calls: ReplayCall[] = [];
  let current: Replayed | undefined;
  let around: Replayed[] = [];

  function respond(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', 'cache-control': 'public, max-age=0' });
    response.end(JSON.stringify(body));
  }

  function answerOf(recorded: Replayed, query: Record<string, string>) {
    if (recorded.appended.length === 0) return { status: 200, body: recorded.body };
    const asked = new Set((query.append_to_response ?? '').split(',').filter(Boolean));
    const body = Object.fromEntries(Object.entries(recorded.body).filter(([k]) => !recorded.appended.includes(k) || asked.has(k)));
    return { status: 200, body };
  }

  function answer(path: string, query: Record<string, string>): { status: number; body: unknown } {
    if (!current) return { status: 404, body: NOT_FOUND };
    if (path === current.path) return answerOf(current, query);
    const sub = current.appended.find((key) => path === `${current?.path}/${key}`);
    if (sub) return { status: 200, body: current.body[sub] };
    const owner = ownerOf(current.path, path);
    const other = around.find((r) => r.path === path);
    if (other && !owner) return answerOf(other, query);
    if (owner) {
      const { [current.path.slice(path.length + 1)]: _underTest, ...rest } = other
        ? (answerOf(other, query).body as Record<string, unknown>)
        : {};
      return { status: 200, body: rest };
    }
    return { status: 404, body: NOT_FOUND };
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream');
    const query = Object.fromEntries(url.searchParams);
    const path = url.pathname.replace(/^\/3(?=\/)/, '');
    if (request.headers.authorization !== `Bearer ${TOKEN}`) {
      calls.push({ path, query, status: 401 });
      return respond(response, 401, {
        success: false,
        status_code: 7,
        status_message: 'Invalid API key: You must be granted a valid key.',
      });
    }
    const { status, body } = answer(path, query);
    calls.push({ path, query, status });
    respond(response, status, body);
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  return {
    baseUrl: `http://127.0.0.1:${port}/3`,
    calls,
    replay(next, others) {
      current = next;
      around = others;
      calls.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

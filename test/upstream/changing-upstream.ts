import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A test upstream whose data and change feeds change while a test runs: movies by id (any id
 * exists, titled "Movie <id>" until a test renames it), each rename recorded with its time in
 * `/movie/{id}/changes` and listed by `/movie/changes` for its day, as the real service does.
 * `/tv/changes` and `/person/changes` list nothing unless a test gives them recorded pages. Every
 * call is recorded; the feeds can be made to fail.
 */
export interface ChangingUpstream {
  baseUrl: string;
  token: string;
  /** Paths called, in order (without /3), e.g. "/movie/7". */
  calls: string[];
  callsTo(path: string | RegExp): number;
  /** Renames a movie now: its detail answers the new title, its edit is listed with the time of now. */
  rename(id: number, title: string): void;
  /** The feeds answer 500 while true. */
  failFeeds(failing: boolean): void;
  /** A recorded answer for a path (every page of a list gets the same), instead of the made-up one. */
  record(path: string, body: unknown): void;
  close(): Promise<void>;
}

export interface ChangingUpstreamOptions {
  /** max-age of a movie's detail, in seconds (default 3600). */
  maxAgeSeconds?: number;
  /** Ids per page of a change list (default 100, as the service). */
  pageSize?: number;
}

const TOKEN = 'changing-upstream-token';
const time = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

export async function startChangingUpstream(options: ChangingUpstreamOptions = {}): Promise<ChangingUpstream> {
  const pageSize = options.pageSize ?? 100;
  const titles = new Map<number, string>();
  const edits = new Map<number, number[]>();
  const recorded = new Map<string, unknown>();
  const calls: string[] = [];
  let feedsFail = false;

  function send(response: ServerResponse, status: number, body: unknown, maxAge: number) {
    response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', 'cache-control': `public, max-age=${maxAge}` });
    response.end(JSON.stringify(body));
  }

  function answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://upstream');
    const path = url.pathname.replace(/^\/3/, '');
    calls.push(path);
    const query = Object.fromEntries(url.searchParams);
    if (request.headers.authorization !== `Bearer ${TOKEN}`) return send(response, 401, { status_code: 7 }, 0);
    if (/changes$/.test(path) && feedsFail) return send(response, 500, { status_code: 11 }, 0);
    if (recorded.has(path)) return send(response, 200, recorded.get(path), 900);
    const inWindow = (ms: number) => {
      const day = new Date(ms).toISOString().slice(0, 10);
      return day >= (query.start_date ?? '0000') && day <= (query.end_date ?? '9999');
    };
    if (path === '/movie/changes') {
      const ids = [...edits].filter(([, times]) => times.some(inWindow)).map(([id]) => id);
      const page = Number(query.page ?? 1);
      const results = ids.slice((page - 1) * pageSize, page * pageSize).map((id) => ({ id, adult: false }));
      return send(response, 200, { results, page, total_pages: Math.ceil(ids.length / pageSize), total_results: ids.length }, 900);
    }
    if (path === '/tv/changes' || path === '/person/changes')
      return send(response, 200, { results: [], page: 1, total_pages: 0, total_results: 0 }, 900);
    const changes = /^\/movie\/(\d+)\/changes$/.exec(path);
    if (changes) {
      const items = (edits.get(Number(changes[1])) ?? [])
        .filter(inWindow)
        .map((at) => ({ id: String(at), action: 'updated', time: time(at) }));
      return send(response, 200, { changes: items.length ? [{ key: 'title', items }] : [] }, 900);
    }
    const movie = /^\/movie\/(\d+)$/.exec(path);
    if (movie) {
      const id = Number(movie[1]);
      const title = titles.get(id) ?? `Movie ${id}`;
      return send(
        response,
        200,
        { id, title, original_title: title, release_date: '2020-01-01', adult: false },
        options.maxAgeSeconds ?? 3600,
      );
    }
    if (path === '/configuration') return send(response, 200, { images: { secure_base_url: 'https://img/', poster_sizes: [] } }, 3600);
    send(response, 404, { status_code: 34 }, 0);
  }

  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/3`,
    token: TOKEN,
    calls,
    callsTo: (path) => calls.filter((call) => (typeof path === 'string' ? call === path : path.test(call))).length,
    rename(id, title) {
      titles.set(id, title);
      edits.set(id, [...(edits.get(id) ?? []), Date.now()]);
    },
    failFeeds: (failing) => void (feedsFail = failing),
    record: (path, body) => void recorded.set(path, body),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

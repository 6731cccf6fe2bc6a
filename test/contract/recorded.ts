import { readFileSync } from 'node:fs';
import type { CatalogData } from '@media-catalog/catalog/data/catalog';
import type { CoverageContext, CoveredOperation, GraphQLCall } from '../coverage/types.ts';
import { GUEST_SESSION_ID, SESSION_ID } from './example-server.ts';
import { type ExampleOperation, examples } from './examples.ts';
import { covered } from './operations.ts';

/**
 * The recorded answers of the real service (a set's INDEX.json: recorded/, recorded2/, recorded3/), each split into the parts the
 * graph reads apart: the answer itself and every appended sub-resource, each with the upstream
 * operation it answers, the path parameters of its request, and the GraphQL call that reads it
 * (the coverage entry of the operation, asked for the recorded ids).
 */
export interface RecordedFile {
  file: string;
  /** Upstream path under the version segment, `/movie/550`. */
  path: string;
  query: string;
  note?: string;
  partial?: boolean;
  source: { repo: string; path: string; recorded: string };
  body: Record<string, unknown>;
  /** The keys of `body` that are appended sub-resources the graph reads. */
  appended: string[];
  parts: RecordedPart[];
  /** Appended keys no operation of the service answers today, with the reason they are not read. */
  unread: string[];
}

export interface RecordedPart {
  /** `''` for the answer itself, else the appended key. */
  key: string;
  op: ExampleOperation;
  entry: CoveredOperation;
  params: Record<string, string>;
}

const routes = examples
  .filter((op) => op.method === 'GET')
  .map((op) => ({ op, segments: op.path.split('/').slice(2) }))
  .sort((a, b) => b.segments.filter((s) => !s.startsWith('{')).length - a.segments.filter((s) => !s.startsWith('{')).length);

/** The GET operation of the description a path (under the version segment) answers, and its path parameters. */
export function operationAt(path: string): { op: ExampleOperation; params: Record<string, string> } | undefined {
  const parts = path.split('/').slice(1);
  for (const { op, segments } of routes) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = segments.every((s, i) => {
      if (!s.startsWith('{')) return s === parts[i];
      params[s.slice(1, -1)] = parts[i];
      return true;
    });
    if (matches) return { op, params };
  }
  return undefined;
}

function part(key: string, path: string): RecordedPart | undefined {
  const found = operationAt(path);
  const entry = found && covered.find((e) => e.operationId === found.op.operationId);
  return found && entry && { key, op: found.op, entry, params: found.params };
}

type IndexEntry = Omit<RecordedFile, 'body' | 'appended' | 'parts' | 'unread'>;

function load(folder: URL, entry: IndexEntry): RecordedFile {
  const body = JSON.parse(readFileSync(new URL(entry.file, folder), 'utf8')) as Record<string, unknown>;
  const path = entry.path.replace(/^\/3(?=\/)/, '');
  const asked = (new URLSearchParams(entry.query).get('append_to_response') ?? '').split(',').filter((k) => k in body);
  const main = part('', path);
  if (!main) throw new Error(`${entry.file}: no operation of the description answers ${path}`);
  const subs = asked.map((key) => part(key, `${path}/${key}`));
  return {
    ...entry,
    path,
    body,
    appended: asked,
    parts: [main, ...subs.filter((p): p is RecordedPart => p !== undefined)],
    unread: asked.filter((_, i) => !subs[i]),
  };
}

/** One set of recorded answers: the folder (beside this file) with its INDEX.json. */
export function recordedSet(name: string): RecordedFile[] {
  const folder = new URL(`./${name}/`, import.meta.url);
  return (JSON.parse(readFileSync(new URL('INDEX.json', folder), 'utf8')) as IndexEntry[]).map((entry) => load(folder, entry));
}

/** The first set (2014-2026). */
export const recordedFiles: RecordedFile[] = recordedSet('recorded');

/** The part's own answer: an appended part's body, or the answer without its appended parts. */
export function partAnswer(file: RecordedFile, p: RecordedPart): unknown {
  if (p.key) return file.body[p.key];
  if (file.appended.length === 0) return file.body;
  return Object.fromEntries(Object.entries(file.body).filter(([k]) => !file.appended.includes(k)));
}

const number = (value: string | undefined, fallback: number) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : fallback);

/**
 * The coverage entries read their ids from the catalog's data: this data holds the recorded
 * request's ids, so the entry asks for exactly the recorded object.
 */
function contextFor(params: Record<string, string>): CoverageContext {
  const movieId = number(params.movie_id, 550);
  const seriesId = number(params.series_id, 1399);
  const personId = number(params.person_id, 287);
  const creditId = params.credit_id ?? '52542282760ee313280017f9';
  const data = {
    movies: [{ id: movieId, imdb_id: 'tt0137523' }],
    tvSeries: [{ id: seriesId }],
    account: { id: 1, username: 'replay' },
    userLists: { ownedBy: () => [{ id: 1 }] },
    movieLists: [{ id: 1 }],
    reviews: [{ id: params.review_id ?? '5013bc76760ee372cb00253e' }],
    companies: [{ id: number(params.company_id, 1) }],
    collections: [{ id: number(params.collection_id, 10) }],
    keywords: [{ id: number(params.keyword_id, 1721) }],
    networks: [{ id: number(params.network_id, 49) }],
    episodeGroupsOfSeries: new Map([[seriesId, [params.tv_episode_group_id ?? '5acf93e60e0a26346d0000ce']]]),
    credits: { movies: new Map([[movieId, { cast: [{ id: personId, credit_id: creditId }] }]]) },
    seasons: new Map([[seriesId, [{ id: 1, season_number: 1, air_date: '2000-01-01', episodes: [{ id: 1 }] }]]]),
    today: '2999-12-31',
  };
  return {
    data: data as unknown as CatalogData,
    sessionId: SESSION_ID,
    guestSessionId: GUEST_SESSION_ID,
    rest: () => Promise.reject(new Error('the replay reads no REST answer directly')),
    approveRequestToken: () => {},
    newUserSession: async () => SESSION_ID,
  };
}

/** `find`'s source argument per recorded `external_source`. */
const FIND_SOURCE: Record<string, string> = {
  imdb_id: 'IMDB_ID',
  tvdb_id: 'TVDB_ID',
  tvrage_id: 'TVRAGE_ID',
  facebook_id: 'FACEBOOK_ID',
};

/** The GraphQL call reading the part: its coverage entry with the recorded ids, season and episode numbers, and find source. */
export async function recordedCall(file: RecordedFile, p: RecordedPart): Promise<GraphQLCall> {
  const call = await p.entry.graphql(contextFor(p.params));
  let query = call.query;
  if (p.params.season_number) query = query.replace(/season\(number: 1\)/g, `season(number: ${p.params.season_number})`);
  if (p.params.episode_number) query = query.replace(/episode\(number: 1\)/g, `episode(number: ${p.params.episode_number})`);
  const timeWindow = p.params.time_window?.toUpperCase();
  if (timeWindow) query = query.replace(/timeWindow: (DAY|WEEK)/, `timeWindow: ${timeWindow}`);
  if (p.op.operationId !== 'find-by-id') return { ...call, query };
  const source = FIND_SOURCE[new URLSearchParams(file.query).get('external_source') ?? ''];
  if (!source) throw new Error(`${file.file}: no find source for ${file.query}`);
  return { ...call, query: query.replace('IMDB_ID', source), variables: { id: p.params.external_id } };
}

/**
 * Routes and their matching. A route is a method, a path pattern and a handler; domain files
 * under routes/ each export a list of them. Patterns name their parameters, and `:int` ones
 * only match int32 digits, so a non-numeric id is simply "not found" (code 34), like the real service.
 */
import type { CachePolicy } from './caching.ts';
import type { CatalogData } from './data/catalog.ts';
import { pick } from './data/random.ts';
import type { CatalogLookup } from './lookup.ts';
import type { Query } from './params.ts';
import type { SessionStore } from './sessions.ts';

export type Method = 'GET' | 'POST' | 'DELETE';

/** What every handler can read: the data, its indexes and the session state. */
export interface CatalogState {
  data: CatalogData;
  lookup: CatalogLookup;
  sessions: SessionStore;
}

export interface RouteRequest {
  catalog: CatalogState;
  /** Path parameters by name; `:int` ones are already checked to be int32 digits. */
  params: Readonly<Record<string, string>>;
  query: Query;
  /** The JSON body of POST/DELETE ({} when none). */
  body: Readonly<Record<string, unknown>>;
}

export interface Reply {
  body: unknown;
  cache: CachePolicy;
  status?: number;
}

export interface Route {
  method: Method;
  /** e.g. "/movie/{movie_id:int}/images" (relative to the /3 version segment). */
  path: string;
  handle(request: RouteRequest): Reply;
  /** Detail routes that honour append_to_response. */
  acceptsAppend?: boolean;
  /**
   * How this route answers as an append_to_response item of a parent path: a sub-resource
   * loses its `id` (the parent already has it); a nested detail (season/1) stays whole.
   * Absent: not appendable.
   */
  appendAs?: 'sub-resource' | 'nested';
}

export interface Match {
  route: Route;
  params: Record<string, string>;
}

type Segment = { literal: string } | { param: string; int: boolean };

const INT32_MAX = 2_147_483_647;

function compile(path: string): Segment[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const [, name, int] = /^\{(\w+)(:int)?\}$/.exec(part) ?? [];
      return name === undefined ? { literal: part } : { param: name, int: int !== undefined };
    });
}

function matchSegments(pattern: Segment[], segments: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, want] of pattern.entries()) {
    const got = pick(segments, i);
    if ('literal' in want) {
      if (want.literal !== got) return undefined;
    } else {
      if (want.int && !(/^\d{1,10}$/.test(got) && Number(got) <= INT32_MAX)) return undefined;
      params[want.param] = got;
    }
  }
  return params;
}

export class Router {
  private readonly compiled: { route: Route; pattern: Segment[]; literals: number }[];

  constructor(routes: readonly Route[]) {
    this.compiled = routes.map((route) => {
      const pattern = compile(route.path);
      return { route, pattern, literals: pattern.filter((segment) => 'literal' in segment).length };
    });
  }

  /**
   * The route for a method and decoded path segments. A literal segment beats a parameter
   * (/movie/upcoming over /movie/{id}). "wrong-method" when the path exists for another method.
   */
  match(method: string, segments: readonly string[]): Match | 'wrong-method' | undefined {
    let best: (Match & { literals: number }) | undefined;
    let pathExists = false;
    for (const { route, pattern, literals } of this.compiled) {
      const params = matchSegments(pattern, segments);
      if (!params) continue;
      pathExists = true;
      if (route.method === method && (!best || literals > best.literals)) best = { route, params, literals };
    }
    if (best) return { route: best.route, params: best.params };
    return pathExists ? 'wrong-method' : undefined;
  }
}

/** A path parameter; asking for one the route's path does not name is a bug, thrown as such. */
export function textParam(request: RouteRequest, name: string): string {
  const value = request.params[name];
  if (value === undefined) throw new Error(`no path parameter {${name}}`);
  return value;
}

/** An `:int` path parameter as a number (the router already checked its form). */
export function intParam(request: RouteRequest, name: string): number {
  return Number(request.params[name]);
}

/**
 * Fault injection: rules that make the catalog misbehave on chosen paths, the way a real
 * upstream does on a bad day. Used by the fault matrix, the fuzz test and the soak.
 */
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface FaultRule {
  /** Regular expression matched against the path without the /3 prefix, e.g. "^/movie/\\d+$". */
  path: string;
  method?: string;
  /** Extra delay before the answer (or the fault), in ms. */
  latencyMs?: number;
  /** Answer with this status and a service error body (429 gets code 25, 5xx code 11, ...). */
  status?: number;
  /** Seconds to put in a Retry-After header (with status 429 for a rate limit). */
  retryAfterSeconds?: number;
  /** Drop the connection without an answer. */
  reset?: boolean;
  /** Answer 200 with a broken body: cut JSON, garbage bytes, an HTML page, or JSON of the wrong shape. */
  body?: 'truncated' | 'garbage' | 'html' | 'wrong-shape';
  /** Apply to this many matching requests, then stop (default: every one). */
  times?: number;
  /** Apply to this share of matching requests (0..1), drawn from a seeded sequence. */
  probability?: number;
}

const STATUS_BODIES: Record<number, { status_code: number; status_message: string }> = {
  429: { status_code: 25, status_message: 'Your request count (#) is over the allowed limit of (40).' },
  500: { status_code: 11, status_message: 'Internal error: Something went wrong, contact TMDB.' },
  502: { status_code: 43, status_message: "Couldn't connect to the backend server." },
  503: { status_code: 9, status_message: 'Service offline: This service is temporarily offline, try again later.' },
  504: { status_code: 24, status_message: 'Your request to the backend server timed out. Try again.' },
};

export class FaultInjector {
  private rules: Array<FaultRule & { pattern: RegExp; used: number }> = [];
  // A small deterministic sequence, so a soak with probabilities replays the same way.
  private seed = 0x9e3779b9;

  set(rules: FaultRule[]): void {
    this.rules = rules.map((rule) => ({ ...rule, pattern: new RegExp(rule.path), used: 0 }));
  }

  private next(): number {
    this.seed = (this.seed + 0x6d2b79f5) | 0;
    let t = Math.imul(this.seed ^ (this.seed >>> 15), 1 | this.seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** The rule to apply to this request, if any (consumes one use of it). */
  match(method: string, path: string): FaultRule | undefined {
    for (const rule of this.rules) {
      if (rule.method && rule.method !== method) continue;
      if (!rule.pattern.test(path)) continue;
      if (rule.times !== undefined && rule.used >= rule.times) continue;
      if (rule.probability !== undefined && this.next() >= rule.probability) continue;
      rule.used++;
      return rule;
    }
    return undefined;
  }

  /**
   * The delay a call with append_to_response takes for its appended sub-resources: the
   * longest `latencyMs` of a rule naming one of their paths. A merged call is as slow as its
   * slowest part, as on the real service. Only the delay carries over; uses are not counted.
   */
  appendedLatency(method: string, paths: readonly string[]): number {
    let longest = 0;
    for (const rule of this.rules) {
      if (rule.method && rule.method !== method) continue;
      if (rule.latencyMs && paths.some((path) => rule.pattern.test(path))) longest = Math.max(longest, rule.latencyMs);
    }
    return longest;
  }

  /** Plays a fault on the response. Returns false when the rule only adds latency. */
  async play(rule: FaultRule, response: ServerResponse): Promise<boolean> {
    if (rule.latencyMs) await sleep(rule.latencyMs);
    if (rule.reset) {
      response.socket?.destroy();
      return true;
    }
    if (rule.status) {
      const headers: Record<string, string> = { 'content-type': 'application/json;charset=utf-8' };
      if (rule.retryAfterSeconds !== undefined) headers['retry-after'] = String(rule.retryAfterSeconds);
      const body = STATUS_BODIES[rule.status] ?? { status_code: 11, status_message: 'Failed.' };
      response.writeHead(rule.status, headers).end(JSON.stringify({ ...body, success: false }));
      return true;
    }
    if (rule.body) {
      const bodies = {
        truncated: '{"id": 1, "title": "Cut sh',
        garbage: '\u0000\u00ff\u00fe garbage \u0001',
        html: '<html><body><h1>502 Bad Gateway</h1></body></html>',
        'wrong-shape': JSON.stringify({ id: 'not-a-number', title: 42, results: 'nope', page: [], titles: {}, changes: 7 }),
      };
      const type = rule.body === 'html' ? 'text/html' : 'application/json;charset=utf-8';
      response.writeHead(200, { 'content-type': type }).end(bodies[rule.body]);
      return true;
    }
    return false;
  }
}

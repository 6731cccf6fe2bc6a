import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/runtime/config.ts';
import { startHarness, type Harness } from '../helpers.ts';
import { capturingLogger } from '../log-lines.ts';

/**
 * With CORS_ORIGINS set, an origin the list refuses is logged once, at warn, naming it: the
 * browser tells only its own console, so without this line the gateway's side shows nothing.
 * Over real HTTP, through the gateway's own logger (the one that scrubs secrets).
 */
const ALLOWED = 'http://127.0.0.1:5173';
const { logger, lines } = capturingLogger();
let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    config: { http: { ...loadConfig({}).http, corsOrigins: [ALLOWED] } },
    logger,
  });
});
afterAll(() => h.close());
beforeEach(() => {
  lines.length = 0;
});

const ask = (origin: string, method: 'GET' | 'OPTIONS' = 'GET') =>
  fetch(`${h.url}?query=${encodeURIComponent('{ movieGenres { id: databaseId } }')}`, {
    method,
    headers: { origin, ...(method === 'OPTIONS' ? { 'access-control-request-method': 'POST' } : {}) },
  });
const refusals = () => lines.filter((line) => String(line.msg).startsWith('CORS: '));

describe('a refused origin is logged once, at warn, naming it', () => {
  it('localhost against an allowed 127.0.0.1: one warn line naming both, however often it calls', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await ask('http://localhost:5173');
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
    const preflight = await ask('http://localhost:5173', 'OPTIONS');
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(refusals()).toHaveLength(1);
    const [line] = refusals();
    expect(line?.level).toBe(40); // pino's warn
    expect(line?.origin).toBe('http://localhost:5173');
    expect(line?.allowedTwin).toBe(ALLOWED);
    expect(line?.msg).toContain('"http://localhost:5173" refused');
    expect(line?.msg).toContain('localhost and 127.0.0.1 are different origins');
  });

  it('an allowed origin and a request without Origin log nothing; another refused origin gets its own line', async () => {
    const allowed = await ask(ALLOWED);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    await fetch(`${h.url}?query=${encodeURIComponent('{ movieGenres { id: databaseId } }')}`);
    expect(refusals()).toEqual([]);
    await ask('https://other.example');
    expect(refusals().map((line) => line.origin)).toEqual(['https://other.example']);
    expect(refusals()[0]?.allowedTwin).toBeUndefined();
    // A long Origin is cut to 200 characters in the line.
    await ask(`https://${'a'.repeat(1000)}.example`);
    expect(refusals()[1]?.origin).toBe(`https://${'a'.repeat(192)}`);
  });

  it('is bounded: a client sending a new Origin each time gets 100 lines and one that says the rest go unlogged', async () => {
    for (let i = 0; i < 130; i++) await ask(`https://flood-${i}.example`);
    const logged = refusals();
    // The three origins of the tests above count toward the bound too.
    expect(logged.filter((line) => line.origin)).toHaveLength(97);
    expect(logged.at(-1)?.msg).toMatch(/no more of them are logged/);
    expect(logged).toHaveLength(98);
  });
});

/**
 * The floor of a whole-response cache hit: a bare Node `http` server that answers every request
 * with the same bytes the gateway's hit sends (read from FLOOR_BODY_FILE), after reading the
 * request body as any server must: what Node itself costs per request on this machine.
 *
 * FLOOR_DUTIES=1 adds, by hand and nothing else, what every hit of ours must do besides: a
 * request id, a key hashed over the caller and the body and looked up in a Map, the answer's
 * headers (request id, Vary, Content-Language, CORS), a metrics counter and the JSON log line
 * through the gateway's own logger. The gap between the two is the cost of those duties alone.
 */
import { hash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Counter, Registry } from 'prom-client';
import { VARY } from '../../src/http/response-headers.ts';
import { createLogger } from '../../src/runtime/logger.ts';
import { serveAsChild } from '../child-server.ts';

const body = readFileSync(process.env.FLOOR_BODY_FILE!);
const type = 'application/graphql-response+json; charset=utf-8';
const duties = process.env.FLOOR_DUTIES === '1';
const logger = createLogger(process.env.LOG_LEVEL ?? 'info');
const hits = new Counter({ name: 'hits_total', help: 'hits', registers: [new Registry()] });
const answers = new Map<string, Buffer>();

serveAsChild((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.once('end', () => {
    if (!duties) return void response.writeHead(200, { 'content-type': type, 'content-length': String(body.length) }).end(body);
    const requestId = randomUUID();
    const key = hash(
      'sha256',
      `${request.headers.authorization}\n${request.method}\n${request.url}\n${Buffer.concat(chunks).toString('latin1')}`,
      'base64url',
    );
    if (!answers.has(key)) answers.set(key, body);
    const bytes = answers.get(key) ?? body;
    response
      .writeHead(200, {
        'x-request-id': requestId,
        'access-control-allow-origin': '*',
        'access-control-expose-headers': 'x-request-id, etag, cache-control',
        vary: VARY,
        'content-language': 'en-US',
        'content-type': type,
        'content-length': String(bytes.length),
      })
      .end(bytes);
    hits.inc();
    logger.info({ requestId, operation: 'anonymous', ms: 0, errors: 0, errorCodes: {}, cached: true }, 'graphql operation');
  });
}, 'bytes-floor');

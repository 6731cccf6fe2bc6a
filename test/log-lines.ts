import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createLogger } from '../src/runtime/logger.ts';

/** The gateway's own logger (secrets scrubbed as in production), writing parsed lines to an array. */
export function capturingLogger(level = 'info'): { logger: Logger; lines: Array<Record<string, any>> } {
  const lines: Array<Record<string, any>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger(level, sink), lines };
}

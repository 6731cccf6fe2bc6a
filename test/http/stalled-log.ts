/**
 * Run by log-batches.test.ts, as `node test/http/stalled-log.ts`: a primary that forks one worker
 * (WORKERS > 1 shares stdout this way), and the worker logs 50,000 lines of about 250 bytes
 * (12 MB) while nobody reads the pipe. It reports on stderr, as JSON lines, how much its heap grew
 * (once every line is logged) and its longest write to stdout (just before it exits).
 */
import cluster from 'node:cluster';
import pino from 'pino';
import { createLogger } from '../../src/runtime/logger.ts';

if (cluster.isPrimary) {
  cluster.fork();
  cluster.on('exit', (_worker, code) => process.exit(code ?? 1));
} else {
  const logger = createLogger('info');
  const stream = (logger as unknown as Record<symbol, NodeJS.EventEmitter>)[pino.symbols.streamSym]!;
  let longestWrite = 0;
  stream.on('write', (bytes: number) => {
    longestWrite = Math.max(longestWrite, bytes);
  });
  const pad = 'x'.repeat(180);
  const gc = globalThis.gc!;
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 50_000; i++) {
    logger.info({ i, pad }, 'many');
    if (i % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
  }
  gc();
  process.stderr.write(`${JSON.stringify({ grown: process.memoryUsage().heapUsed - before })}\n`);
  // The test reads stdout once it has the first report: what waited, and the warning, go out.
  setTimeout(() => {
    process.stderr.write(`${JSON.stringify({ longestWrite })}\n`);
    process.exit(0);
  }, 3000);
}

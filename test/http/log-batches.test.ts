import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The gateway's log lines on a real stdout pipe (src/runtime/logger.ts): written in batches, yet
 * an info line of a quiet process comes out long before its next line, a warning goes out while
 * the process is busy (no timer of the process could run then), and every line logged before
 * `process.exit` is written whole, in order.
 */
const logger = fileURLToPath(new URL('../../src/runtime/logger.ts', import.meta.url));
const SCRIPT = `
import { createLogger } from ${JSON.stringify(logger)};
const logger = createLogger('info');
const spin = (ms) => { const end = Date.now() + ms; while (Date.now() < end); };
logger.info('first');
setTimeout(() => {
  logger.warn('urgent');
  // The event loop held: only a write made at once reaches the pipe now.
  spin(3000);
  for (let i = 0; i < 300; i++) logger.info({ i }, 'many');
  process.exit(0);
}, 3000);
`;

interface Arrival {
  msg: string;
  i?: number;
  at: number;
}

function run(): Promise<Arrival[]> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'] });
  const arrivals: Arrival[] = [];
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const at = Date.now();
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!;
    for (const line of lines) arrivals.push({ ...(JSON.parse(line) as { msg: string; i?: number }), at });
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 && pending === '' ? resolve(arrivals) : reject(new Error(`exit ${code}, partial ${pending}`)),
    );
  });
}

describe('log lines on a pipe', () => {
  it('come out in time, at once for a warning, and whole at exit', async () => {
    const arrivals = await run();
    const first = arrivals.find((line) => line.msg === 'first')!;
    const urgent = arrivals.find((line) => line.msg === 'urgent')!;
    const many = arrivals.filter((line) => line.msg === 'many');
    // A quiet process's info line is not kept until its next one (3 s later).
    expect(urgent.at - first.at).toBeGreaterThan(1000);
    // The warning is out while the process spins (3 s), before the lines logged after it. The
    // margins are seconds: a loaded machine may deliver a line late, never early.
    expect(many[0]!.at - urgent.at).toBeGreaterThan(1000);
    expect(many.map((line) => line.i)).toEqual([...Array(300).keys()]);
  }, 30_000);
});

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The gateway's log lines on a real stdout pipe (src/runtime/logger.ts): written in batches, yet
 * an info line of a quiet process comes out long before its next line, a warning goes out while
 * the process is busy (no timer of the process could run then), and every line logged before
 * `process.exit` is written whole, in order. A reader that stalls costs bounded memory: lines past
 * LOG_WAITING_MAX_BYTES are dropped, counted and said in a warning once it reads again.
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

describe('log lines on a pipe nobody reads', () => {
  it("wait in bounded memory, a worker's writes at most PIPE_BUF, and the dropped ones are counted", async () => {
    const child = spawn(process.execPath, ['--expose-gc', fileURLToPath(new URL('./stalled-log.ts', import.meta.url))], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const reports: Record<string, number>[] = [];
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk;
      const lines = errors.split('\n');
      errors = lines.pop()!;
      for (const line of lines) reports.push(JSON.parse(line) as Record<string, number>);
    });
    // Nobody reads stdout until the child says it has logged every line.
    while (reports.length === 0 && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 50));
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    await once(child, 'close');
    expect(child.exitCode).toBe(0);
    const lines = out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; droppedLines?: number });
    const many = lines.filter((line) => line.msg === 'many').length;
    const dropped = lines.find((line) => line.droppedLines !== undefined)?.droppedLines ?? 0;
    // 12 MB logged: without the bound all of it waits in the heap.
    expect(reports[0]!.grown).toBeLessThan(7 * 1024 * 1024);
    expect(dropped).toBeGreaterThan(20_000);
    expect(many + dropped).toBe(50_000);
    expect(reports[1]!.longestWrite).toBeGreaterThan(0);
    expect(reports[1]!.longestWrite).toBeLessThanOrEqual(4096);
  }, 30_000);
});

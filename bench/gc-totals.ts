/**
 * The parent's side of bench/gc-observer.ts: asks a process preloaded with it for its totals
 * (SIGUSR2) and reads them once its file shows the new sequence number.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** [GC pauses ms, event-loop busy ms], both since the process started. */
export async function gcTotals(pid: number, file: string): Promise<[number, number]> {
  const read = () => {
    try {
      return readFileSync(file, 'utf8').split(' ').map(Number);
    } catch {
      return [0, 0, 0];
    }
  };
  const [before = 0] = read();
  process.kill(pid, 'SIGUSR2');
  for (let attempt = 0; attempt < 1_000; attempt++) {
    const [sequence = 0, gc = 0, busy = 0] = read();
    if (sequence > before) return [gc, busy];
    await sleep(10);
  }
  throw new Error('the GC observer did not answer in 10 s: was bench/gc-observer.ts preloaded?');
}

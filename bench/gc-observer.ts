/**
 * Preloaded into the measured gateway by BENCH_ONLY=cpu (`node --import ./bench/gc-observer.ts`):
 * sums the duration of every garbage collection V8 reports (perf_hooks `gc` entries: the pauses of
 * the main thread, scavenges and mark-compacts alike) and reads the event loop's busy time
 * (`eventLoopUtilization().active`). On SIGUSR2 it writes `<sequence> <GC ms> <busy ms>` to
 * BENCH_GC_FILE, so the bench reads both at the start and the end of a load. Both are wall-clock
 * times of the main thread: on a loaded machine, where a thread waits for a core, both stretch
 * alike, so their ratio holds where a ratio of a pause to CPU time would not (it read 82% beside a
 * load average of 7). Nothing of the gateway is changed.
 */
import { writeFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

let totalMs = 0;
let sequence = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) totalMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

process.on('SIGUSR2', () => {
  sequence++;
  writeFileSync(process.env.BENCH_GC_FILE!, `${sequence} ${totalMs} ${performance.eventLoopUtilization().active}`);
});

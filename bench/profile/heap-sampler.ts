/**
 * Preloaded into a profiled gateway (`--import`) by heap-profile.ts: V8's sampling heap profiler,
 * counting the objects the collectors have already freed too (what `--heap-prof` leaves out), so
 * that per-request garbage shows. SIGUSR2 writes the profile to HEAP_PROFILE_FILE.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
const start = () =>
  session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
await start();
process.on('SIGUSR2', async () => {
  const { profile } = await session.post('HeapProfiler.stopSampling');
  writeFileSync(process.env.HEAP_PROFILE_FILE!, JSON.stringify(profile));
  console.log('heap profile written');
});
// Restarted by SIGUSR1 so that the warm-up's allocations are left out.
process.on('SIGUSR1', async () => {
  await session.post('HeapProfiler.stopSampling');
  await start();
});

/**
 * The load generator of BENCH_ONLY=cpu in a process of its own, so that it is never the
 * bottleneck inside the server's process: autocannon, a warm-up, then the measured run, with the
 * server's CPU time read from /proc around the measured run only. Takes one JSON argument
 * (LoadSpec), prints one JSON line (LoadFigures).
 */
import autocannon from 'autocannon';
import { cpuSeconds, type LoadFigures, type LoadSpec } from './server-load.ts';

const spec = JSON.parse(process.argv[2]!) as LoadSpec;

async function run(seconds: number) {
  let answers = 0;
  let failed = 0;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: seconds,
    method: 'POST',
    headers: spec.headers,
    body: spec.body,
    requests: [
      {
        onResponse: (status: number, body: string) => {
          answers++;
          if (status < 200 || status > 299 || body.includes('"errors"')) failed++;
        },
      },
    ],
  } as autocannon.Options);
  return { result, answers, errors: failed + result.errors + result.timeouts };
}

await run(spec.warmSeconds);
const cpuBefore = cpuSeconds(spec.pid);
const started = performance.now();
const { result, answers, errors } = await run(spec.seconds);
const elapsed = (performance.now() - started) / 1000;
const figures: LoadFigures = {
  answers,
  errors,
  seconds: elapsed,
  rps: answers / elapsed,
  p50: result.latency.p50,
  cpuSeconds: cpuSeconds(spec.pid) - cpuBefore,
};
console.log(JSON.stringify(figures));

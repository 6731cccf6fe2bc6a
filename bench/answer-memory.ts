/**
 * What answers near MAX_RESPONSE_BYTES cost a gateway started as `npm start` starts it (its heap
 * of 192 MB): `k` clients ask at once for every review of the `ids` most reviewed movies, their
 * text under `aliases` aliases, each review `reviewChars` long (test/http/wordy-upstream.ts),
 * and read the answers whole. Prints the time, the peak RSS (VmHWM, reset before the load) and
 * the heap used as /metrics reports it every 50 ms (a sample, not the true peak), and whether
 * the process is still up. docs/performance.md, "Answer size and slow readers".
 *
 *   npx node bench/answer-memory.ts <reviewChars> <ids> <aliases> <k>
 *   npx node bench/answer-memory.ts 800 30 30 8      # 8 answers of 17 M characters at once
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { startCatalog } from '@media-catalog/catalog';
import { startAsNpmStart } from '../test/http/gateway-process.ts';
import { mostReviewedMovies, reviewsQuery, startWordyUpstream } from '../test/http/wordy-upstream.ts';

const [reviewChars = 800, ids = 30, aliases = 30, k = 1] = process.argv.slice(2).map(Number);
const catalog = await startCatalog();
const upstream = await startWordyUpstream(catalog, reviewChars);
const gateway = startAsNpmStart({ CATALOG_BASE_URL: upstream.baseUrl, CATALOG_ACCESS_TOKEN: catalog.demoToken, LOG_LEVEL: 'silent' });
const url = await gateway.url;
const query = reviewsQuery(mostReviewedMovies(catalog, ids), aliases);
const post = () =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) }).then(
    async (response) => {
      const text = await response.text();
      return text.length > 1_000 ? `${text.length} characters` : text;
    },
    (error: Error & { cause?: { code?: string } }) => `failed: ${error.cause?.code ?? error.message}`,
  );
const status = () => readFileSync(`/proc/${gateway.pid}/status`, 'utf8');
const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status())![1]) / 1024;
const heapMb = async () => {
  const metrics = await (await fetch(url.replace('/graphql', '/metrics'))).text();
  return Number(/^gateway_nodejs_heap_size_used_bytes (\S+)/m.exec(metrics)![1]) / 1024 / 1024;
};

console.log('warm-up (the upstream answers into the HTTP cache):', await post());
// Linux: 5 resets the peak RSS (VmHWM) to the current RSS.
writeFileSync(`/proc/${gateway.pid}/clear_refs`, '5');
const rssBefore = mb('VmRSS');
const heapBefore = await heapMb();
let heapPeak = heapBefore;
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    heapPeak = Math.max(heapPeak, await heapMb().catch(() => 0));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();
const started = performance.now();
const answers = await Promise.all(Array.from({ length: k }, post));
const ms = Math.round(performance.now() - started);
sampling = false;
await sampler;
const up = await Promise.race([gateway.exit.then(() => 'EXITED'), new Promise((resolve) => setTimeout(() => resolve('up'), 300))]);
console.log(
  `k=${k}: ${answers[0]}; ${ms} ms; RSS ${rssBefore.toFixed(0)} -> peak ${mb('VmHWM').toFixed(0)} MB; heap ${heapBefore.toFixed(0)} -> sampled peak ${heapPeak.toFixed(0)} MB; process ${up}`,
);
gateway.kill('SIGKILL');
await upstream.close();
await catalog.close();
